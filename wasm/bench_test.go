package wasm_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// BenchmarkWasm measures requests through the wasip1 build under wazero; compare
// binaries (for example a -bounds build) with MEMCORE_WASI_WASM=path.
//
//	go test -run '^$' -bench Wasm ./wasm
func BenchmarkWasm(b *testing.B) {
	c := newClient(b, "")
	ctx := context.Background()
	mustCall := func(req string) {
		out, err := c.Call(ctx, []byte(req))
		if err != nil || !strings.Contains(string(out[:min(len(out), 64)]), `"ok":true`) {
			b.Fatalf("%.200s: %v %.300s", req, err, out)
		}
	}
	openDB := func() string {
		out, err := c.Call(ctx, []byte(`{"v":1,"op":"open","args":{"path":""}}`))
		if err != nil {
			b.Fatal(err)
		}
		i := strings.Index(string(out), `"db":`)
		n := strings.IndexAny(string(out[i+5:]), ",}")
		return string(out[i+5 : i+5+n])
	}
	batch := func(db string, from int) string {
		var ms []string
		for i := from; i < from+100; i++ {
			ms = append(ms, fmt.Sprintf(`{"content":"memory %d about topic%d and the user's project %d, written in Python and Go"}`, i, i%37, i%101))
		}
		return `{"v":1,"op":"remember","db":` + db + `,"args":{"memories":[` + strings.Join(ms, ",") + `]}}`
	}
	b.Run("remember100", func(b *testing.B) {
		db := openDB()
		for i := 0; b.Loop(); i++ {
			mustCall(batch(db, i*100))
		}
	})
	b.Run("recall_10k", func(b *testing.B) {
		db := openDB()
		for i := range 100 {
			mustCall(batch(db, i*100))
		}
		for i := 0; b.Loop(); i++ {
			mustCall(`{"v":1,"op":"recall","db":` + db + `,"args":{"query":"topic` + strconv.Itoa(i%37) + ` python project","peek":true}}`)
		}
	})
}
