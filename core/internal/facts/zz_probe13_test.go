package facts

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestZZProbe13(t *testing.T) {
	b, err := os.ReadFile("/tmp/x13/probe.txt")
	if err != nil {
		t.Skip()
	}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		fmt.Printf("%s\n", l)
		for _, f := range Extract([]Message{{Role: "user", Text: l}}, Options{MinMessages: 1}).Facts {
			fmt.Printf("    %s | %s | %s | sv=%v\n", f.Type, f.Predicate, f.Content, SingleValued(f))
		}
	}
}
