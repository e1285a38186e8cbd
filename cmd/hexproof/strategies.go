package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"hexproof/strategies"
)

func init() {
	commands["strategies"] = command{"list the strategies hexproof knows", runStrategies}
}

const strategiesHelp = `Lists the registered strategies: name, side, source, description; then the
options of the strategies that have some. An option is chosen after the name,
as NAME:key=value,key=value (e.g. --strategy fitzgerald:area=off,skip=4); an
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
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tSIDE\tSOURCE\tDESCRIPTION")
	for _, s := range all {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", s.Name, s.Side, s.Seed, s.Description)
	}
	tw.Flush()
	for _, s := range all {
		if len(s.Options) == 0 {
			continue
		}
		fmt.Fprintf(stdout, "\nOptions of %s (NAME:key=value,…; default first):\n", s.Name)
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		for _, op := range s.Options {
			fmt.Fprintf(tw, "  %s\t%s\t%s\n", op.Key, strings.Join(op.Values, " | "), op.Doc)
		}
		tw.Flush()
	}
	return 0
}
