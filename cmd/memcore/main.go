// Command memcore is memcore's native tool: the demo, the retrieval eval on
// LoCoMo-format data and the benchmarks. Each subcommand lives in its own file and
// registers itself in commands.
package main

import (
	"fmt"
	"os"
	"sort"
)

// command is one subcommand: a one-line summary and its entry point (args exclude the
// subcommand's name).
type command struct {
	summary string
	run     func(args []string) error
}

var commands = map[string]command{}

func main() {
	if len(os.Args) < 2 || commands[os.Args[1]].run == nil {
		usage()
		os.Exit(2)
	}
	if err := commands[os.Args[1]].run(os.Args[2:]); err != nil {
		fmt.Fprintf(os.Stderr, "memcore %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: memcore <command> [flags]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(os.Stderr, "  %-8s %s\n", n, commands[n].summary)
	}
}
