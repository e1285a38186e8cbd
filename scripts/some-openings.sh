#!/bin/bash
# A `verify --choices some` question split by openings (docs/decisions.md V33),
# one run per piece, each with its own time limit and JSON, so that the
# question can be answered a piece at a time, across sessions:
#
#   scripts/some-openings.sh BINARY OUTDIR BOARD STARTER STRATEGY LIMIT [FIRST] [-- VERIFY-FLAGS…]
#
# With the opponent to open (STARTER blue for a Red strategy), the pieces are
# the positions after each first move (every cell). With the strategy to open,
# give its first move FIRST (e.g. "(3,4)"): the pieces are the positions after
# FIRST and each reply. A piece whose JSON exists with a conclusive verdict is
# skipped; an inconclusive one is run again (with this LIMIT), so a rerun with
# a longer limit carries on. With CERT=1 in the environment each piece also
# writes its proof's certificate, OUTDIR/piece-I-J-cert.json (check it with
# verify --strategy certificate:FILE --within STRATEGY --moves …). Then
# `summary` combines:
#
#   scripts/some-openings.sh summary OUTDIR
#
# prints each piece's verdict and the combined one: with the opponent to open
# (or after FIRST), optimal iff every piece is, refuted iff some piece is.
set -u
if [ "${1:-}" = summary ]; then
  out=$2
  python3 - "$out" <<'EOF'
import json, sys, glob, os
pieces = []
for f in sorted(glob.glob(os.path.join(sys.argv[1], "piece-*.json"))):
    d = json.load(open(f))
    start = " ".join("%s:(%d,%d)" % (m["player"][0].upper(), m["cell"][0], m["cell"][1]) for m in d.get("start", []))
    extra = ""
    if d["verdict"] == "refuted":
        extra = "%d plies%s" % (d["counterexample"]["plies"], "" if d["counterexample"]["minimal"] else " (not proven shortest)")
    elif d["verdict"] == "optimal":
        extra = "longest game %d" % d["longest_game"]
    else:
        extra = d.get("stop_reason", "")
    pieces.append((start, d["verdict"], d["positions"], d["elapsed_seconds"], extra))
    print("%-28s %-13s %14s positions %9.1f s  %s" % (start, d["verdict"], format(d["positions"], ","), d["elapsed_seconds"], extra))
v = [p[1] for p in pieces]
if "refuted" in v:
    print("combined: refuted (a piece is refuted: the opponent opens so)")
elif v and all(x == "optimal" for x in v):
    print("combined: optimal if these are all the pieces (%d)" % len(v))
else:
    print("combined: not known yet (%d of %d pieces optimal, none refuted)" % (v.count("optimal"), len(v)))
EOF
  exit 0
fi
bin=$(realpath "$1"); out=$2; size=$3; starter=$4; strat=$5; limit=$6; shift 6
first=
if [ $# -gt 0 ] && [ "$1" != -- ]; then first=$1; shift; fi
[ "${1:-}" = -- ] && shift
m=${size%x*}; n=${size#*x}
mkdir -p "$out" && cd "$out" || exit 2
for j in $(seq 1 "$n"); do for i in $(seq 1 "$m"); do
  cell="($i,$j)"
  moves=$cell; tag=piece-$i-$j
  if [ -n "$first" ]; then
    [ "$cell" = "$first" ] && continue
    moves="$first $cell"
  fi
  if [ -s $tag.json ] && ! grep -q '"verdict": "inconclusive"' $tag.json; then continue; fi
  cert=()
  [ -n "${CERT:-}" ] && cert=(--certificate $tag-cert.json)
  /usr/bin/time -f "wall %e user %U sys %S rss_kb %M" -o $tag.time nice -n 5 "$bin" verify --board "$size" \
    --strategy "$strat" --starter "$starter" --choices some --moves "$moves" --time-limit "$limit" \
    --blunder-time 0 --no-progress --json $tag.json "${cert[@]}" "$@" > $tag.out 2> $tag.err
  echo "$tag exit $? $(date -u +%FT%TZ)" >> done.log
done; done
