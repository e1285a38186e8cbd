package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// The output contracts every command keeps (docs/reliability.md, "Outputs"):
// each output path is checked before the work starts; "-" means standard
// output where a flag accepts it and is refused elsewhere; two outputs on one
// path are bad input; and checking leaves nothing behind.

// output is one file or directory a command will write, as the user named it
// on the command line.
type output struct {
	flag string // the flag's name without dashes, e.g. "json"
	path string // "" when the flag was not given
	dir  bool   // a directory, which the command creates when it writes
	std  bool   // "-" means standard output for this flag
}

// checkOutputSet checks a command's outputs before its work: "-" only where
// it means standard output, and at most once; no two outputs on one path,
// nor a file where a directory output goes; each one writable. It writes
// nothing (a file it creates to try is removed, a directory is not created).
func checkOutputSet(outs ...output) error {
	var given []output
	stdUser := ""
	for _, o := range outs {
		if o.path == "" {
			continue
		}
		if o.path == "-" {
			if !o.std {
				what := "a file name"
				if o.dir {
					what = "a directory"
				}
				return fmt.Errorf("--%s -: standard output is not accepted here; give %s", o.flag, what)
			}
			if stdUser != "" {
				return fmt.Errorf("--%s - and --%s - both write to standard output; give one of them a file", stdUser, o.flag)
			}
			stdUser = o.flag
			continue
		}
		given = append(given, o)
	}
	// Each path alone first (an existing directory given for a file is
	// reported as such), then the paths against each other.
	for _, o := range given {
		var err error
		if o.dir {
			err = checkDirWritable(o.flag, o.path)
		} else {
			err = checkOutputFile(o.flag, o.path)
		}
		if err != nil {
			return err
		}
	}
	keys := make([]string, len(given))
	for i, o := range given {
		keys[i] = canonicalPath(o.path)
		for j := range i {
			if keys[j] == keys[i] {
				return fmt.Errorf("--%s %s and --%s %s name the same path; give each its own", given[j].flag, given[j].path, o.flag, o.path)
			}
			for _, k := range [][2]int{{i, j}, {j, i}} {
				if outer, inner := given[k[0]], given[k[1]]; !outer.dir && strings.HasPrefix(keys[k[1]], keys[k[0]]+string(filepath.Separator)) {
					return fmt.Errorf("--%s %s is a file, and --%s %s would go inside it; give each its own path", outer.flag, outer.path, inner.flag, inner.path)
				}
			}
		}
	}
	return nil
}

// canonicalPath is path made absolute and clean, with the symbolic links of
// its longest existing prefix resolved, so that two spellings of one file
// compare equal.
func canonicalPath(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	rest := ""
	for p := abs; ; p = filepath.Dir(p) {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(real, rest)
		}
		if filepath.Dir(p) == p {
			return abs
		}
		rest = filepath.Join(filepath.Base(p), rest)
	}
}

// checkDirWritable checks that dir is, or can be made, a directory the
// command can write in, without creating it: an existing dir must be a
// directory with room for a file; otherwise its nearest existing ancestor
// must be.
func checkDirWritable(flag, dir string) error {
	at := dir
	for {
		st, err := os.Stat(at)
		if err == nil {
			if !st.IsDir() {
				if at == dir {
					return fmt.Errorf("--%s %s: is a file, not a directory", flag, dir)
				}
				return fmt.Errorf("--%s %s: cannot create the directory: %s is a file", flag, dir, at)
			}
			break
		}
		if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			return fmt.Errorf("--%s %s: cannot use it: %v", flag, dir, pathReason(err))
		}
		up := filepath.Dir(at)
		if up == at {
			break
		}
		at = up
	}
	f, err := os.CreateTemp(at, ".hexproof-check-*")
	if err != nil {
		verb := "write there"
		if at != dir {
			verb = "create the directory"
		}
		return fmt.Errorf("--%s %s: cannot %s: %v", flag, dir, verb, pathReason(err))
	}
	f.Close()
	return os.Remove(f.Name())
}

// safeName turns a name derived from user input (a strategy spec, which may
// hold a certificate's path) into one path component: characters other than
// letters, digits and . _ - = , + : become _ (a path separator among them),
// and when any was replaced (or the name would be . or ..) a short hash of
// the original keeps two names apart.
// A database folder built from it stays inside the folder the user gave.
func safeName(s string) string {
	var sb strings.Builder
	changed := false
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', strings.ContainsRune("._-=,+:", r):
			sb.WriteRune(r)
		default:
			sb.WriteByte('_')
			changed = true
		}
	}
	out := sb.String()
	if changed || out == "" || out == "." || out == ".." {
		h := uint32(2166136261)
		for i := 0; i < len(s); i++ {
			h = (h ^ uint32(s[i])) * 16777619
		}
		out = fmt.Sprintf("%s-%08x", out, h)
	}
	return out
}
