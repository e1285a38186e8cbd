#!/usr/bin/env bash
# The blunder of every recorded loss of `fitzgerald` (docs/results.md, issue 29
# item 4): each game replayed with the blunder annotation, whose solver uses
# the Hex knowledge. Usage: scripts/blunders-fitzgerald.sh HEXPROOF OUTDIR [SECONDS [NAME-REGEX]]
# Writes OUTDIR/NAME.json (the replay's JSON, with "blunder") and prints one
# line per game: name, blunder move, cell, rule, winning alternatives, the
# cells the rule allowed before the hierarchy, which part is at fault,
# unchecked earlier moves, wall seconds.
set -euo pipefail
bin=${1:?hexproof binary}; out=${2:?output directory}; secs=${3:-300}; only=${4:-.}
mkdir -p "$out"
games=(
  "5x6-blue-verify|5x6|blue|B:(1,1) R:(2,2) B:(4,1) R:(1,4) B:(1,3) R:(3,3) B:(5,2) R:(5,6) B:(2,3) R:(2,4) B:(3,2) R:(5,1) B:(4,2) R:(1,2) B:(5,3)"
  "5x7-blue-verify|5x7|blue|B:(1,1) R:(2,2) B:(4,1) R:(1,4) B:(1,3) R:(3,3) B:(5,2) R:(5,6) B:(2,3) R:(2,4) B:(3,2) R:(5,1) B:(4,2) R:(1,2) B:(5,3)"
  "5x7-red-verify|5x7|red|R:(3,4) B:(4,2) R:(1,2) B:(3,5) R:(1,5) B:(5,3) R:(1,3) B:(3,1) R:(1,1) B:(4,5) R:(5,7) B:(1,4) R:(2,3) B:(2,4) R:(3,3) B:(2,5) R:(5,4) B:(5,5)"
  "5x7-red-hunt|5x7|red|R:(3,4) B:(3,5) R:(1,5) B:(4,2) R:(1,2) B:(5,3) R:(1,3) B:(3,1) R:(1,1) B:(4,5) R:(5,7) B:(1,4) R:(2,3) B:(2,4) R:(3,3) B:(2,5) R:(5,4) B:(5,5)"
  "5x7-blue-hunt|5x7|blue|B:(5,7) R:(2,6) B:(5,3) R:(2,3) B:(4,7) R:(3,4) B:(2,5) R:(4,5) B:(1,6) R:(3,1) B:(3,5) R:(4,4) B:(3,6) R:(3,7) B:(4,6)"
  "5x8-red-verify|5x8|red|R:(3,4) B:(5,3) R:(4,2) B:(4,6) R:(2,6) B:(2,5) R:(4,5) B:(1,5) R:(1,8) B:(3,5) R:(4,4) B:(3,6) R:(5,5) B:(5,6)"
  "5x8-red-hunt|5x8|red|R:(3,4) B:(5,3) R:(4,2) B:(4,6) R:(2,6) B:(2,5) R:(4,5) B:(5,6) R:(1,8) B:(3,5) R:(4,4) B:(3,6) R:(1,6) B:(1,5)"
  "5x8-blue-verify|5x8|blue|B:(1,1) R:(2,2) B:(4,1) R:(1,4) B:(1,3) R:(3,3) B:(1,2) R:(5,6) B:(4,2) R:(4,8) B:(2,3) R:(2,4) B:(3,2) R:(5,1) B:(5,2)"
  "5x9-blue-hunt|5x9|blue|B:(2,3) R:(4,3) B:(1,3) R:(5,1) B:(4,9) R:(1,8) B:(4,4) R:(3,4) B:(2,6) R:(1,6) B:(2,5) R:(3,5) B:(3,6) R:(1,7) B:(1,5) R:(4,5) B:(4,6) R:(5,5) B:(5,6)"
  "5x9-blue-A.1.1-game1|5x9|blue|B:(2,7) R:(4,7) B:(4,6) R:(5,6) B:(5,5) R:(1,5) B:(3,9) R:(2,8) B:(2,3) R:(3,3) B:(2,4) R:(1,4) B:(1,3) R:(4,1) B:(3,4) R:(5,3) B:(5,4) R:(4,4) B:(3,5) R:(4,5) B:(3,6)"
  "5x9-blue-A.1.1-game2|5x9|blue|B:(2,2) R:(1,2) B:(1,7) R:(3,7) B:(1,3) R:(5,3) B:(4,5) R:(3,5) B:(4,4) R:(5,4) B:(5,5) R:(2,7) B:(3,4) R:(1,5) B:(1,4) R:(2,4) B:(3,3) R:(2,3) B:(3,2)"
  "5x8-blue-hunt|5x8|blue|B:(3,8) R:(1,7) B:(4,8) R:(2,5) B:(4,4) R:(3,3) B:(1,6) R:(3,6) B:(5,7) R:(4,1) B:(2,6) R:(3,5) B:(2,7) R:(2,8) B:(3,7)"
  "5x9-red-hunt|5x9|red|R:(3,5) B:(2,4) R:(4,3) B:(5,4) R:(5,1) B:(5,7) R:(2,7) B:(2,6) R:(4,6) B:(4,7) R:(1,9) B:(3,6) R:(4,5) B:(3,7) R:(1,7) B:(1,6)"
  "5x10-red-hunt|5x10|red|R:(3,5) B:(5,1) R:(1,2) B:(5,7) R:(2,7) B:(5,4) R:(4,3) B:(2,6) R:(4,6) B:(4,7) R:(1,9) B:(3,6) R:(4,5) B:(3,7) R:(1,7) B:(1,6)"
  "5x10-blue-hunt|5x10|blue|B:(2,8) R:(4,8) B:(1,5) R:(4,5) B:(4,6) R:(5,6) B:(5,5) R:(5,3) B:(1,7) R:(3,10) B:(3,6) R:(1,6) B:(2,5) R:(3,5) B:(2,6)"
  "5x11-red-hunt|5x11|red|R:(3,6) B:(3,1) R:(5,2) B:(4,7) R:(2,8) B:(3,10) R:(1,10) B:(1,9) R:(3,9) B:(4,10) R:(4,4) B:(2,9) R:(3,8) B:(2,10) R:(5,10) B:(5,9)"
  "5x11-blue-hunt|5x11|blue|B:(1,8) R:(2,8) B:(1,9) R:(3,9) B:(4,8) R:(3,6) B:(5,5) R:(4,4) B:(2,7) R:(4,7) B:(5,8) R:(2,11) B:(3,8) R:(3,7) B:(2,9)"
  "5x12-red-hunt|5x12|red|R:(3,6) B:(5,5) R:(4,4) B:(5,7) R:(2,8) B:(2,7) R:(4,7) B:(4,8) R:(1,10) B:(1,7) R:(5,2) B:(5,6) R:(5,12) B:(3,7) R:(4,6) B:(3,8)"
  "5x12-blue-hunt27|5x12|blue|B:(2,6) R:(1,6) B:(3,8) R:(5,8) B:(3,11) R:(4,11) B:(2,4) R:(1,4) B:(4,10) R:(3,10) B:(5,10) R:(4,9) B:(2,11) R:(1,11) B:(2,10) R:(1,10) B:(1,9) R:(2,9) B:(1,7) R:(5,7) B:(3,6) R:(1,5) B:(1,8) R:(2,2) B:(3,9) R:(2,8) B:(3,7)"
  "5x12-blue-hunt|5x12|blue|B:(2,6) R:(1,6) B:(3,8) R:(5,8) B:(3,11) R:(4,11) B:(2,4) R:(1,4) B:(4,10) R:(3,10) B:(5,10) R:(4,9) B:(2,11) R:(1,11) B:(2,10) R:(1,10) B:(1,9) R:(2,9) B:(2,8) R:(3,9) B:(5,7) R:(1,7) B:(1,5) R:(2,5) B:(3,4) R:(2,2) B:(5,5) R:(4,4) B:(3,5) R:(4,5) B:(4,6) R:(3,6) B:(2,7) R:(3,7) B:(4,7)"
  "5x9-blue-hunt15|5x9|blue|B:(3,9) R:(1,8) B:(4,9) R:(2,6) B:(4,5) R:(3,4) B:(1,7) R:(3,7) B:(5,8) R:(4,2) B:(2,7) R:(3,6) B:(2,8) R:(2,9) B:(3,8)"
  "5x6-blue-hunt19|5x6|blue|B:(1,1) R:(2,2) B:(4,1) R:(1,4) B:(1,3) R:(3,3) B:(5,2) R:(5,6) B:(5,5) R:(1,5) B:(2,1) R:(3,1) B:(2,3) R:(2,4) B:(3,2) R:(5,1) B:(4,2) R:(1,2) B:(5,3)"
  "5x7-blue-simulate|5x7|blue|B:(3,6) R:(1,6) B:(2,5) R:(1,5) B:(2,3) R:(1,3) B:(1,4) R:(2,4) B:(3,3) R:(2,1) B:(3,4) R:(5,5) B:(5,4) R:(4,4) B:(4,5) R:(3,5) B:(2,6)"
  "5x12-blue-simulate1|5x12|blue|B:(5,3) R:(2,3) B:(5,9) R:(1,9) B:(1,4) R:(2,4) B:(2,2) R:(3,2) B:(1,6) R:(2,6) B:(2,5) R:(1,5) B:(5,6) R:(2,7) B:(1,8) R:(2,8) B:(3,5) R:(4,6) B:(5,5) R:(4,5) B:(4,4) R:(1,3) B:(5,4)"
  "5x12-blue-simulate2|5x12|blue|B:(2,6) R:(1,6) B:(1,4) R:(2,4) B:(1,5) R:(2,5) B:(5,7) R:(1,7) B:(4,2) R:(3,2) B:(5,8) R:(1,8) B:(3,3) R:(2,3) B:(5,10) R:(1,10) B:(1,9) R:(5,9) B:(4,10) R:(5,12) B:(2,9) R:(3,10) B:(4,9) R:(3,9) B:(3,8) R:(4,8) B:(4,7)"
  "5x12-blue-simulate3|5x12|blue|B:(3,9) R:(1,9) B:(4,11) R:(5,11) B:(5,2) R:(1,2) B:(5,12) R:(4,12) B:(3,5) R:(1,5) B:(5,10) R:(1,10) B:(1,6) R:(4,6) B:(5,6) R:(5,5) B:(2,8) R:(5,8) B:(4,7) R:(2,7) B:(1,8) R:(1,7) B:(5,9) R:(3,8) B:(3,7) R:(3,6) B:(4,8) R:(4,9) B:(3,10) R:(4,10) B:(3,11)"
  "5x12-blue-simulate4|5x12|blue|B:(2,2) R:(1,2) B:(4,1) R:(5,4) B:(3,6) R:(4,6) B:(5,10) R:(2,10) B:(4,5) R:(5,5) B:(4,7) R:(3,7) B:(1,1) R:(2,1) B:(5,3) R:(1,3) B:(3,8) R:(5,8) B:(4,10) R:(1,12) B:(2,8) R:(2,7) B:(4,9) R:(1,9) B:(1,8) R:(1,7) B:(5,9) R:(4,8) B:(3,9)"
)
for g in "${games[@]}"; do
  IFS='|' read -r name size starter moves <<<"$g"
  [[ $name =~ $only ]] || continue
  start=$(date +%s.%N)
  "$bin" replay --board "$size" --strategy fitzgerald --starter "$starter" --moves "$moves" \
    --blunder-time "${secs}s" --json "$out/$name.json" >/dev/null 2>"$out/$name.err" || true
  end=$(date +%s.%N)
  python3 - "$out/$name.json" "$name" "$start" "$end" <<'PY'
import json, sys
path, name, start, end = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
try:
    d = json.load(open(path))
except Exception as e:
    print(f"{name}\tno report ({e})"); sys.exit(0)
b = d.get("blunder") or {}
if not b.get("found"):
    print(f"{name}\tno blunder: {b.get('reason')}\t{end-start:.1f} s"); sys.exit(0)
cells = lambda key: " ".join("(%d,%d)" % tuple(c) for c in b.get(key, []))
print(f"{name}\tmove {b['move_number']}\t({b['cell'][0]},{b['cell'][1]})\trule {b.get('rule','')}\tkept {cells('winning_moves')}\trule allowed {cells('rule_allowed')}\tat fault {b.get('at_fault','')}\tunchecked {b.get('unchecked_earlier_moves',0)}\t{end-start:.1f} s")
PY
done
