//go:build js && wasm

// Command bare is the lowest floor of cmd/coldfloor: Go's js/wasm runtime and syscall/js
// with nothing else, built with the shipped build's flags by `go run ./cmd/coldfloor`. It
// sets globalThis.__floor = { open, insert, match } as cmd/coldfloor does, but each only
// resolves its Promise from a goroutine (no SQLite), then calls globalThis.__floor_ready():
// what starting Go and one call's round trip cost, before any SQLite.
package main

import "syscall/js"

func main() {
	api := js.Global().Get("Object").New()
	for _, name := range []string{"open", "insert", "match"} {
		api.Set(name, js.FuncOf(func(_ js.Value, _ []js.Value) any {
			var executor js.Func
			executor = js.FuncOf(func(_ js.Value, pr []js.Value) any {
				resolve := pr[0]
				go func() { resolve.Invoke(0) }()
				return nil
			})
			defer executor.Release()
			return js.Global().Get("Promise").New(executor)
		}))
	}
	js.Global().Set("__floor", api)
	if ready := js.Global().Get("__floor_ready"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
