package main

import (
	"fmt"
	"strings"

	"hexproof/internal/procmem"
)

// The default --memory (issue 32): a share of what the machine has free when
// the run starts, so that a laptop's run is not killed by the operating
// system and a large machine's run is not starved.

// memoryShare is the fraction of the available memory a run takes by
// default: half, leaving room for the rest of the machine and for the
// process's fixed share beside its budget.
const memoryShare = 2

// defaultMemoryHelp says in --help what the default is.
const defaultMemoryHelp = "half the memory available when the run starts (MemAvailable, or the cgroup's limit if lower)"

// defaultMemory is the default budget: memoryShare of the memory available
// (MemAvailable in /proc/meminfo, or what the cgroup's limit leaves, if
// lower), at least minMemory; 4 GiB where neither can be read.
func defaultMemory() int64 {
	avail := procmem.Available()
	if avail <= 0 {
		return 4 << 30
	}
	// Rounded down to 64 MiB, so that the small changes of the free memory
	// between two runs seldom change the budget a report shows.
	return max(avail/memoryShare/(64<<20)*(64<<20), minMemory)
}

// memoryFlag reads --memory, or gives the default when it is empty.
func memoryFlag(s string) (int64, error) {
	if strings.TrimSpace(s) == "" {
		return defaultMemory(), nil
	}
	return parseMemory(s)
}

// formatBytes writes a size as --memory takes it, in the largest binary
// unit that keeps one decimal (e.g. 1.5GiB, 16MiB).
func formatBytes(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	v, u := float64(n), 0
	for v >= 1024 && u < len(units)-1 {
		v, u = v/1024, u+1
	}
	if v == float64(int64(v)) {
		return fmt.Sprintf("%d%s", int64(v), units[u])
	}
	return fmt.Sprintf("%.1f%s", v, units[u])
}
