#!/bin/bash
# A `verify --choices some` question split by openings (docs/decisions.md V33),
# one run per piece, each with its own time limit and JSON, so that the
# question can be answered a piece at a time, across sessions:
#
#   scripts/some-openings.sh BINARY OUTDIR BOARD STARTER STRATEGY LIMIT [FIRST] [-- VERIFY-FLAGS…]
#
# With the opponent to open (STARTER blue for a Red strategy), the pieces are
# the positions after each first move (every cell; with CLASSES=1 one cell per
# class of images, for a strategy that commutes with the cylinder's whole
# group, e.g. fitzgerald-rules: decisions.md V37; `hexproof show --classes`;
# the same for the replies after FIRST and in splits). With the strategy to open,
# give its first move FIRST (e.g. "(3,4)"): the pieces are the positions after
# FIRST and each reply. FIRST may be several moves ending with the strategy's
# (e.g. "(3,4) (2,7) (1,6)"), to split a piece too large for one certificate
# by the opponent's next move: the piece is then won if the strategy's last
# move in FIRST is one its rules allow there (checked by `check`, which
# verifies each certificate from its whole prefix) and every sub-piece is
# (SPLIT=1 below does this by itself). A piece whose JSON exists with a
# conclusive verdict is skipped; an inconclusive one is run again (with this LIMIT), so a rerun with
# a longer limit carries on. With CERT=1 in the environment each piece also
# writes its proof's certificate, OUTDIR/piece-I-J-cert.json (check it with
# verify --strategy certificate:FILE --within STRATEGY --moves …). Then
# `summary` combines:
#
#   scripts/some-openings.sh summary OUTDIR
#
# prints each piece's verdict and the combined one: with the opponent to open
# (or after FIRST), optimal iff every piece is, refuted iff some piece is.
#
# OVERLAY=1 (with --prefer S among the flags; docs/decisions.md V41) writes
# each piece's proof as an overlay of S instead of a certificate: first S
# alone (an empty overlay, OUTDIR/piece-I-J-overlay.json) is checked from the
# piece, within STRATEGY (check-I-J.json); only where that fails (kept as
# base-I-J.json) does the `some` search run, with --overlay, and its overlay is
# checked. A piece whose some run cannot write its proof (too large), or that
# was split before, is split by S's answer (SPLIT=1 not needed); with
# SPLIT_OVER=N, so is a piece whose earlier `some` JSON counted more than N
# expansions, without running it again, and with SPLIT_CELLS="(i,j) …" the
# pieces of those last moves (known to be too large). A check that is optimal
# proves its piece by itself (a completion of the rules that wins every game
# from there).
set -u
self=$(realpath "$0")
# check_into CTAG WHAT SIZE STARTER MOVES: the ordinary verifier on WHAT (a
# certificate or overlay) under every reading, --within $strat, from MOVES,
# in memory, into CTAG.json, CTAG.time and CTAG.out; its exit status. Every
# check of a piece, an overlay or an image goes through here.
check_into() {
  /usr/bin/time -f "wall %e user %U sys %S rss_kb %M" -o "$1.time" nice -n 5 "$bin" verify --board "$3" \
    --strategy "$2" --within "$strat" --starter "$4" --moves "$5" --in-memory \
    --blunder-time 0 --no-progress --json "$1.json" > "$1.out" 2>&1
}
# overlay_start FILE [DROP]: an overlay file's board, starter and start
# moves (the start's last DROP moves left out), on one line.
overlay_start() {
  python3 -c "import json, re, sys; d=json.load(open(sys.argv[1])); k=len(re.findall(r'\(\d+,\d+\)', d['start']))-int(sys.argv[2]); print(d['board'], d['starter'], ' '.join(re.findall(r'\(\d+,\d+\)', d['start'])[:k]))" "$1" "${2:-0}"
}
# piece_start FILE [DROP]: the same for a piece's JSON (a some run's).
piece_start() {
  python3 -c "import json, sys; d=json.load(open(sys.argv[1])); k=len(d['start'])-int(sys.argv[2]); print(d['board'], d['starter'], ' '.join('(%d,%d)' % tuple(m['cell']) for m in d['start'][:k]))" "$1" "${2:-0}"
}
if [ "${1:-}" = check ]; then
  # scripts/some-openings.sh check BINARY OUTDIR STRATEGY: every optimal piece's
  # certificate or overlay, verified under every from the piece's prefix,
  # --within STRATEGY (checks OUTDIR/check-I-J.json); a check whose JSON says
  # optimal is not redone.
  # With IMAGES=1 (pieces by class), also after each other move of the class.
  bin=$(realpath "$2"); out=$3; strat=$4
  cd "$out" || exit 2
  for f in piece-*-cert.json; do
    [ -e "$f" ] || continue
    tag=${f%-cert.json}; ctag=check-${tag#piece-}
    grep -q '"verdict": "optimal"' $ctag.json 2>/dev/null && continue
    # Only a finished piece (its JSON is written after its certificate).
    grep -q '"verdict": "optimal"' $tag.json 2>/dev/null || continue
    read -r size starter moves < <(piece_start $tag.json)
    check_into $ctag certificate:$f "$size" "$starter" "$moves"
    echo "$ctag exit $? $(date -u +%FT%TZ)" >> done.log
  done
  # Each overlay (OVERLAY=1) whose check is missing or not optimal, from its
  # own start (run this with no runner at work in OUTDIR: a runner's overlay
  # may not be finished).
  for f in piece-*-overlay.json; do
    [ -e "$f" ] || continue
    tag=${f%-overlay.json}; ctag=check-${tag#piece-}
    grep -q '"verdict": "optimal"' $ctag.json 2>/dev/null && continue
    read -r size starter moves < <(overlay_start $f)
    check_into $ctag overlay:$f "$size" "$starter" "$moves"
    echo "$ctag exit $? $(date -u +%FT%TZ)" >> done.log
  done
  # IMAGES=1: each checked certificate again after every other move of its
  # class (classes.txt), read as certificate-images:FILE (docs/design.md §8),
  # into check-img-K-L.json for the move (K,L).
  if [ -n "${IMAGES:-}" ] && [ -s classes.txt ]; then
    while read -r repc others; do
      [ -n "$others" ] || continue
      tag=piece-$(tr -d '()' <<< "$repc" | tr , -)
      grep -q '"verdict": "optimal"' check-${tag#piece-}.json 2>/dev/null || continue
      if [ -e $tag-overlay.json ]; then
        # The overlay's own start (a piece the preferred strategy wins alone
        # has no some JSON).
        spec=overlay:$tag-overlay.json
        read -r size starter prefix < <(overlay_start $tag-overlay.json 1)
      else
        spec=certificate-images:$tag-cert.json
        read -r size starter prefix < <(piece_start $tag.json 1)
      fi
      for c in $others; do
        itag=check-img-$(tr -d '()' <<< "$c" | tr , -)
        grep -q '"verdict": "optimal"' $itag.json 2>/dev/null && continue
        check_into $itag "$spec" "$size" "$starter" "$prefix $c"
        echo "$itag exit $? $(date -u +%FT%TZ)" >> done.log
      done
    done < classes.txt
  fi
  # The sub-pieces of pieces split for their certificates (SPLIT=1).
  for d in split-*/; do
    [ -d "$d" ] && "$self" check "$bin" "$d" "$strat"
  done
  exit 0
fi
if [ "${1:-}" = summary ]; then
  out=$2
  python3 - "$out" "$(dirname "$self")" <<'EOF'
import json, sys, glob, os
scriptdir = sys.argv[2]

def summarize(dirname, show, steps):
    """Prints (if show) each piece of dirname; returns the combined verdict
    ("optimal", "refuted", "unknown"), whether every piece's certificate is
    verified within the rules (a piece split for its certificate counts when
    its split directory's are), and how many pieces there should be."""
    pieces, d = [], None
    syms, strats, last = [], set(), []
    # A piece is a some run (piece-I-J.json), or, with OVERLAY=1, only the
    # check of the preferred strategy alone (check-I-J.json and its empty
    # overlay), which proves the piece by itself.
    tags = set()
    for f in glob.glob(os.path.join(dirname, "piece-*.json")):
        if not (f.endswith("-cert.json") or f.endswith("-replay.json") or f.endswith("-overlay.json")):
            tags.add(os.path.basename(f)[len("piece-"):-len(".json")])
    for f in glob.glob(os.path.join(dirname, "check-*.json")):
        t = os.path.basename(f)[len("check-"):-len(".json")]
        if not t.startswith("img-") and os.path.exists(os.path.join(dirname, "piece-%s-overlay.json" % t)):
            tags.add(t)
    # With OVERLAY=1 and SPLIT_CELLS, a piece the preferred strategy alone
    # loses (base-I-J.json) may be split at once, with no some run: its
    # split decides it.
    for f in glob.glob(os.path.join(dirname, "split-*")):
        t = os.path.basename(f)[len("split-"):]
        if os.path.isdir(f) and os.path.exists(os.path.join(dirname, "base-%s.json" % t)):
            tags.add(t)
    for tag in sorted(tags):
        f = os.path.join(dirname, "piece-%s.json" % tag)
        if os.path.exists(f):
            d = json.load(open(f))
            syms.append(d.get("symmetries"))
            strats.add((d["strategy"], d.get("geometry")))
        elif not os.path.exists(os.path.join(dirname, "check-%s.json" % tag)):
            d = dict(json.load(open(os.path.join(dirname, "base-%s.json" % tag))))
            d["verdict"], d["stop_reason"] = "inconclusive", ""
            # Its start may go on past the piece's move (the check's
            # position with the strategy's answer): cut it there.
            cell = list(map(int, tag.split("-")))
            k = max(i for i, mv in enumerate(d["start"]) if mv["cell"] == cell)
            d["start"] = d["start"][:k + 1]
            d.pop("departures", None)
            syms.append(None)
        else:
            d = dict(json.load(open(os.path.join(dirname, "check-%s.json" % tag))))
            o = json.load(open(os.path.join(dirname, "piece-%s-overlay.json" % tag)))
            d["start"] = [{"player": {"R": "red", "B": "blue"}[w[0]], "cell": list(map(int, w[3:-1].split(",")))} for w in o["start"].split()]
            d.pop("departures", None)
            syms.append(None)
        last.append(tuple(d["start"][-1]["cell"]))
        start = " ".join("%s:(%d,%d)" % (m["player"][0].upper(), m["cell"][0], m["cell"][1]) for m in d.get("start", []))
        extra, checked = "", False
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
        split = os.path.join(dirname, "split-" + os.path.basename(f)[len("piece-"):-len(".json")])
        verdict = d["verdict"]
        if os.path.exists(check):
            c = json.load(open(check))
            what = "overlay" if os.path.exists(f[:-len(".json")] + "-overlay.json") else "certificate"
            extra += "; %s within the rules: %s" % (what, c["verdict"])
            checked = c["verdict"] == "optimal"
            if checked and verdict == "inconclusive":
                verdict = "optimal"  # the check is a proof of the piece by itself
        if os.path.isdir(split) and not os.path.exists(check):
            sv, sc, sn, sk = summarize(split, False, steps)
            why = "too large for one certificate" if verdict == "optimal" else "the preferred strategy alone loses" if not os.path.exists(f) else "out of time"
            extra += "%s%s, split (%s): %s, %d of %d sub-certificates verified within the rules" % ("; " if extra else "", why, split, sv, sk, sn)
            checked = sv == "optimal" and sk == sn
            if verdict == "inconclusive" and sv == "optimal":
                verdict = "optimal"  # the preferred move, and every reply after it, won
        pieces.append((verdict, checked))
        if show:
            print("%-36s %-13s %14s positions %9.1f s  %s" % (start, verdict, format(d["positions"], ","), d["elapsed_seconds"], extra))
    ran[dirname] = len(pieces)
    want = 0
    if d is not None:
        m, n = map(int, d["board"].split("x"))
        want = m * n - (len(d["start"]) - 1)  # every opening, or every reply after FIRST
        # CLASSES=1: one piece per class of moves under the symmetries that
        # map the start position onto itself, as `hexproof show --classes`
        # listed them into classes.txt when the runner started here.
        # Valid when the strategy commutes with the cylinder's whole group
        # (4m maps: the runs say so in "symmetries"; older runs of the same
        # strategy say nothing): then the pieces of a class have one value
        # (decisions.md V37), and one piece each answers the question.
        # Without that claim (only overlays' checks here), a piece stands
        # for its class when every other move of the class is checked
        # (check-img-K-L.json, IMAGES=1), which needs no claim at all.
        cf = os.path.join(dirname, "classes.txt")
        if len(strats) <= 1 and d.get("geometry") == "cylinder" and os.path.exists(cf):
            cls = {}
            for l in open(cf):
                w = l.split()
                if w:
                    cls[tuple(map(int, w[0].strip("()").split(",")))] = [x.strip("()").replace(",", "-") for x in w[1:]]
            def imaged(rep):
                for x in cls.get(rep, []):
                    c = os.path.join(dirname, "check-img-%s.json" % x)
                    if not os.path.exists(c) or json.load(open(c))["verdict"] != "optimal":
                        return False
                return True
            known = [x for x in syms if x is not None]
            claim = len(strats) == 1 and known and all(x == 4 * m for x in known)
            if set(last) <= set(cls) and len(cls) < want and all(claim or imaged(l) for l in last):
                want = len(cls)
    v = [p[0] for p in pieces]
    nchecked = sum(1 for p in pieces if p[1])
    if "refuted" in v:
        return "refuted", False, want, nchecked
    if pieces and len(v) == want and all(x == "optimal" for x in v):
        return "optimal", nchecked == want, want, nchecked
    return "unknown", False, want, nchecked

def totals(dirname):
    """Runs, expansions, user CPU seconds and the largest peak RSS (kB) of
    every piece and check under dirname, splits included (from the JSONs
    and the /usr/bin/time files)."""
    global images, images_ok
    runs = exp = 0
    cpu, rss = 0.0, 0
    for root, _, files in os.walk(dirname):
        for f in files:
            path = os.path.join(root, f)
            if f.endswith(".time"):
                for line in open(path):
                    w = line.split()
                    if w and w[0] == "wall":
                        cpu += float(w[3]) + float(w[5])
                        rss = max(rss, int(w[7]))
            elif f.startswith("check-img-") and f.endswith(".json"):
                images += 1
                images_ok += json.load(open(path))["verdict"] == "optimal"
            elif f.startswith("piece-") and f.endswith(".json") and not f.endswith(("-cert.json", "-replay.json", "-overlay.json")):
                runs += 1
                exp += json.load(open(path))["positions"]
    return runs, exp, cpu, rss

steps, ran = {}, {}
images = images_ok = 0
verdict, allchecked, want, checked = summarize(sys.argv[1], True, steps)
runs, exp, cpu, rss = totals(sys.argv[1])
print("totals: %d piece runs (splits included), %s expansions, %.0f s of CPU (user + sys, checks included), peak RSS %.2f GB" % (runs, format(exp, ","), cpu, rss / 1e6))
if images:
    print("images: %d certificates or overlays checked after another move of their class (certificate-images:, overlay:), %d optimal" % (images, images_ok))
if steps:
    print("departures on the preferred strategy's own games, by rule and tie-break step:")
    for (rule, step), k in sorted(steps.items(), key=lambda x: -x[1]):
        print("  rule %-8s %-28s %d" % (rule, step, k))
if want == 0:
    print("combined: no piece has run")
elif verdict == "refuted":
    print("combined: refuted after the moves before the piece's last (a piece is refuted: that opponent move wins)")
elif verdict == "optimal":
    print("combined: optimal (all %d pieces); certificates or overlays verified within the rules: %d of %d" % (want, checked, want))
else:
    print("combined: not known yet (%d of %d pieces run, none refuted)" % (ran.get(sys.argv[1], 0), want))
EOF
  exit 0
fi
bin=$(realpath "$1"); out=$2; size=$3; starter=$4; strat=$5; limit=$6; shift 6
first=
if [ $# -gt 0 ] && [ "$1" != -- ]; then first=$1; shift; fi
[ "${1:-}" = -- ] && shift
flags=("$@")
m=${size%x*}; n=${size#*x}
mkdir -p "$out" && out=$(realpath "$out") && cd "$out" || exit 2
# REVERSE=1 walks the cells from the last: two runs, one each way, share
# the pieces between two cores (a piece being run holds OUTDIR/TAG.lock;
# after a killed run, remove the locks left: rmdir OUTDIR/*.lock).
# With SPLIT=1 and --prefer (decisions.md V35), a piece that ran out of time,
# or (with CERT=1) one that is optimal but whose proof was too large for one
# certificate (or out of time while writing it), is split by the opponent's next move
# instead of being run again: the strategy's move is the one --prefer's
# strategy plays there (read from `replay`), and the sub-pieces go to
# OUTDIR/split-I-J (FIRST = the piece's moves and that move), split again
# in turn if need be. A piece out of time is then optimal if its split is; a
# refuted sub-piece says that move loses, not the piece: with OVERLAY=1 the
# whole piece then runs once more, bigger than SPLIT_OVER or not, since its
# overlay finds the winning move (if that too fails, done.log says so: run
# it with a longer LIMIT or more --memory, or split by another allowed move
# by hand). Any number of
# runners may share OUTDIR (locks are directories).
prefer=
for ((k = 0; k < ${#flags[@]}; k++)); do [ "${flags[k]}" = --prefer ] && prefer=${flags[k + 1]:-}; done
split_piece() {
  local tag=$1 moves=$2 force=${3:-}
  [ -n "$prefer" ] || return 0
  if [ -n "$force" ]; then
    :
  elif [ -z "${SPLIT:-}" ] || [ -e $tag-cert.json ]; then
    return 0
  elif grep -q '"verdict": "optimal"' $tag.json 2>/dev/null; then
    grep -q 'no certificate: \(the proof tree has more than\|stopped while building it\)' $tag.err 2>/dev/null || return 0
  else
    grep -q '"stop_reason": "time limit' $tag.json 2>/dev/null || return 0
  fi
  local game answer
  game=$(python3 - "$moves" "$starter" "$m" "$n" <<'PY'
import sys
moves, starter, m, n = sys.argv[1].split(), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
who = "R" if starter == "red" else "B"
out = []
for c in moves:
    out.append(who + ":" + c)
    who = "B" if who == "R" else "R"
free = next("(%d,%d)" % (i, j) for j in range(1, n + 1) for i in range(1, m + 1) if "(%d,%d)" % (i, j) not in moves)
print(" ".join(out + [who + ":" + free]))
PY
)
  answer=$("$bin" replay --board "$size" --strategy "$prefer" --starter "$starter" --moves "$game" --json $tag-replay.json >/dev/null 2>&1 &&
    python3 -c "import json; d=json.load(open('$tag-replay.json')); a=d['moves'][-1]['answer']; print('(%d,%d)' % (a[0], a[1]))") || {
    echo "$tag: no answer of $prefer to split by" >> done.log; return 0; }
  echo "$tag split by $prefer's move $answer into split-${tag#piece-} $(date -u +%FT%TZ)" >> done.log
  SPLIT_CELLS= "$self" "$bin" "$out/split-${tag#piece-}" "$size" "$starter" "$strat" "$limit" "$moves $answer" -- "${flags[@]}"
}
# overlay_piece TAG MOVES (OVERLAY=1): the piece's proof as an overlay of the
# preferred strategy, checked; see the header.
overlay_piece() {
  local tag=$1 moves=$2 ctag=check-${1#piece-} btag=base-${1#piece-} sdir=split-${1#piece-}
  grep -q '"verdict": "optimal"' $ctag.json 2>/dev/null && return 0
  if [ -e $btag.json ] && [ -d $sdir ] && ! split_lost $sdir; then split_piece "$tag" "$moves" force; return 0; fi
  mkdir $tag.lock 2>/dev/null || return 0
  trap 'rmdir '$tag'.lock 2>/dev/null' EXIT
  if [ ! -e $btag.json ]; then
    # The empty overlay: S alone from the piece (S plays Red, as the 5×n
    # strategies do; the format is strategies.OverlayFile).
    python3 - "$size" "$starter" "$prefer" "$moves" > $tag-overlay.json <<'PY'
import json, sys
size, starter, base, moves = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].split()
who = starter[0].upper()
start = []
for c in moves:
    start.append(who + ":" + c)
    who = "R" if who == "B" else "B"
print(json.dumps({"format": "hexproof-overlay/1", "board": size, "geometry": "cylinder", "side": "red",
                  "starter": starter, "base": base, "start": " ".join(start), "answers": []}))
PY
    check_into $ctag overlay:$tag-overlay.json "$size" "$starter" "$moves"
    echo "$ctag (the preferred strategy alone) exit $? $(date -u +%FT%TZ)" >> done.log
    if grep -q '"verdict": "optimal"' $ctag.json 2>/dev/null; then rmdir $tag.lock; return 0; fi
    if ! grep -q '"verdict": "\(refuted\|strategy error\)"' $ctag.json 2>/dev/null; then
      # Stopped (an interrupt): neither answer; ask again next time.
      rm -f $ctag.json $tag-overlay.json; rmdir $tag.lock; return 0
    fi
    for x in json time out; do [ -e $ctag.$x ] && mv $ctag.$x $btag.$x; done
    rm -f $tag-overlay.json
  elif [ -e $tag-overlay.json ] && grep -q '"verdict": "optimal"' $tag.json 2>/dev/null && [ $tag.json -nt $btag.json ]; then
    # The some run wrote its overlay and was not checked (interrupted): check.
    check_into $ctag overlay:$tag-overlay.json "$size" "$starter" "$moves"
    echo "$ctag exit $? $(date -u +%FT%TZ)" >> done.log
    rmdir $tag.lock
    return 0
  fi
  local big=
  if split_lost $sdir; then
    :  # the preferred move loses there: the whole piece's overlay finds a winning one
  elif [ -d $sdir ] || grep -qF " ${moves##* } " <<< " ${SPLIT_CELLS:-} "; then
    big=1
  elif [ -n "${SPLIT_OVER:-}" ] && grep -q '"verdict": "optimal"' $tag.json 2>/dev/null; then
    big=$(python3 -c "import json; print(1 if json.load(open('$tag.json'))['positions'] > $SPLIT_OVER else '')")
  fi
  if [ -z "$big" ]; then
    /usr/bin/time -f "wall %e user %U sys %S rss_kb %M" -o $tag.time nice -n 5 "$bin" verify --board "$size" \
      --strategy "$strat" --starter "$starter" --choices some --moves "$moves" --time-limit "$limit" \
      --blunder-time 0 --no-progress --json $tag.json --overlay $tag-overlay.json "${flags[@]}" > $tag.out 2> $tag.err
    echo "$tag exit $? $(date -u +%FT%TZ)" >> done.log
    if [ -e $tag-overlay.json ] && grep -q '"verdict": "optimal"' $tag.json; then
      check_into $ctag overlay:$tag-overlay.json "$size" "$starter" "$moves"
      echo "$ctag exit $? $(date -u +%FT%TZ)" >> done.log
      rmdir $tag.lock
      return 0
    fi
    grep -q '"verdict": "refuted"' $tag.json && { rmdir $tag.lock; return 0; }
    if ! grep -q '"stop_reason": "time limit' $tag.json && ! grep -q 'no certificate: the proof tree has more than' $tag.err; then
      # Interrupted (or failed otherwise): run it again next time.
      rmdir $tag.lock; return 0
    fi
  fi
  rmdir $tag.lock
  # The whole piece did not do either (out of time, or too large): a person
  # must choose another move to split by.
  split_lost $sdir && { echo "$tag: $prefer's move loses in split-${tag#piece-} and the whole piece was not certified" >> done.log; return 0; }
  split_piece "$tag" "$moves" force
  # A refuted sub-piece: the split cannot certify the piece; the whole
  # piece's overlay can (once; the call above returns at once).
  if split_lost $sdir; then overlay_piece "$tag" "$moves"; fi
}
# split_lost DIR: whether a sub-piece of the split DIR is refuted, i.e. the
# move the split fixed (the preferred strategy's) loses there even with the
# rules' other choices after it; the piece may still be won by another move.
split_lost() {
  local f
  for f in "$1"/piece-*.json; do
    [[ $f =~ /piece-[0-9]+-[0-9]+\.json$ ]] && grep -q '"verdict": "refuted"' "$f" && return 0
  done
  return 1
}
rows=$(seq 1 "$n"); cols=$(seq 1 "$m")
[ -n "${REVERSE:-}" ] && rows=$(seq "$n" -1 1) && cols=$(seq "$m" -1 1)
# CLASSES=1 (a cylinder): one piece per class of moves under the symmetries
# that map the start position (FIRST, or the empty board) onto itself, for a
# strategy that commutes with the whole group (fitzgerald-rules, decisions.md
# V37): `hexproof show --classes` lists them (one class a line, its
# representative first), kept in OUTDIR/classes.txt for `summary`, which
# checks each run's "symmetries" before it counts classes instead of cells.
# Inherited by splits.
reps=
if [ -n "${CLASSES:-}" ]; then
  # One class a line, its representative first (the lines of `show --classes`
  # at two spaces, with "also" and the continuation lines).
  "$bin" show --board "$size" --starter "$starter" --moves "$first" --classes | python3 -c '
import re, sys
out, on = [], False
for line in sys.stdin:
    if line.startswith("Moves up to symmetry:"):
        on = True
    elif on and re.match(r"^  \(", line):
        out.append(re.findall(r"\(\d+,\d+\)", line))
    elif on and re.match(r"^ {3,}\(", line) and out:
        out[-1] += re.findall(r"\(\d+,\d+\)", line)
print("\n".join(" ".join(c) for c in out))' > classes.txt.tmp && mv classes.txt.tmp classes.txt
  reps=$(awk '{print $1}' classes.txt)
  [ -n "$reps" ] || { echo "some-openings: no classes from $bin show --classes" >&2; exit 2; }
fi
for j in $rows; do for i in $cols; do
  cell="($i,$j)"
  if [ -n "${CLASSES:-}" ] && ! grep -qxF "$cell" <<< "$reps"; then continue; fi
  moves=$cell; tag=piece-$i-$j
  if [ -n "$first" ]; then
    case " $first " in *" $cell "*) continue ;; esac
    moves="$first $cell"
  fi
  if [ -n "${OVERLAY:-}" ]; then
    overlay_piece "$tag" "$moves"
    continue
  fi
  if [ -s $tag.json ] && { ! grep -q '"verdict": "inconclusive"' $tag.json || [ -d split-$i-$j ] ||
    { [ -n "${SPLIT:-}" ] && grep -q '"stop_reason": "time limit' $tag.json; }; }; then
    split_piece "$tag" "$moves"; continue
  fi
  mkdir $tag.lock 2>/dev/null || continue
  trap 'rmdir '$tag'.lock 2>/dev/null' EXIT
  cert=()
  [ -n "${CERT:-}" ] && cert=(--certificate $tag-cert.json)
  /usr/bin/time -f "wall %e user %U sys %S rss_kb %M" -o $tag.time nice -n 5 "$bin" verify --board "$size" \
    --strategy "$strat" --starter "$starter" --choices some --moves "$moves" --time-limit "$limit" \
    --blunder-time 0 --no-progress --json $tag.json "${cert[@]}" "${flags[@]}" > $tag.out 2> $tag.err
  echo "$tag exit $? $(date -u +%FT%TZ)" >> done.log
  rmdir $tag.lock
  split_piece "$tag" "$moves"
done; done
