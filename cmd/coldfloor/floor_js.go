//go:build js && wasm

// Command coldfloor is a measuring harness, not part of the package: the floor that the
// pinned stack sets for a cold start (issue 15 item 5) and a browser's first visit (issue
// 13 item 2). It links only github.com/ncruces/go-sqlite3 v0.35.3 with FTS5 registered as
// memcore registers it (sqlite3.AutoExtension(fts5.Register)), plus memcore's OPFS VFS
// (internal/opfs) so that the browser can open a file as memcore does; nothing else of
// memcore. Built with the shipped build's flags by `go run ./cmd/coldfloor` (the native
// half of this command, build.go). js/bench/coldfloor.mjs (Node) and
// test/browser/bench-floor.mjs (Chromium) time it beside memcore and sqlite-wasm.
//
// On start it sets globalThis.__floor = { open(path), insert(text), match(query) },
// each returning a Promise answered from a goroutine (as memcore's calls are), and calls
// globalThis.__floor_ready():
//
//   - open(path): opens ":memory:" (SQLite's own) or, in a browser's Dedicated Worker, an
//     OPFS file (the Web Lock and access handles acquired first, journal_mode=TRUNCATE, as
//     memcore's js entry does), then CREATE VIRTUAL TABLE IF NOT EXISTS t USING
//     fts5(content). Resolves with null.
//   - insert(text): INSERT INTO t(content) VALUES (?). Resolves with the rowid.
//   - match(query): SELECT rowid, content, rank FROM t WHERE t MATCH ? ORDER BY rank
//     LIMIT 10, every column read. Resolves with the number of rows.
//
// A failure rejects with an Error carrying SQLite's (or OPFS's) message.
package main

import (
	"context"
	"errors"
	"syscall/js"

	"github.com/ncruces/go-sqlite3"
	"github.com/ncruces/go-sqlite3/ext/fts5"

	"github.com/memcore/memcore/internal/opfs"
)

var conn *sqlite3.Conn

func main() {
	sqlite3.AutoExtension(fts5.Register)
	api := js.Global().Get("Object").New()
	api.Set("open", async(func(a []js.Value) (any, error) { return nil, open(a[0].String()) }))
	api.Set("insert", async(func(a []js.Value) (any, error) { return insert(a[0].String()) }))
	api.Set("match", async(func(a []js.Value) (any, error) { return match(a[0].String()) }))
	js.Global().Set("__floor", api)
	if ready := js.Global().Get("__floor_ready"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// open opens path (":memory:" or an OPFS path such as "/floor.db") and creates the table.
func open(path string) error {
	if conn != nil {
		return errors.New("coldfloor: already open")
	}
	uri := ":memory:"
	if path != ":memory:" {
		if err := opfs.Check(); err != nil {
			return err
		}
		clean, err := opfs.Clean(path)
		if err != nil {
			return err
		}
		release, err := opfs.Acquire(context.Background(), clean)
		if err != nil {
			return err
		}
		defer release() // the open connection keeps its own reference
		uri = "file:" + clean + "?vfs=" + opfs.Name
	}
	c, err := sqlite3.Open(uri)
	if err != nil {
		return err
	}
	if path != ":memory:" {
		if err := c.Exec("PRAGMA journal_mode=" + opfs.JournalMode); err != nil {
			c.Close()
			return err
		}
	}
	if err := c.Exec("CREATE VIRTUAL TABLE IF NOT EXISTS t USING fts5(content)"); err != nil {
		c.Close()
		return err
	}
	conn = c
	return nil
}

func insert(text string) (any, error) {
	s, _, err := conn.Prepare("INSERT INTO t(content) VALUES (?)")
	if err != nil {
		return nil, err
	}
	defer s.Close()
	if err := s.BindText(1, text); err != nil {
		return nil, err
	}
	if err := s.Exec(); err != nil {
		return nil, err
	}
	return float64(conn.LastInsertRowID()), nil
}

func match(q string) (any, error) {
	s, _, err := conn.Prepare("SELECT rowid, content, rank FROM t WHERE t MATCH ? ORDER BY rank LIMIT 10")
	if err != nil {
		return nil, err
	}
	defer s.Close()
	if err := s.BindText(1, q); err != nil {
		return nil, err
	}
	rows := 0
	for s.Step() {
		_, _, _ = s.ColumnInt64(0), s.ColumnText(1), s.ColumnFloat(2)
		rows++
	}
	return rows, s.Err()
}

// async wraps fn as a JS function returning a Promise settled from a goroutine: a
// js.FuncOf callback runs on the event loop and must not block on a Promise (OPFS's
// steps), which is why memcore answers its calls the same way.
func async(fn func([]js.Value) (any, error)) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) any {
		args = append([]js.Value(nil), args...)
		var executor js.Func
		executor = js.FuncOf(func(_ js.Value, pr []js.Value) any {
			resolve, reject := pr[0], pr[1]
			go func() {
				v, err := fn(args)
				if err != nil {
					reject.Invoke(js.Global().Get("Error").New(err.Error()))
					return
				}
				resolve.Invoke(v)
			}()
			return nil
		})
		defer executor.Release()
		return js.Global().Get("Promise").New(executor)
	})
}
