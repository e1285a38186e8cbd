#!/usr/bin/env bash
# Run the shards of a plan on this machine, one at a time, over as many
# sessions as it takes (docs/sharding.md, "Over several sessions").
# Usage: scripts/run-plan.sh HEXPROOF PLANDIR [FROM [TO]] [-- FLAGS...]
#
# Shards FROM..TO (default: all) run in order with `verify --shard` (a verify
# plan) or `solve --shard` (a `plan --solve`), one job each, FLAGS added (for a
# solve plan e.g. `--db DIR --resume`, a database shared by the shards). A shard
# whose result is conclusive is skipped, so after an interruption the same
# command goes on where it stopped; a verify shard that was interrupted
# resumes from its own database (`--resume` is added unless FLAGS say
# --in-memory). Several copies may run at once (one per core): each claims a
# shard with PLANDIR/claim-I before running it, and gives the claim back when
# the shard ends inconclusive or in error. A claim left by
# a killed runner (kill -9, a reboot) must be removed by hand (rmdir). In
# FLAGS, {} stands for the shard's index: with `--db DB/db-{} --resume` each
# shard of a solve plan keeps its own database (outside PLANDIR), so that
# several runners can go at once (one process at a time may use a database)
# and each shard resumes its own after an interruption. With SEED_STORES=1 in
# the environment (a solve plan, --db in FLAGS), every run of a shard first
# takes the solved positions and band games' answers of the databases of all
# the shards solved so far (--take-from each; PLANDIR/seeds lists them),
# which pays when the shards ask the same band games (docs/runs/README.md).
# Each
# shard's output is appended to PLANDIR/out-I.txt and its time and peak memory
# to PLANDIR/time-I.txt, one line per run of the shard (a shard stopped and
# resumed has one per part: add them up for its whole cost); one line per
# shard run goes to PLANDIR/runner.log. Then: `hexproof merge PLANDIR`.
#
# Before the first shard and after each one the runner merges what is in
# (PLANDIR/merge.txt; docs/sharding.md) and stops once the shards left
# cannot change the answer. A solve plan stops once the merge is solved
# (decisions.md V42); with UNTIL_WINNER=1 in the environment, as soon as the
# winner is known (a win of the player to move, before its other moves are),
# which is all that settling a blunder needs; neither stop when FLAGS hold
# --certificate (the pieces are judged only when every shard is in). A
# verify plan stops once the merge is conclusive; after a loss of L plies
# (or a strategy error) it runs only the shards the merge still needs, each
# with --until-layers N (the merge's needed_layers) unless FLAGS give one:
# a shard that has completed its layers up to N stones cannot hold anything
# the single run reports first. ALL_SHARDS=1 in the environment turns every
# early stop off.
set -uo pipefail
bin=${1:?hexproof binary}; dir=${2:?plan directory}; shift 2
from=0; to=
if [ $# -gt 0 ] && [ "$1" != "--" ]; then from=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" != "--" ]; then to=$1; shift; fi
[ "${1:-}" = "--" ] && shift
[ -f "$dir/plan.json" ] || { echo "run-plan.sh: $dir/plan.json: no plan there" >&2; exit 2; }
n=$(ls "$dir"/shard-*.json 2>/dev/null | wc -l)
[ "$n" -gt 0 ] || { echo "run-plan.sh: $dir: no shard files" >&2; exit 2; }
to=${to:-$((n - 1))}
if grep -q '"kind": *"solve"' "$dir/plan.json"; then
  cmd=(solve --shard); conclusive='"verdict": "solved"'
else
  cmd=(verify --jobs 1 --shard); conclusive='"verdict": "(optimal|refuted|strategy error)"'
  case " $* " in *" --in-memory "*) ;; *) set -- --resume "$@" ;; esac
fi
# settled WHEN: merge what is in (PLANDIR/merge.txt, and its JSON in a
# temporary file) and say whether the runner should stop (see the header);
# WHEN words the message. For a verify plan it also sets until (the
# --until-layers flag the shards left need) and needed (",3,5,": the shards
# the merge needs; empty: all).
json=$(mktemp) || exit 2
trap 'rm -f "$json"' EXIT
until=(); needed=
settled() {
  : > "$json"
  "$bin" merge "$dir" --json "$json" > "$dir/merge.txt" 2>&1; local mrc=$?
  [ -n "${ALL_SHARDS:-}" ] && return 1
  local flat; flat=$(tr -d ' \n' < "$json" 2>/dev/null)
  if [ "${cmd[0]}" = verify ]; then
    case "$mrc" in
    0|1|4)
      echo "run-plan.sh: $1 the merge is conclusive (see $dir/merge.txt)" >&2
      echo "$(date '+%F %T') conclusive $1: stopping" >> "$dir/runner.log"
      return 0 ;;
    esac
    local n; n=$(grep -o '"needed_layers":[0-9]*' <<< "$flat" | grep -o '[0-9]*$')
    if [ -n "$n" ]; then
      needed=,$(grep -o '"needed":\[[0-9,]*\]' <<< "$flat" | tr -dc '0-9,'),
      [ "$needed" = ,, ] && needed=
      case " $flags " in
      *" --until-layers "*|*" --until-layers="*) ;;
      *) if [ "${until[1]:-}" != "$n" ]; then
           until=(--until-layers "$n")
           echo "run-plan.sh: $1 a loss or error is known; the shards the merge needs run to layer $n (--until-layers $n)" >&2
         fi ;;
      esac
    fi
    return 1
  fi
  case " $flags " in *" --certificate "*) return 1 ;; esac
  if [ "$mrc" = 0 ] && grep -q '^  not needed:' "$dir/merge.txt"; then
    echo "run-plan.sh: $1 the merge is solved; the shards left are not needed (see $dir/merge.txt)" >&2
    echo "$(date '+%F %T') solved $1: stopping" >> "$dir/runner.log"
    return 0
  fi
  if [ "$mrc" != 0 ] && [ -n "${UNTIL_WINNER:-}" ] && grep -q '"winner":' <<< "$flat"; then
    echo "run-plan.sh: $1 the winner is known (UNTIL_WINNER); stopping (see $dir/merge.txt)" >&2
    echo "$(date '+%F %T') winner known $1: stopping" >> "$dir/runner.log"
    return 0
  fi
  return 1
}
# dbflag ARGS: the value of --db in ARGS, if any.
dbflag() {
  local prev=
  for a in "$@"; do
    [ "$prev" = --db ] && { echo "$a"; return; }
    case "$a" in --db=*) echo "${a#--db=}"; return ;; esac
    prev=$a
  done
}
flags="$*"
settled "before any shard" && exit 0
# SIGINT or SIGTERM (Ctrl-C, kill) is passed on to the running shard, which
# stops inconclusive and keeps what it did; the runner then stops too. (A
# runner started in the background by a script, e.g. with nohup … &, ignores
# SIGINT, as the shell does for such jobs: stop it with kill, i.e. SIGTERM.)
stop=0; timer=
trap 'stop=1; [ -n "$timer" ] && pkill -INT -P "$timer"' INT TERM
for i in $(seq "$from" "$to"); do
  [ "$stop" = 1 ] && break
  if [ -f "$dir/result-$i.json" ] && grep -Eq "$conclusive" "$dir/result-$i.json"; then continue; fi
  case "$needed" in ""|*",$i,"*) ;; *) continue ;; esac # not needed by the merge
  mkdir "$dir/claim-$i" 2>/dev/null || continue
  # Appended, not overwritten: a resumed shard keeps its earlier parts' output and times.
  args=("${@//\{\}/$i}") # {} in FLAGS: the shard's index
  db=$(dbflag "${args[@]}")
  take=()
  if [ -n "${SEED_STORES:-}" ] && [ "${cmd[0]}" = solve ] && [ -n "$db" ] && [ -s "$dir/seeds" ]; then
    self=$( (cd "$(dirname "$db")" 2>/dev/null && echo "$(pwd)/$(basename "$db")") )
    while IFS= read -r seed; do
      [ -d "$seed" ] && [ "$seed" != "$self" ] && take+=(--take-from "$seed")
    done < "$dir/seeds"
  fi
  echo "run-plan.sh: $(date '+%F %T') shard $i: ${cmd[*]} $dir/$i ${args[*]} ${until[*]} ${take[*]}" >> "$dir/out-$i.txt"
  /usr/bin/time -a -f "wall %e user %U sys %S rss_kb %M" -o "$dir/time-$i.txt" \
    "$bin" "${cmd[@]}" "$dir/$i" --no-progress "${args[@]}" "${until[@]}" "${take[@]}" >> "$dir/out-$i.txt" 2>&1 &
  timer=$!
  wait "$timer"; rc=$?
  while kill -0 "$timer" 2>/dev/null; do wait "$timer"; rc=$?; done # a signal ended the first wait
  timer=
  echo "$(date '+%F %T') shard $i exit $rc" >> "$dir/runner.log"
  if ! grep -Eq "$conclusive" "$dir/result-$i.json" 2>/dev/null; then
    rmdir "$dir/claim-$i"
  elif [ "${cmd[0]}" = solve ] && [ -n "$db" ] && [ -d "$db" ]; then
    # A store the shards still to run take from (SEED_STORES); one line
    # each, appended whole, so two runners may add at once.
    (cd "$(dirname "$db")" && echo "$(pwd)/$(basename "$db")") >> "$dir/seeds"
  fi
  [ "$stop" = 1 ] && { echo "run-plan.sh: stopped after shard $i (run the same command to go on)" >&2; exit 3; }
  [ "$rc" = 2 ] && { echo "run-plan.sh: shard $i: bad input (see $dir/out-$i.txt); stopping" >&2; exit 2; }
  settled "after shard $i" && exit 0
done
exit 0
