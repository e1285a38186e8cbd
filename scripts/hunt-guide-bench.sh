#!/bin/bash
# Issue 30 item 4: time to the first loss of the fitzgerald hunts on the
# twelve recorded boards (5x7..5x12, both starters), today's hunt against
# `--guide N`, same seed, one job, stopped at the first loss.
# Usage: scripts/hunt-guide-bench.sh BINARY OUTDIR "0 300 ..." [LIMIT]
# (0 = no guide; LIMIT per run, default 10m). A run whose JSON exists is
# skipped, so the script can be rerun after an interruption; summary.tsv
# is rewritten from every JSON at the end.
set -u
bin=$(realpath "$1"); out=$2; guides=$3; limit=${4:-10m}
mkdir -p "$out" && cd "$out" || exit 2
for n in 7 8 9 10 11 12; do for s in blue red; do for g in $guides; do
  tag=5x$n-$s-g$g
  [ -s $tag.json ] && continue
  /usr/bin/time -f "wall %e user %U sys %S rss_kb %M" -o $tag.time \
    "$bin" hunt --board 5x$n --strategy fitzgerald --starter $s --time-limit "$limit" --seed 1 --jobs 1 \
    --first-loss --guide $g --no-progress --json $tag.json > $tag.out 2> $tag.err
  echo "$tag exit $?" >> done.log
done; done; done
{
  printf 'run\tverdict\tplies\tfirst_loss_s\tfirst_loss_nodes\tgames\tguided\tguide_nodes\tuser_s\trss_kb\n'
  for f in 5x*-g*.json; do
    t=${f%.json}
    python3 - "$f" "$t.time" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
last = open(sys.argv[2]).read().strip().splitlines()[-1]  # after "Command exited with non-zero status 1"
tm = dict(zip(*[iter(last.split())] * 2))
ce = d.get("counterexample") or {}
print("\t".join(str(x) for x in [sys.argv[1][:-5], d["verdict"], ce.get("plies", ""), d.get("first_loss_seconds", ""),
      d.get("first_loss_nodes", ""), d["games"], d.get("guided_moves", 0), d.get("guide_nodes", 0), tm["user"], tm["rss_kb"]]))
PY
  done
} > summary.tsv
