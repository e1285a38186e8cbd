#!/bin/bash
# Re-runs every recorded result that rested on a "no" of the proof-number
# search (docs/decisions.md V23, docs/history/results-2026-11.md "Proof-number saturation").
# Usage: scripts/recheck-saturation.sh BINARY OUTDIR; rerunnable (done runs are skipped).
set -u
bin=$(realpath "$1"); out=$2
mkdir -p "$out" && cd "$out" || exit 2
t() {
  tag=$1; shift
  [ -s $tag.json ] && return
  /usr/bin/time -f "wall %e user %U sys %S rss_kb %M" -o $tag.time "$bin" "$@" --no-progress --json $tag.json > $tag.out 2> $tag.err
  echo "$tag exit $?" >> done.log
}
for mn in 1x1 2x1 1x2 2x2 3x1 1x3 3x2 2x3 3x3 4x1 1x4 4x2 2x4 4x3 3x4 4x4 5x1 1x5 5x2 2x5 5x3 3x5 5x4 4x5 6x1 6x2 6x3 6x4 5x5; do
  for st in red blue; do t solve-$mn-$st solve --board $mn --starter $st --time-limit 20m; done
done
for n in 2 3 4 5; do t vb-5x$n-some verify --board 5x$n --strategy vandenbroek --starter both --choices some --time-limit 10m --in-memory --jobs 1 --blunder-time 0; done
for n in 4 5; do t fr-5x$n-some verify --board 5x$n --strategy fitzgerald-rules --starter both --choices some --time-limit 15m --in-memory --jobs 1 --blunder-time 0; done
t hht-5x5-some-blue verify --board 5x5 --strategy hht --choices some --starter blue --in-memory --time-limit 20m --blunder-time 0
t hht-5x5-some-red verify --board 5x5 --strategy hht --choices some --starter red --in-memory --time-limit 20m --blunder-time 0
