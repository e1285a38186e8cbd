//go:build !linux

package gtp

import "syscall"

// sysProcAttr puts an engine in its own process group (without Linux's
// parent-death signal, an engine outlives a hexproof killed with kill -9).
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
