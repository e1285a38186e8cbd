#!/usr/bin/env bash
# How much work a kill -9 loses (docs/reliability.md): runs a verification
# once to measure its CPU time, then for each --checkpoint-every value kills a
# fresh run with SIGKILL when it has used FRACTION of that CPU time (read from
# /proc, so that other load on the machine does not move the kill), resumes
# it, and prints CPU(killed) + CPU(resume) - CPU(full) and whether the resumed
# JSON equals the uninterrupted one.
#
#   scripts/measure-kill-resume.sh BINARY "0 10s 2s" 0.6 verify --board 5x6 --strategy fitzgerald --starter red --jobs 2
set -euo pipefail
bin=$1 intervals=$2 fraction=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tck=$(getconf CLK_TCK)
cpu() { awk -v t="$tck" '{print ($14+$15)/t}' "/proc/$1/stat"; }
args=("$@" --no-progress --blunder-time 0 --json -)
/usr/bin/time -f "%U %S" -o "$tmp/full.time" "$bin" "${args[@]}" --db "$tmp/full" >"$tmp/full.json" 2>/dev/null || true
full=$(awk '{print $1+$2}' "$tmp/full.time")
at=$(awk -v f="$full" -v x="$fraction" 'BEGIN{print f*x}')
echo "uninterrupted: ${full}s CPU; kill at ${at}s CPU"
strip() { python3 -c 'import json,sys
def s(x):
    if isinstance(x,dict): return {k:s(v) for k,v in x.items() if "elapsed" not in k}
    if isinstance(x,list): return [s(v) for v in x]
    return x
print(json.dumps(s(json.load(open(sys.argv[1]))),sort_keys=True))' "$1"; }
for ck in $intervals; do
  rm -rf "$tmp/db"
  "$bin" "${args[@]}" --db "$tmp/db" --checkpoint-every "$ck" >/dev/null 2>&1 &
  pid=$!
  c=0
  while kill -0 "$pid" 2>/dev/null; do
    c=$(cpu "$pid" 2>/dev/null) || break
    awk -v c="$c" -v a="$at" 'BEGIN{exit !(c>=a)}' && break
    sleep 0.2
  done
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  /usr/bin/time -f "%U %S" -o "$tmp/res.time" "$bin" "${args[@]}" --db "$tmp/db" --resume --checkpoint-every "$ck" >"$tmp/res.json" 2>"$tmp/res.err" || true
  r=$(awk '{print $1+$2}' "$tmp/res.time")
  same=no
  [ "$(strip "$tmp/res.json")" = "$(strip "$tmp/full.json")" ] && same=yes
  echo "--checkpoint-every $ck: killed at ${c}s CPU; $(grep -ho 'resuming.*) ' "$tmp/res.err" || echo 'nothing resumed')"
  echo "   resume ${r}s CPU; lost $(awk -v c="$c" -v r="$r" -v f="$full" 'BEGIN{printf "%.1f", c+r-f}')s; same JSON: $same"
done
