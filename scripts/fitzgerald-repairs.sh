#!/bin/bash
# The runs behind docs/results.md, "The repairs of chapter 10" (issue 30 item 2):
# fitzgerald with each repair of thesis ch. 10 alone and all together.
#
#   scripts/fitzgerald-repairs.sh BINARY OUTDIR hunt LIMIT [CONFIG…]   hunts 5x6..5x12, both starters (LIMIT: 60s now, 10m for the issue's grid)
#   scripts/fitzgerald-repairs.sh BINARY OUTDIR verify [CONFIG…]       exhaustive verify 5x6, both starters
#   scripts/fitzgerald-repairs.sh BINARY OUTDIR simulate [CONFIG…]     simulate at the thesis's settings (§9.3.1)
#   scripts/fitzgerald-repairs.sh BINARY OUTDIR replay [CONFIG…]       every recorded loss (scripts/fitzgerald-losses.txt) replayed
#
# CONFIG defaults to all six: default lookahead truepath rule16 dead all. Two more
# (not from ch. 10, issue 30 item 3): kprefer (knowledge=prefer) and kkeep (knowledge=keep),
# and repaired (fitzgerald-repaired: repairs=all,knowledge=keep).
# Each run writes OUTDIR/<mode>-<config>-<board>-<starter>.{json,jsonl,out,err,time};
# a run whose JSON exists is skipped, so the script can be rerun after an
# interruption (or with LIMIT=10m into another OUTDIR for the full grid).
# Runs are niced (the machine is shared) and use one job each.
set -u
bin=$(realpath "$1"); out=$2; mode=$3; shift 3
limit=
if [ "$mode" = hunt ]; then limit=$1; shift; fi
configs=("$@")
[ ${#configs[@]} -eq 0 ] && configs=(default lookahead truepath rule16 dead all)
losses=$(realpath "$(dirname "$0")/fitzgerald-losses.txt")
spec() {
  case $1 in
    default) echo fitzgerald ;;
    lookahead) echo fitzgerald:lookahead=on ;;
    truepath) echo fitzgerald:truepath=on ;;
    rule16) echo fitzgerald:rule16=near ;;
    dead) echo fitzgerald:dead=avoid ;;
    all) echo fitzgerald:repairs=all ;;
    kprefer) echo fitzgerald:knowledge=prefer ;;
    kkeep) echo fitzgerald:knowledge=keep ;;
    repaired) echo fitzgerald-repaired ;;
    *) echo "unknown config $1" >&2; exit 2 ;;
  esac
}
mkdir -p "$out" && cd "$out" || exit 2
run() { # tag command…
  local tag=$1; shift
  [ -s $tag.json ] && return
  /usr/bin/time -f "wall %e user %U sys %S rss_kb %M" -o $tag.time nice -n 10 "$@" > $tag.out 2> $tag.err
  echo "$tag exit $?" >> done.log
}
case $mode in
hunt)
  for n in 6 7 8 9 10 11 12; do for c in "${configs[@]}"; do for s in blue red; do
    tag=hunt$limit-$c-5x$n-$s
    run $tag "$bin" hunt --board 5x$n --strategy "$(spec $c)" --starter $s --time-limit $limit --seed 1 --jobs 1 \
      --blunder-time 0 --no-progress --json $tag.json --export-losses $tag.jsonl
  done; done; done ;;
verify)
  for s in red blue; do for c in "${configs[@]}"; do
    tag=verify-$c-5x6-$s
    run $tag "$bin" verify --board 5x6 --strategy "$(spec $c)" --starter $s --in-memory --jobs 1 \
      --blunder-time 0 --no-progress --json $tag.json
  done; done ;;
simulate)
  # One board per run: --export-losses takes one board.
  for c in "${configs[@]}"; do for n in 4 5 6 7 9 12; do
    tag=simulate-$c-5x$n
    run $tag "$bin" simulate --board 5x$n --strategy "$(spec $c)" --games 100 --seed 1 \
      --jobs 1 --no-progress --json $tag.json --export-losses $tag.jsonl
  done; done ;;
replay)
  for c in "${configs[@]}"; do
    grep -v '^#' "$losses" | while read -r board starter src moves; do
      printf '%s %s %s %s: ' "$c" "$board" "$starter" "$src"
      "$bin" replay --board $board --strategy "$(spec $c)" --starter $starter --blunder-time 0 --moves "$moves" 2>&1 |
        grep -E 'plays|won after|decisions agree' | sed 's/  */ /g' | tr '\n' ' '
      echo
    done
  done ;;
*) echo "mode: hunt, verify, simulate or replay" >&2; exit 2 ;;
esac
