#!/usr/bin/env bash
# The split solves that would make every inexact blunder exact (issue 29 item 4).
# Usage: scripts/blunder-splits.sh HEXPROOF WALKDIR OUTDIR [--dry-run]
#
# WALKDIR holds the replays' JSON that scripts/blunders-fitzgerald.sh wrote. A walk
# that ran out of time leaves the first U moves of the strategy's side unsettled
# ("unchecked_earlier_moves": the walk goes from the last move back). Each of them
# is settled by solving the position after it; this script makes one
# `plan --solve --moves PREFIX` directory per such position in OUTDIR (named
# GAME-m<move number>), skipping positions already planned (games that share an
# opening share them) and directories that exist. It prints one line per position:
# directory, board, starter, stones, shards. Run the shards as docs/sharding.md says
# ("Running one shard"; on one machine `UNTIL_WINNER=1 scripts/run-plan.sh`, which
# stops once the winner is known), then `hexproof merge DIR`: a win for the side
# that moved settles that move. With --dry-run it only prints the positions.
set -euo pipefail
bin=${1:?hexproof binary}; walks=${2:?directory of the walks JSON}; out=${3:?output directory}; dry=${4:-}
mkdir -p "$out"
python3 - "$walks" <<'PY' | while IFS='|' read -r dir size starter stones moves; do
import glob, json, os, sys
seen = set()
for path in sorted(glob.glob(os.path.join(sys.argv[1], '*.json'))):
    d = json.load(open(path))
    b = d.get('blunder') or {}
    u = b.get('unchecked_earlier_moves') or 0
    if not b.get('found') or u == 0:
        continue
    name = os.path.splitext(os.path.basename(path))[0]
    side, prefix, done = d['side'], [], 0
    for k, m in enumerate(d['moves']):
        prefix.append('%s:(%d,%d)' % (m['player'][0].upper(), m['cell'][0], m['cell'][1]))
        if m['player'] != side:
            continue
        done += 1
        key = (d['board'], d['starter'], tuple(prefix))
        if key not in seen:
            seen.add(key)
            print('|'.join([f'{name}-m{k + 1}', d['board'], d['starter'], str(k + 1), ' '.join(prefix)]))
        if done == u:
            break
PY
  if [ "$dry" = --dry-run ] || [ -e "$out/$dir" ]; then
    printf '%s\t%s\t%s\t%s stones\t%s\n' "$dir" "$size" "$starter" "$stones" "${dry:+planned only}"
    continue
  fi
  "$bin" plan --solve --board "$size" --starter "$starter" --moves "$moves" --out "$out/$dir" >/dev/null
  n=$(ls "$out/$dir"/shard-*.json 2>/dev/null | wc -l)
  printf '%s\t%s\t%s\t%s stones\t%s shards\n' "$dir" "$size" "$starter" "$stones" "$n"
done
