package main

import (
	"fmt"
	"io"

	"hexproof/strategies"
)

func init() {
	commands["strategies"] = command{"list the strategies hexproof knows", runStrategies}
}

func runStrategies(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("strategies", "Lists the registered strategies: name, side, source, description.", stdout)
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	all := strategies.All()
	if len(all) == 0 {
		fmt.Fprintln(stdout, "(no strategies registered)")
	}
	for _, s := range all {
		fmt.Fprintf(stdout, "%-13s %-4s  %-22s %s\n", s.Name, s.Side, s.Seed, s.Description)
	}
	return 0
}
