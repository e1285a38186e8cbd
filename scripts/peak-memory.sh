#!/usr/bin/env bash
# peak-memory.sh CMD... — runs CMD and prints, on stderr, its wall time and
# the peaks of its anonymous memory (RssAnon: the process's own memory, what
# --memory bounds) and of its resident set (VmHWM, which also counts the
# pages of Badger's memory-mapped files, reclaimable page cache), sampled
# every 0.1 s from /proc/PID/status. Used for docs/performance.md.
set -u
start=$(date +%s.%N)
"$@" &
pid=$!
peak_anon=0
peak_rss=0
while kill -0 "$pid" 2>/dev/null; do
	if [ -r "/proc/$pid/status" ]; then
		anon=$(awk '/^RssAnon:/ {print $2}' "/proc/$pid/status" 2>/dev/null)
		hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null)
		[ -n "$anon" ] && [ "$anon" -gt "$peak_anon" ] && peak_anon=$anon
		[ -n "$hwm" ] && [ "$hwm" -gt "$peak_rss" ] && peak_rss=$hwm
	fi
	sleep 0.1
done
wait "$pid"
rc=$?
end=$(date +%s.%N)
printf 'peak-memory: exit %d, wall %.1f s, peak anon %d MB, peak RSS %d MB\n' \
	"$rc" "$(echo "$end - $start" | bc)" $((peak_anon / 1024)) $((peak_rss / 1024)) >&2
exit "$rc"
