// Command hexproof settles questions about strategies in Cylindrical Hex by
// exhaustive search: a proof that a strategy wins against every opponent on a
// board, or a minimal counterexample. See README.md and docs/design.md §6.
package main

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"hexproof/reports"
)

// version is set with -ldflags "-X main.version=…" by the Makefile.
var version = "dev"

// Exit codes of docs/design.md §5.
const (
	exitOptimal       = 0
	exitRefuted       = 1
	exitUsage         = 2
	exitInconclusive  = 3
	exitStrategyError = 4
)

// command is one subcommand; run returns the exit code.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

// commands is filled by init functions of the files beside this one.
var commands = map[string]command{}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "--help", "help":
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				return c.run([]string{"--help"}, stdout, stderr)
			}
			fmt.Fprintf(stderr, "hexproof: unknown command %q\n", args[1])
			return exitUsage
		}
		usage(stdout)
		return 0
	case "-v", "--version", "version":
		fmt.Fprintln(stdout, "hexproof", version)
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "hexproof: unknown command %q (try 'hexproof help')\n", args[0])
		return exitUsage
	}
	return c.run(args[1:], stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprint(w, `hexproof settles strategies for Cylindrical Hex by exhaustive search: a proof
that a strategy wins against every opponent, or a minimal counterexample.

Usage: hexproof COMMAND [flags]   (hexproof COMMAND --help for its flags)

Commands:
`)
	for _, n := range slices.Sorted(maps.Keys(commands)) {
		text := reports.WrapIndented(commands[n].summary, strings.Repeat(" ", 14))
		fmt.Fprintf(w, "  %-11s %s", n, strings.TrimLeft(text, " "))
	}
	fmt.Fprint(w, `
Exit codes: 0 optimal, 1 refuted, 2 bad input or usage, 3 inconclusive,
4 strategy error. Cells are written (column,ring) as in the thesis, or c4
(column letter, ring).
`)
}

// helpColumns is the width --help wraps the flags' texts to.
const helpColumns = 80

// newFlags makes a flag set whose --help prints the command's usage line
// ("verify --board MxN …"; its first word names the command in errors) and
// synopsis to stdout.
func newFlags(usage, synopsis string, stdout io.Writer) *pflag.FlagSet {
	name, _, _ := strings.Cut(usage, " ")
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SortFlags = false
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintf(stdout, "Usage: %s\n%s\n\nFlags:\n", wrapUsage("hexproof "+usage), fitText(strings.TrimSpace(synopsis)))
		// Wrapped, so that a long help text fits a terminal.
		fmt.Fprint(stdout, fs.FlagUsagesWrapped(helpColumns))
	}
	return fs
}

// wrapUsage breaks a usage line ("hexproof verify --board MxN [flags]")
// after "Usage: " into lines of at most 80 columns, continuation lines
// indented under the command's name, never inside brackets nor between a
// flag and its value.
func wrapUsage(u string) string {
	var words []string
	depth, start := 0, 0
	for i, r := range u {
		switch {
		case r == '[':
			depth++
		case r == ']':
			depth--
		case r == ' ' && depth == 0:
			if i > start {
				words = append(words, u[start:i])
			}
			start = i + 1
		}
	}
	words = append(words, u[start:])
	// A flag keeps its value ("--moves" "…") on its line.
	for k := 0; k+1 < len(words); k++ {
		if next := words[k+1]; strings.HasPrefix(words[k], "--") && next != "" && !strings.ContainsAny(next[:1], "-[|") {
			words[k] += " " + words[k+1]
			words = slices.Delete(words, k+1, k+2)
		}
	}
	const indent = "                " // the width of "Usage: hexproof "
	var sb strings.Builder
	line := words[0]
	width := 80 - len("Usage: ")
	for _, w := range words[1:] {
		if utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > width {
			sb.WriteString(line + "\n")
			line, width = indent+w, 80
			continue
		}
		line += " " + w
	}
	sb.WriteString(line + "\n")
	return sb.String()
}

// fitText reflows each paragraph of a help text (paragraphs are separated
// by a blank line) that has a line wider than 80 columns, unless it is
// indented (a table, laid out by hand, kept as it is).
func fitText(s string) string {
	paras := strings.Split(s, "\n\n")
	for k, p := range paras {
		wide, indented := false, false
		for _, l := range strings.Split(p, "\n") {
			wide = wide || utf8.RuneCountInString(l) > 80
			indented = indented || strings.HasPrefix(l, " ")
		}
		if wide && !indented {
			paras[k] = strings.TrimSuffix(reports.WrapSentence(p), "\n")
		}
	}
	return strings.Join(paras, "\n\n")
}

// parseFlags parses args; it returns done=true with the exit code when the
// command should stop (help was asked for, or the flags were bad).
func parseFlags(fs *pflag.FlagSet, args []string, stderr io.Writer) (done bool, code int) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return true, 0 // pflag has already called fs.Usage
		}
		fmt.Fprintf(stderr, "hexproof %s: %v\n", fs.Name(), flagError(err))
		return true, exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "hexproof %s: unexpected argument %q\n", fs.Name(), strings.Join(fs.Args(), " "))
		return true, exitUsage
	}
	if err := checkGivenFlags(fs, args); err != nil {
		fmt.Fprintf(stderr, "hexproof %s: %v\n", fs.Name(), err)
		return true, exitUsage
	}
	return false, 0
}

// maxJobs is the most workers a command takes: more is a mistake (each is
// a goroutine with its own buffers), not a faster run.
const maxJobs = 1024

// emptyAllowed are the string flags whose empty value means something.
var emptyAllowed = map[string]bool{"moves": true} // the empty board

// checkGivenFlags refuses, for every command, what the flag parser lets
// through: a flag given twice (the parser keeps the last, silently), a
// string flag given an empty value (taken as "not given", which for --db
// meant the user cache, outside what the user named), and --jobs above
// maxJobs. A flag that takes a list (--take-from) may be repeated.
func checkGivenFlags(fs *pflag.FlagSet, args []string) error {
	seen := map[string]bool{}
	for _, a := range args {
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "--") {
			continue
		}
		name, _, _ := strings.Cut(a[2:], "=")
		if f := fs.Lookup(name); f == nil || f.Value.Type() == "stringArray" {
			continue
		}
		if seen[name] {
			return fmt.Errorf("--%s is given twice; give it once", name)
		}
		seen[name] = true
	}
	var err error
	fs.Visit(func(f *pflag.Flag) {
		if err == nil && f.Value.Type() == "string" && strings.TrimSpace(f.Value.String()) == "" && !emptyAllowed[f.Name] {
			err = fmt.Errorf("--%s is empty; give a value, or leave the flag out", f.Name)
		}
	})
	if err != nil {
		return err
	}
	if f := fs.Lookup("jobs"); f != nil {
		if n, perr := strconv.Atoi(f.Value.String()); perr == nil && n > maxJobs {
			return fmt.Errorf("--jobs %d: at most %d workers", n, maxJobs)
		}
	}
	return nil
}

// fail prints one line and returns the exit code.
func fail(stderr io.Writer, cmd string, code int, err error) int {
	fmt.Fprintf(stderr, "hexproof %s: %v\n", cmd, err)
	return code
}

// flagError words a value the flag parser refused by what the flag wants,
// instead of the parser's own text ("strconv.ParseInt: parsing …").
func flagError(err error) error {
	var bad *pflag.InvalidValueError
	if !errors.As(err, &bad) {
		return err
	}
	want := "a valid value"
	switch bad.GetFlag().Value.Type() {
	case "int", "int64", "int32", "uint", "uint64":
		want = "a whole number"
	case "float64":
		want = "a number"
	case "duration":
		want = "a duration such as 90s, 30m or 2h"
	case "bool":
		want = "true or false"
	}
	return fmt.Errorf("--%s: %q is not %s", bad.GetFlag().Name, bad.GetValue(), want)
}
