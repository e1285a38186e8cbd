package main

import (
	"fmt"
	"io"
	"strings"

	"hexproof/reports"
	"hexproof/strategies"
)

func init() {
	commands["strategies"] = command{"list the strategies hexproof knows", runStrategies}
}

const strategiesHelp = `Lists the registered strategies: name, side, description and source, each
strategy a block of lines of at most 80 columns; then the options of the
strategies that have some. An option is chosen after the name, as
NAME:key=value,key=value (e.g. --strategy fitzgerald:area=off,skip=4); an
option not given keeps its default, the first value listed.

Exit codes: 0 listed, 2 bad usage.`

func runStrategies(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("strategies", strategiesHelp, stdout)
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	all := strategies.All()
	if len(all) == 0 {
		fmt.Fprintln(stdout, "(no strategies registered)")
		return 0
	}
	for k, s := range all {
		if k > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprintf(stdout, "%s (%s)\n", s.Name, s.Side)
		fmt.Fprint(stdout, reports.WrapIndented(s.Description, "    "))
		fmt.Fprint(stdout, reports.WrapIndented("source: "+s.Seed, "    "))
	}
	for _, s := range all {
		if len(s.Options) == 0 {
			continue
		}
		fmt.Fprintf(stdout, "\nOptions of %s (NAME:key=value,…; default first):\n", s.Name)
		for _, op := range s.Options {
			fmt.Fprint(stdout, reports.WrapIndented(op.Key+": "+strings.Join(op.Values, " | "), "  "))
			fmt.Fprint(stdout, reports.WrapIndented(op.Doc, "      "))
		}
	}
	return 0
}
