#!/bin/bash
# The ten-minute fitzgerald hunts of docs/results.md (issues 12 and 30): one
# job, seed 1, both starters on each board.
# Usage: scripts/hunt-fitzgerald-10m.sh BINARY OUTDIR [STRATEGY [LIMIT [N...]]]
# (defaults: fitzgerald, 10m, rings 7..12; e.g. `... fitzgerald-sweep 1h 9 12`
# for issue 30's one-hour hunts). A run whose JSON exists is skipped, so the
# script can be rerun after an interruption; delete the outputs of a run that
# was interrupted (its JSON is then empty or missing) to run it again.
set -u
bin=$(realpath "$1"); out=$2; strategy=${3:-fitzgerald}; limit=${4:-10m}
shift $(( $# < 4 ? $# : 4 ))
rings=("$@"); [ ${#rings[@]} -gt 0 ] || rings=(7 8 9 10 11 12)
mkdir -p "$out" && cd "$out" || exit 2
for n in "${rings[@]}"; do for s in blue red; do
  tag=5x$n-$s
  [ -s $tag.json ] && continue
  /usr/bin/time -f "wall %e user %U sys %S rss_kb %M" -o $tag.time \
    "$bin" hunt --board 5x$n --strategy "$strategy" --starter $s --time-limit "$limit" --seed 1 --jobs 1 \
    --no-progress --json $tag.json --export-losses $tag.jsonl > $tag.out 2> $tag.err
  echo "$tag exit $?" >> done.log
done; done
