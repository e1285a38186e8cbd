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
# FIRST and each reply. FIRST may be several moves ending with the strategy's
# (e.g. "(3,4) (2,7) (1,6)"), to split a piece too large for one certificate
# by the opponent's next move: the piece is then won if the strategy's last
# move in FIRST is one its rules allow there (checked by `check`, which
# verifies each certificate from its whole prefix) and every sub-piece is. A piece whose JSON exists with a conclusive verdict is
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
if [ "${1:-}" = check ]; then
  # scripts/some-openings.sh check BINARY OUTDIR STRATEGY: every optimal piece's
  # certificate, verified under every from the piece's prefix, --within STRATEGY
  # (checks OUTDIR/check-I-J.json); a check whose JSON says optimal is not redone.
  bin=$(realpath "$2"); out=$3; strat=$4
  cd "$out" || exit 2
  for f in piece-*-cert.json; do
    [ -e "$f" ] || continue
    tag=${f%-cert.json}; ctag=check-${tag#piece-}
    grep -q '"verdict": "optimal"' $ctag.json 2>/dev/null && continue
    # Only a finished piece (its JSON is written after its certificate).
    grep -q '"verdict": "optimal"' $tag.json 2>/dev/null || continue
    read -r size starter < <(python3 -c "import json; d=json.load(open('$tag.json')); print(d['board'], d['starter'])")
    moves=$(python3 -c "import json; d=json.load(open('$tag.json')); print(' '.join('(%d,%d)' % tuple(m['cell']) for m in d['start']))")
    /usr/bin/time -f "wall %e user %U sys %S rss_kb %M" -o $ctag.time nice -n 5 "$bin" verify --board "$size" \
      --strategy certificate:$f --within "$strat" --starter "$starter" --moves "$moves" --in-memory \
      --blunder-time 0 --no-progress --json $ctag.json > $ctag.out 2>&1
    echo "$ctag exit $? $(date -u +%FT%TZ)" >> done.log
  done
  exit 0
fi
if [ "${1:-}" = summary ]; then
  out=$2
  python3 - "$out" <<'EOF'
import json, sys, glob, os
pieces, steps = [], {}
for f in sorted(glob.glob(os.path.join(sys.argv[1], "piece-*.json"))):
    if f.endswith("-cert.json"):
        continue
    d = json.load(open(f))
    start = " ".join("%s:(%d,%d)" % (m["player"][0].upper(), m["cell"][0], m["cell"][1]) for m in d.get("start", []))
    extra = ""
    if d["verdict"] == "refuted":
        extra = "%d plies%s" % (d["counterexample"]["plies"], "" if d["counterexample"]["minimal"] else " (not proven shortest)")
    elif d["verdict"] == "optimal":
        extra = "longest game %d" % d["longest_game"]
        if "departures" in d:
            own = [x for x in d["departures"] if not x["after_another"]]
            extra += "; leaves the preferred move at %d positions (%d on its own games)" % (len(d["departures"]), len(own))
            for x in own:
                k = (x["preferred"].get("rule", ""), x.get("tie_break_step", "outside the rules" if x.get("outside_rules") else ""))
                steps[k] = steps.get(k, 0) + 1
    else:
        extra = d.get("stop_reason", "")
    check = f.replace("piece-", "check-")
    if os.path.exists(check):
        c = json.load(open(check))
        extra += "; certificate within the rules: " + c["verdict"]
    pieces.append((start, d["verdict"], d["positions"], d["elapsed_seconds"], extra))
    print("%-28s %-13s %14s positions %9.1f s  %s" % (start, d["verdict"], format(d["positions"], ","), d["elapsed_seconds"], extra))
if steps:
    print("departures on the preferred strategy's own games, by rule and tie-break step:")
    for (rule, step), k in sorted(steps.items(), key=lambda x: -x[1]):
        print("  rule %-8s %-28s %d" % (rule, step, k))
v = [p[1] for p in pieces]
want = 0
if pieces:
    m, n = map(int, d["board"].split("x"))
    want = m * n - (len(d["start"]) - 1)  # every opening, or every reply after FIRST
checked = sum(1 for p in pieces if p[4].endswith("within the rules: optimal"))
if "refuted" in v:
    print("combined: refuted after the moves before the piece's last (a piece is refuted: that opponent move wins)")
elif len(v) == want and all(x == "optimal" for x in v):
    print("combined: optimal (all %d pieces); certificates verified within the rules: %d of %d" % (want, checked, want))
else:
    print("combined: not known yet (%d of %d pieces optimal, none refuted)" % (v.count("optimal"), want))
EOF
  exit 0
fi
bin=$(realpath "$1"); out=$2; size=$3; starter=$4; strat=$5; limit=$6; shift 6
first=
if [ $# -gt 0 ] && [ "$1" != -- ]; then first=$1; shift; fi
[ "${1:-}" = -- ] && shift
m=${size%x*}; n=${size#*x}
mkdir -p "$out" && cd "$out" || exit 2
# REVERSE=1 walks the cells from the last: two runs, one each way, share
# the pieces between two cores (a piece being run holds OUTDIR/TAG.lock;
# after a killed run, remove the locks left: rmdir OUTDIR/*.lock).
rows=$(seq 1 "$n"); cols=$(seq 1 "$m")
[ -n "${REVERSE:-}" ] && rows=$(seq "$n" -1 1) && cols=$(seq "$m" -1 1)
for j in $rows; do for i in $cols; do
  cell="($i,$j)"
  moves=$cell; tag=piece-$i-$j
  if [ -n "$first" ]; then
    case " $first " in *" $cell "*) continue ;; esac
    moves="$first $cell"
  fi
  if [ -s $tag.json ] && ! grep -q '"verdict": "inconclusive"' $tag.json; then continue; fi
  mkdir $tag.lock 2>/dev/null || continue
  trap 'rmdir '$tag'.lock 2>/dev/null' EXIT
  cert=()
  [ -n "${CERT:-}" ] && cert=(--certificate $tag-cert.json)
  /usr/bin/time -f "wall %e user %U sys %S rss_kb %M" -o $tag.time nice -n 5 "$bin" verify --board "$size" \
    --strategy "$strat" --starter "$starter" --choices some --moves "$moves" --time-limit "$limit" \
    --blunder-time 0 --no-progress --json $tag.json "${cert[@]}" "$@" > $tag.out 2> $tag.err
  echo "$tag exit $? $(date -u +%FT%TZ)" >> done.log
  rmdir $tag.lock
done; done
