#!/bin/bash
# Walks back along a lost game of fitzgerald from its blunder, asking at each
# earlier position with Red to move whether some completion of Alg. 8.4.1's
# rules still wins from there (verify --choices some --moves PREFIX with
# fitzgerald-rules; docs/results.md, "Where the rules lose a won position"):
#
#   scripts/rules-walkback.sh BINARY OUTDIR BOARD STARTER LIMIT TAG "GAME" K1 K2 …
#
# GAME is the whole lost game (R:/B: moves); K1 K2 … are prefix lengths, each
# ending with Blue's move, from the blunder back. The walk stops at the first
# prefix that is not refuted (optimal: the rules can still win there, so the
# Red move after it chose among the rules' cells one from which they cannot;
# or inconclusive). Each prefix writes OUTDIR/TAG-K.{json,out,time}; a
# conclusive JSON is not run again.
set -u
bin=$(realpath "$1"); out=$2; size=$3; starter=$4; limit=$5; tag=$6; G=$7; shift 7
read -r -a mv <<< "$G"
mkdir -p "$out" && cd "$out" || exit 2
for k in "$@"; do
  pre="${mv[*]:0:$k}"
  if ! { [ -s $tag-$k.json ] && ! grep -q '"verdict": "inconclusive"' $tag-$k.json; }; then
    /usr/bin/time -f "wall %e user %U rss_kb %M" -o $tag-$k.time nice -n 5 "$bin" verify --board $size \
      --strategy fitzgerald-rules --choices some --starter $starter --moves "$pre" --time-limit $limit \
      --blunder-time 0 --no-progress --memory 4GiB --json $tag-$k.json > $tag-$k.out 2>&1
    echo "$tag-$k exit $? $(date -u +%FT%TZ)" >> done.log
  fi
  grep -q '"verdict": "refuted"' $tag-$k.json || break
done
