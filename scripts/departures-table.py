#!/usr/bin/env python3
"""The departures of a split `some` proof built with --prefer (verify --prefer,
docs/decisions.md V34), as a markdown table: every position on the preferred
strategy's own games where its move loses, from the pieces' JSON in OUTDIR
(scripts/some-openings.sh):

    scripts/departures-table.py OUTDIR
"""
import json, glob, os, sys
out = sys.argv[1]
rows = []
def cell(c): return "(%d,%d)" % tuple(c)
def mv(m): return ("R:" if m["player"] == "red" else "B:") + cell(m["cell"])
for f in sorted(glob.glob(os.path.join(out, "piece-*.json"))):
    if f.endswith("-cert.json"): continue
    d = json.load(open(f))
    for x in d.get("departures", []):
        if x["after_another"]: continue
        rows.append((len(x["moves"]), " ".join(mv(m) for m in x["moves"]), cell(x["preferred"]["cell"]), x["preferred"].get("rule",""),
                     x.get("tie_break_step",""), cell(x["move"]), " ".join(cell(c) for c in x["winning"]), " ".join(cell(c) for c in x["rule_allowed"])))
rows.sort(key=lambda r: (r[1].split()[0], r[0], r[1]))
print("| game to the position (Red to move) | hierarchy's move | rule | item that dropped the winning moves | certificate's move | winning moves allowed | the rule allowed |")
print("|---|---|---|---|---|---|---|")
for r in rows:
    print("| %s | %s | %s | %s | %s | %s | %s |" % (r[1], r[2], r[3], r[4].replace("hierarchy item ", ""), r[5], r[6], r[7]))
print()
print(len(rows), "positions")
