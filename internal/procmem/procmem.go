// Package procmem reads what the operating system says of this process's
// memory and of the machine's: the memory available to a new run and the
// process's peak resident memory. Linux only; elsewhere every figure is 0
// (unknown).
package procmem

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// Available is the memory a run may use without pushing the machine into
// swap or its cgroup into reclaim: MemAvailable, or what the cgroup's limit
// leaves if that is lower; 0 when neither can be read.
func Available() int64 {
	avail := meminfoAvailable()
	if c := cgroupAvailable(); c > 0 && (avail <= 0 || c < avail) {
		avail = c
	}
	return avail
}

// PeakRSS is the process's peak resident memory so far in bytes (VmHWM:
// anonymous memory and the file pages it maps), or 0 where it cannot be
// read.
func PeakRSS() int64 { return statusKB("VmHWM:") }

// RSS is the process's resident memory now, by kind: anonymous, and file
// pages it maps (in bytes).
func RSS() (anon, file int64) { return statusKB("RssAnon:"), statusKB("RssFile:") }

// ProcessKB is the "Name: N kB" line of /proc/PID/status in bytes (0 if
// the process is gone or has no such line): a parent reads its child's
// memory with it.
func ProcessKB(pid int, name string) int64 {
	return fieldKB("/proc/"+strconv.Itoa(pid)+"/status", name)
}

// statusKB is a "Name: N kB" line of /proc/self/status in bytes.
func statusKB(name string) int64 { return fieldKB("/proc/self/status", name) }

// meminfoAvailable is MemAvailable in bytes (0 if unknown).
func meminfoAvailable() int64 { return fieldKB("/proc/meminfo", "MemAvailable:") }

// fieldKB is the "Name: N kB" line of a /proc file in bytes (0 if unknown).
func fieldKB(path, name string) int64 {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == name {
			kb, err := strconv.ParseInt(fields[1], 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}

// cgroupAvailable is the cgroup's memory limit less its usage (cgroup v2,
// then v1), or 0 when there is no limit or it cannot be read.
func cgroupAvailable() int64 {
	read := func(path string) int64 {
		raw, err := os.ReadFile(path)
		if err != nil {
			return 0
		}
		v, err := strconv.ParseInt(strings.TrimSpace(string(raw)), 10, 64)
		if err != nil {
			return 0 // "max": no limit
		}
		return v
	}
	for _, p := range [][2]string{
		{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current"},
		{"/sys/fs/cgroup/memory/memory.limit_in_bytes", "/sys/fs/cgroup/memory/memory.usage_in_bytes"},
	} {
		limit := read(p[0])
		if limit <= 0 || limit >= 1<<60 {
			continue
		}
		return max(limit-read(p[1]), 0)
	}
	return 0
}
