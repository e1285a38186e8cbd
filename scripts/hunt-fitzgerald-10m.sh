#!/bin/bash
# The ten-minute fitzgerald hunts of docs/results.md (issue 12): 5x7..5x12,
# both starters, one job, seed 1. Usage: scripts/hunt-fitzgerald-10m.sh BINARY OUTDIR
# A board already done (its JSON exists) is skipped, so the script can be rerun
# after an interruption.
set -u
bin=$(realpath "$1"); out=$2
mkdir -p "$out" && cd "$out" || exit 2
for n in 7 8 9 10 11 12; do for s in blue red; do
  tag=5x$n-$s
  [ -s $tag.json ] && continue
  /usr/bin/time -f "wall %e user %U sys %S rss_kb %M" -o $tag.time \
    "$bin" hunt --board 5x$n --strategy fitzgerald --starter $s --time-limit 10m --seed 1 --jobs 1 \
    --no-progress --json $tag.json --export-losses $tag.jsonl > $tag.out 2> $tag.err
  echo "$tag exit $?" >> done.log
done; done
