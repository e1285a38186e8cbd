package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"hexproof/strategies"
)

// The output contracts every command keeps (docs/reliability.md, "Output paths" and "Contracts every command keeps"):
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
	// files are the names the command writes in a directory output: each
	// must be free for a regular file (not a directory, not a link).
	files []string
	// input marks a path the command reads (a certificate, a plan
	// directory), named in messages by label: no output may be it or lie
	// inside it.
	input bool
	label string
}

// inputOf is an input for checkOutputSet.
func inputOf(label, path string, dir bool) output {
	return output{path: path, dir: dir, input: true, label: label}
}

// certificateInput is the certificate file a strategy spec reads, if any.
func certificateInput(spec string) output {
	if path, ok := strings.CutPrefix(spec, "certificate:"); ok {
		return inputOf("the certificate of --strategy", path, false)
	}
	if path, ok := strings.CutPrefix(spec, strategies.CertificateImagesPrefix); ok {
		return inputOf("the certificate of --strategy", path, false)
	}
	if path, ok := strings.CutPrefix(spec, strategies.OverlayPrefix); ok {
		return inputOf("the overlay of --strategy", path, false)
	}
	return output{}
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
		if o.path == "-" && !o.input {
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
		switch {
		case o.input:
		case o.dir:
			err = checkDirWritable(o.flag, o.path)
			for _, name := range o.files {
				if err == nil {
					err = checkFreeName(o.flag, o.path, name)
				}
			}
		default:
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
			if given[i].input && given[j].input {
				continue
			}
			if keys[j] == keys[i] {
				if in, out := given[j], given[i]; in.input || out.input {
					if out.input {
						in, out = out, in
					}
					return fmt.Errorf("--%s %s would overwrite %s; give another path", out.flag, out.path, in.label)
				}
				return fmt.Errorf("--%s %s and --%s %s name the same path; give each its own", given[j].flag, given[j].path, o.flag, o.path)
			}
			for _, k := range [][2]int{{i, j}, {j, i}} {
				outer, inner := given[k[0]], given[k[1]]
				if !strings.HasPrefix(keys[k[1]], keys[k[0]]+string(filepath.Separator)) || inner.input {
					continue
				}
				switch {
				case outer.input:
					return fmt.Errorf("--%s %s lies inside %s (%s); give a path outside it", inner.flag, inner.path, outer.label, outer.path)
				case !outer.dir:
					return fmt.Errorf("--%s %s is a file, and --%s %s would go inside it; give each its own path", outer.flag, outer.path, inner.flag, inner.path)
				default:
					// hexproof fills a directory output with files of its
					// own (and a database deletes its folder): another
					// output inside it could be overwritten or removed.
					return fmt.Errorf("--%s %s lies inside --%s %s, which hexproof fills; give a path outside it", inner.flag, inner.path, outer.flag, outer.path)
				}
			}
		}
	}
	return nil
}

// checkFreeName checks that dir/name can be written as a regular file: it
// is absent, or a regular file (not a directory or a link, which would
// write elsewhere or fail after the work).
func checkFreeName(flag, dir, name string) error {
	st, err := os.Lstat(filepath.Join(dir, name))
	switch {
	case err != nil:
		return nil
	case st.Mode()&os.ModeSymlink != 0:
		return fmt.Errorf("--%s %s: %s there is a symbolic link; hexproof writes that file itself, so remove the link", flag, dir, name)
	case !st.Mode().IsRegular():
		return fmt.Errorf("--%s %s: %s there is not a file; hexproof writes that file itself, so move it away", flag, dir, name)
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
