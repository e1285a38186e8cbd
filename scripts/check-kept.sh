#!/usr/bin/env bash
# Check what the far-shard queue kept, from the kept files alone: the
# answer of the split solve of $PREFIX (docs/runs/README.md, "The far-shard
# queue"), every derived shard derived again from its split.
# Usage: scripts/check-kept.sh HEXPROOF KEEP WORKDIR
#
# KEEP is a directory the queue (scripts/far-queue.sh) keeps, such as
# docs/runs/s4m2: $PARENT/ holds results of the plan of $PREFIX, and each
# P<X>/ results of the plan of "$PREFIX X $ANSWER" (X from the name, so
# PB12 is b12). For each, `hexproof plan --solve` makes the plan again in
# WORKDIR (the same plan, byte for byte, with the same ID) and the kept
# results are copied in. Then each P<X> is merged (one line each), and
# $PARENT with `merge --check-derived`, which derives every derived shard
# again from its P<X> (docs/sharding.md). The exit code is that merge's:
# 0 solved, 3 not yet, 2 a file that does not check.
# Environment, as for far-queue.sh: BOARD, STARTER, PREFIX, ANSWER, PARENT.
set -uo pipefail
bin=${1:?hexproof binary}; keep=${2:?kept directory}; work=${3:?work directory}
BOARD=${BOARD:-5x12}; STARTER=${STARTER:-blue}; PREFIX=${PREFIX:-"b2 a2"}; ANSWER=${ANSWER:-c7}
PARENT=${PARENT:-P2}
[ -d "$keep/$PARENT" ] || { echo "check-kept.sh: $keep/$PARENT: no such directory" >&2; exit 2; }
mkdir -p "$work" || exit 2
for d in "$keep"/*/; do
  name=$(basename "$d")
  case "$name" in
    "$PARENT") moves=$PREFIX ;;
    P[A-Z]*) x=${name#P}; moves="$PREFIX ${x,,} $ANSWER" ;;
    *) echo "check-kept.sh: $d: not $PARENT or P<X>, skipped" >&2; continue ;;
  esac
  if [ ! -f "$work/$name/plan.json" ]; then
    "$bin" plan --solve --board "$BOARD" --starter "$STARTER" --moves "$moves" --out "$work/$name" > /dev/null || exit 2
  fi
  cp "$d"result-*.json "$work/$name/" 2>/dev/null || :
done
for d in "$work"/P*/; do
  name=$(basename "$d")
  [ "$name" = "$PARENT" ] && continue
  out=$("$bin" merge "$d" 2>&1)
  # One short line: the answer and how many shards are solved.
  echo "$name: $(head -n 1 <<< "$out" | sed 's/.*: //'); $(sed -n 2p <<< "$out" | grep -oE '[0-9]+ solved( \([^)]*\))?' | head -n 1)"
done
"$bin" merge "$work/$PARENT" --check-derived
