#!/usr/bin/env python3
"""Markdown rows of the ten-minute repair grid (docs/results.md, issue 30 item 2)
from the hunt JSONs that scripts/fitzgerald-repairs.sh wrote:

    scripts/grid-rows.py OUTDIR [CONFIG-5xN-STARTER …]   (default: every cell in OUTDIR)
"""
import glob, json, os, re, sys

CONFIGS = {'default': 'fitzgerald', 'lookahead': 'fitzgerald:lookahead=on', 'truepath': 'fitzgerald:truepath=on',
        'rule16': 'fitzgerald:rule16=near', 'dead': 'fitzgerald:dead=avoid', 'all': 'fitzgerald:repairs=all'}
out, only = sys.argv[1], set(sys.argv[2:])
rows = []
for f in sorted(glob.glob(os.path.join(out, 'hunt10m-*.json'))):
    m = re.match(r'hunt10m-(\w+)-5x(\d+)-(\w+)\.json', os.path.basename(f))
    c, n, st = m.groups()
    if only and f"{c}-5x{n}-{st}" not in only:
        continue
    d = json.load(open(f))
    wall = open(f[:-5] + '.time').read().strip().splitlines()[-1].split()[1]
    ce = d.get('counterexample') or {}
    if d['verdict'] == 'refuted':
        res = f"**refuted, {ce['plies']} plies**" + (" (none shorter)" if d.get('no_shorter_loss') else "")
    elif not d.get('stopped'):
        res = f"no loss: the search finished (none of at most {d.get('proven_plies')} plies, every game)"
    else:
        res = f"no loss found ({d['stopped']}); none of at most {d.get('proven_plies')} plies"
    fl = d.get('first_loss_seconds')
    rows.append((int(n), st, c, f"| 5×{n} | {st.capitalize()} | `{CONFIGS[c]}` | {res} | {d['nodes']:,} | {fl if fl else '–'} | {float(wall):.1f} |"))
rows.sort(key=lambda r: (r[0], r[1] != 'blue', r[2]))
print("\n".join(r[3] for r in rows))
