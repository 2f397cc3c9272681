package prototest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHostileTable checks the hostile-input table (at least 80 distinct cases, each
// expecting a code of the closed set) and that docs/RELIABILITY.md shows it as it is;
// MEMCORE_WRITE_TABLE=1 rewrites the doc's table.
func TestHostileTable(t *testing.T) {
	table := HostileTable()
	if len(table) < 80 {
		t.Errorf("%d hostile cases, want at least 80", len(table))
	}
	seen := map[string]bool{}
	inputs := map[string]bool{}
	for _, h := range table {
		if seen[h.Name] || !strings.Contains(h.Name, "/") || !strings.HasPrefix(h.Name, h.Op+"/") {
			t.Errorf("case %q: duplicate, or not named op/what after its op %q", h.Name, h.Op)
		}
		seen[h.Name] = true
		if inputs[h.Op+" "+h.Args] {
			t.Errorf("case %q repeats another case's request", h.Name)
		}
		inputs[h.Op+" "+h.Args] = true
		if h.Code != "" && !contains(AllCodes, h.Code) || h.Code == "" && h.Field != "" || h.What == "" {
			t.Errorf("case %q: code %q field %q what %q", h.Name, h.Code, h.Field, h.What)
		}
		if !json.Valid([]byte(strings.ReplaceAll(strings.ReplaceAll(h.Args, "$SEED", `"x"`), "%d", "0"))) && !strings.Contains(h.Args, "[[[[") {
			t.Errorf("case %q: args are not JSON", h.Name)
		}
	}
	path := filepath.Join("..", "..", "docs", "RELIABILITY.md")
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	updated, ok := ReplaceHostileTable(string(doc))
	if !ok {
		t.Fatalf("%s has no %q … %q markers", path, HostileTableBegin, HostileTableEnd)
	}
	if updated == string(doc) {
		return
	}
	if os.Getenv("MEMCORE_WRITE_TABLE") != "" {
		if err := os.WriteFile(path, []byte(updated), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's hostile-input table is stale: MEMCORE_WRITE_TABLE=1 go test ./internal/prototest -run TestHostileTable", path)
}

func TestHostileJSON_roundTrip(t *testing.T) {
	var out struct {
		Seed  string            `json:"seed"`
		Cases []hostileJSONCase `json:"cases"`
	}
	if err := json.Unmarshal(HostileJSON(), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Cases) != len(HostileTable()) || out.Seed == "" {
		t.Fatalf("%d cases, seed %q", len(out.Cases), out.Seed)
	}
	if out.Cases[0].Args != HostileTable()[0].Args {
		t.Error("args changed on the way")
	}
}
