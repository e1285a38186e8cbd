#!/usr/bin/env python3
"""The ten-minute hunt grid of docs/results.md, "The repairs of chapter 10"
(issue 30 item 2), as Markdown rows, from the reports that
scripts/fitzgerald-repairs.sh wrote.

    scripts/grid-rows.py HEXPROOF GRIDDIR [--newer FILE]

One row per hunt report GRIDDIR/hunt10m-CONFIG-5xN-STARTER.json (only those
newer than FILE with --newer). CPU s is the hunt's user time from its .time
file: the limit is wall-clock time, so a hunt that shared its core searched
less, and the column says how much. For a lost game, the last column says
whether it is also a game of the default reading: HEXPROOF replays it with
plain `fitzgerald` and checks that every Red decision agrees and Blue wins.
"""
import glob
import json
import os
import re
import subprocess
import sys

CONFIGS = {
    'default': 'fitzgerald', 'lookahead': 'fitzgerald:lookahead=on',
    'truepath': 'fitzgerald:truepath=on', 'rule16': 'fitzgerald:rule16=near',
    'dead': 'fitzgerald:dead=avoid', 'all': 'fitzgerald:repairs=all',
}
ORDER = list(CONFIGS)


def times(path):
    """wall and user seconds from /usr/bin/time -f "wall %e user %U …"."""
    words = open(path).read().split()
    return float(words[words.index('wall') + 1]), float(words[words.index('user') + 1])


def default_game(hexproof, d):
    """'yes (k of k agree)' when the lost game is also the default reading's."""
    ce = d['counterexample']
    moves = re.search(r'--moves "([^"]*)"', ce['replay']).group(1)
    out = subprocess.run([hexproof, 'replay', '--board', d['board'], '--strategy', 'fitzgerald',
                          '--starter', d['starter'], '--blunder-time', '0', '--moves', moves],
                         capture_output=True, text=True).stdout
    agree = re.search(r'(\d+) of (\d+) decisions agree', out)
    won = 'Blue won after' in out
    if agree and agree.group(1) == agree.group(2) and won:
        return f'yes ({agree.group(1)} of {agree.group(2)} agree)'
    return '**no**: ' + (f'{agree.group(1)} of {agree.group(2)} agree' if agree else 'see replay')


def main():
    if len(sys.argv) not in (3, 5) or (len(sys.argv) == 5 and sys.argv[3] != '--newer'):
        sys.exit(__doc__)
    hexproof, grid = sys.argv[1], sys.argv[2]
    since = os.path.getmtime(sys.argv[4]) if len(sys.argv) == 5 else 0
    rows = []
    for f in glob.glob(os.path.join(grid, 'hunt10m-*.json')):
        m = re.match(r'hunt10m-(\w+)-5x(\d+)-(red|blue)\.json$', os.path.basename(f))
        if not m or os.path.getmtime(f) <= since:
            continue
        config, n, starter = m.group(1), int(m.group(2)), m.group(3)
        d = json.load(open(f))
        if d.get('stop_reason') == 'interrupted':
            continue
        wall, user = times(f[:-5] + '.time')
        first = d.get('first_loss_seconds')
        if d['verdict'] == 'refuted':
            res = f"**refuted, {d['counterexample']['plies']} plies**"
            if d.get('no_shorter_loss'):
                res += ' (none shorter)'
            dflt = default_game(hexproof, d)
        elif d.get('stopped'):
            res = f"no loss found ({d['stopped']}); none of at most {d.get('proven_plies')} plies"
            dflt = '–'
        else:
            res = f"no loss: the search finished (none of at most {d.get('proven_plies')} plies, every game)"
            dflt = '–'
        rows.append(((n, starter != 'blue', ORDER.index(config)),
                     f"| 5×{n} | {starter.capitalize()} | `{CONFIGS[config]}` | {res} | "
                     f"{d['nodes']:,} | {first if first else '–'} | {wall:.1f} | {user:.1f} | {dflt} |"))
    print('| board | starter | strategy | result | positions | first loss s | wall s | CPU s | a default game? |')
    print('|---|---|---|---|---|---|---|---|---|')
    for _, row in sorted(rows):
        print(row)


if __name__ == '__main__':
    main()
