package gtp

import "syscall"

// sysProcAttr puts an engine in its own process group and has the kernel
// kill it when hexproof ends (the parent-death signal; see spawn).
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
