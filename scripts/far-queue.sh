#!/usr/bin/env bash
# A queue of split solves that outlives the machine: the far shards of
# `simulate` #4 move 2 (5x12, Blue starts, after B:(2,2) R:(1,2)) by default,
# one worker per core, over as many sessions as it takes (docs/runs/README.md,
# "The far-shard queue").
# Usage: scripts/far-queue.sh HEXPROOF WORKDIR K [KEEP]
#
# For each Blue reply X in $LIST (in order; by default the 21 far replies
# open on 2026-12-07, then the four settled before whose results were not
# kept) it splits the position after
# $PREFIX X $ANSWER with `plan --solve` into WORKDIR/P<X> (on 5x12: 56
# sub-shards, 0-22 Blue's next stone in rings 1-5, "near", 23-55 in rings
# 6-12, "far"; $NEAR is the last near index) and runs the sub-shards whose
# index has parity K, far ones first, each with `solve --shard --band-games
# --db WORKDIR/P<X>db/db-I --time-limit $LIMIT` (--resume when its store is
# there). Near ones also get $NEAR_FLAGS (decisions/solve.md K31) and take,
# before they start, the stores that settle Blue's replies $KEYS (for each,
# the position after it and Red's first answer in $KEY_ANSWERS that wins
# within 3 minutes; written once per X into WORKDIR/P<X>x, under a lock) and
# the stores of the plan's near sub-shards solved so far (K29). A far
# sub-shard of P<X> whose reply Y has a plan P<Y> that solved its sub-shard
# after reply X (the same stones, Red to move) takes that store, which
# answers it at once. A sub-shard
# stopped by its time limit is resumed on the next pass; after $PASSES passes
# over a plan the worker goes on to the next X, and the stopped ones wait for
# a later run of the queue. The worker ends when every sub-shard of its
# parity is solved, or before its next run when the file WORKDIR/STOP-K
# exists (it removes the file): the way to start it again on a new binary
# or script without losing the run under way.
#
# Each conclusive result (result-I.json) is copied with its time-I.txt (one
# line per run: wall, user, system seconds, peak RSS in kB) into KEEP/P<X>,
# a directory of the repository (default docs/runs/s4m2 beside this script),
# so that what is settled outlives the machine: commit it. A result found in
# KEEP is copied back into the plan before the worker starts on it, so on a
# new machine the queue goes on where the kept results stop (`plan` makes the
# same plan again, byte for byte, with the same ID). Two workers never share
# a sub-shard (parity); the stores are not kept.
#
# The plan of $PREFIX itself, split by Blue's reply, is WORKDIR/$PARENT (made
# under a lock, its kept results copied back like the others'). When P<X>'s
# merge is solved, `merge P<X> --result-for $PARENT/J` writes the result it
# proves for X's shard J there (docs/sharding.md, "A shard settled by a split
# of its answer"), and that result is kept too.
set -uo pipefail
bin=${1:?hexproof binary}; work=${2:?work directory}; k=${3:?parity 0 or 1}
here=$(cd "$(dirname "$0")" && pwd)
keep=${4:-$here/../docs/runs/s4m2}
case "$k" in 0|1) ;; *) echo "far-queue.sh: K must be 0 or 1" >&2; exit 2 ;; esac
BOARD=${BOARD:-5x12}; STARTER=${STARTER:-blue}; PREFIX=${PREFIX:-"b2 a2"}; ANSWER=${ANSWER:-c7}
LIST=${LIST:-"b12 a12 a11 b11 c11 d11 e11 a10 b10 c10 d10 e10 a9 b9 c9 d9 e9 b8 c8 d8 e8 a8 e12 d12 c12"}
NEAR=${NEAR:-22}; KEYS=${KEYS-"a1 b1"}; KEY_ANSWERS=${KEY_ANSWERS:-"d7 b7"}
LIMIT=${LIMIT:-50m}
PASSES=${PASSES:-3}
NEAR_FLAGS=${NEAR_FLAGS:-"--band-no-blue-hsearch --band-budget 800"}
PARENT=${PARENT:-P2}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
mkdir -p "$work" "$keep" || exit 2
keep=$(cd "$keep" && pwd); cd "$work" || exit 2
log() { echo "$(date '+%F %T') w$k $*"; }
solved() { grep -q '"verdict": "solved"' "$1" 2>/dev/null; }

# copyback P: copy P's kept results into P.
copyback() {
  local p=$1 f i
  [ -d "$keep/$p" ] || return 0
  for f in "$keep/$p"/result-*.json; do
    [ -f "$f" ] || continue
    i=${f##*-}; i=${i%.json}
    solved "$p/result-$i.json" || { cp "$f" "$p/"; cp "$keep/$p/time-$i.txt" "$p/" 2>/dev/null || :; }
  done
  return 0
}

# parent: make WORKDIR/$PARENT once (under a lock) and copy back its kept results.
parent() {
  (
    flock 9
    if [ ! -f "$PARENT/plan.json" ]; then
      "$bin" plan --solve --board "$BOARD" --starter "$STARTER" --moves "$PREFIX" --out "$PARENT" > /dev/null || exit 1
      log "planned $PARENT"
    fi
    copyback "$PARENT"
  ) 9> "$PARENT.lock"
}

# derive X: P<X>'s merge is solved: write and keep the result it gives
# X's shard of $PARENT (under the parent's lock).
derive() {
  local x=$1 p=P${1^^} col ring f j
  col=$(( $(printf '%d' "'${x:0:1}") - 96 )); ring=${x:1}
  f=$(grep -l "\"cell\":\[$col,$ring\]}\]}\$" "$PARENT"/shard-*.json | head -1)
  [ -n "$f" ] || { log "$p: no shard of $PARENT ends with $x"; return 0; }
  j=${f##*-}; j=${j%.json}
  (
    flock 9
    solved "$PARENT/result-$j.json" && exit 0
    if "$bin" merge "$p" --result-for "$PARENT/$j" > "$p/derive.txt" 2>&1; then
      mkdir -p "$keep/$PARENT" && cp "$PARENT/result-$j.json" "$keep/$PARENT/"
      log "$PARENT/$j: $(grep -o '"winner": "[a-z]*"' "$PARENT/result-$j.json"), derived from $p"
    else
      log "$PARENT/$j: nothing derived from $p (see $p/derive.txt)"
    fi
  ) 9> "$PARENT.lock"
}

# plan X: make WORKDIR/P<X> and its ring-1 keys once (under a lock), and
# copy back the kept results.
plan() {
  local x=$1 p=P${1^^}
  (
    flock 9
    if [ ! -f "$p/plan.json" ]; then
      "$bin" plan --solve --board "$BOARD" --starter "$STARTER" --moves "$PREFIX $x $ANSWER" --out "$p" > /dev/null || exit 1
      log "planned $p"
    fi
    mkdir -p "${p}x" "${p}db"
    local b r
    for b in $KEYS; do
      ls -d "${p}x/db-$b-"* > /dev/null 2>&1 && continue
      for r in $KEY_ANSWERS; do
        if "$bin" solve --board "$BOARD" --starter "$STARTER" --moves "$PREFIX $x $ANSWER $b $r" --band-games \
          --band-budget 20000 --time-limit 3m --db "${p}x/db-$b$r" 2>&1 | grep -q 'red wins'; then
          mv "${p}x/db-$b$r" "${p}x/db-$b-$r"; log "$p: B:$b is won by R:$r"; break
        fi
        rm -rf "${p}x/db-$b$r"
      done
    done
    copyback "$p"
  ) 9> "$p.lock"
}

# name C R: the cell (C,R) as the notation names it (1 12 -> a12).
name() { printf "\\$(printf '%03o' $((96 + $1)))$2"; }

# twin X I: the store of the same position in another plan, if one is
# solved: sub-shard I of P<X> (Blue's reply Y) and the sub-shard of P<Y>
# whose reply is X hold the same stones with Red to move, so the one
# solved first settles the other at once (its store answers the root).
twin() {
  local x=$1 i=$2 c y q f j col ring
  c=$(grep -o '"cell":\[[0-9]*,[0-9]*\]' "P${x^^}/shard-$i.json" | tail -1 | tr -dc '0-9,')
  y=$(name "${c%,*}" "${c#*,}"); q=P${y^^}
  [ -f "$q/plan.json" ] || return 0
  col=$(( $(printf '%d' "'${x:0:1}") - 96 )); ring=${x:1}
  f=$(grep -l "\"cell\":\[$col,$ring\]}\]}\$" "$q"/shard-*.json 2>/dev/null | head -1)
  [ -n "$f" ] || return 0
  j=${f##*-}; j=${j%.json}
  solved "$q/result-$j.json" && [ -d "${q}db/db-$j" ] && echo "${q}db/db-$j"
}

# run X I: one run of sub-shard I of plan X.
run() {
  local p=P${1^^} i=$2 flags=(--band-games --db "${p}db/db-$2" --time-limit "$LIMIT")
  [ -d "${p}db/db-$i" ] && flags+=(--resume)
  if [ "$i" -gt "$NEAR" ]; then
    local tw; tw=$(twin "$1" "$i")
    [ -n "$tw" ] && { flags+=(--take-from "$tw"); log "$p/$i takes $tw (the same position)"; }
  fi
  if [ "$i" -le "$NEAR" ]; then
    read -r -a extra <<< "$NEAR_FLAGS"; flags+=("${extra[@]}")
    local d j
    for d in "${p}x"/db-*; do [ -d "$d" ] && flags+=(--take-from "$d"); done
    for j in $(seq 0 "$NEAR"); do
      [ "$j" != "$i" ] && solved "$p/result-$j.json" && [ -d "${p}db/db-$j" ] && flags+=(--take-from "${p}db/db-$j")
    done
  fi
  log "$p/$i start"
  /usr/bin/time -q -a -o "$p/time-$i.txt" -f "%e %U %S %M" \
    "$bin" solve --shard "$p/$i" "${flags[@]}" >> "$p/log-$i.txt" 2>&1
  local rc=$?
  if solved "$p/result-$i.json"; then
    mkdir -p "$keep/$p" && cp "$p/result-$i.json" "$p/time-$i.txt" "$keep/$p/"
    log "$p/$i solved: $(grep -o '"winner": "[a-z]*"' "$p/result-$i.json")"
  else
    log "$p/$i not settled (exit $rc)"
  fi
  "$bin" merge "$p" > "$p/merge.txt" 2>&1
}

# stop_asked: WORKDIR/STOP-K asks worker K to stop before its next run
# (to start it again on a new binary or script without losing a run).
stop_asked() {
  [ -e "STOP-$k" ] || return 0
  rm -f "STOP-$k"; log "stopped: STOP-$k"; exit 0
}

parent || { log "$PARENT: plan failed"; exit 2; }
while :; do
  left=0
  for x in $LIST; do
    p=P${x^^}
    plan "$x" || { log "$p: plan failed"; continue; }
    n=$(ls "$p"/shard-*.json | wc -l)
    for pass in $(seq "$PASSES"); do
      open=0
      for i in $(seq $((NEAR + 1)) $((n - 1))) $(seq 0 $((NEAR < n - 1 ? NEAR : n - 1))); do
        [ $((i % 2)) = "$k" ] || continue
        solved "$p/result-$i.json" && continue
        stop_asked
        open=1; run "$x" "$i"
      done
      [ "$open" = 0 ] && break
    done
    "$bin" merge "$p" > "$p/merge.txt" 2>&1 && derive "$x"   # exit 0: solved
    for i in $(seq 0 $((n - 1))); do
      [ $((i % 2)) = "$k" ] && ! solved "$p/result-$i.json" && left=1
    done
  done
  [ "$left" = 0 ] && { log "every sub-shard of parity $k is solved"; exit 0; }
done
