//go:build js && wasm

package main

import (
	"context"
	"syscall/js"

	"github.com/memcore/memcore/internal/host"
)

// callBytes is __memcore.callBytes(request, bytes): like call, with bytes beside the JSON
// request (a restore with "binary": true restores them) and the bytes a snapshot with
// "binary": true answered beside the response. It resolves with {response, bytes}, bytes
// a new Uint8Array or null. Each direction costs one copy across the wasm boundary
// (js.CopyBytesToGo, js.CopyBytesToJS), where base64 in JSON costs an encoding, a
// string conversion and a decoding, each a third larger than the database. The copy in
// is made before the Promise is returned, so the caller may reuse its array at once.
func callBytes(h *host.Host, args []js.Value) any {
	var request string
	var in []byte
	ok := len(args) >= 1 && len(args) <= 2 && args[0].Type() == js.TypeString
	if ok {
		request = args[0].String()
	}
	if ok && len(args) == 2 && args[1].Type() != js.TypeNull && args[1].Type() != js.TypeUndefined {
		if !args[1].InstanceOf(js.Global().Get("Uint8Array")) {
			ok = false
		} else {
			in = make([]byte, args[1].Get("byteLength").Int())
			js.CopyBytesToGo(in, args[1])
		}
	}
	return newPromise(func(resolve, reject js.Value) {
		if !ok {
			reject.Invoke(js.Global().Get("TypeError").New("__memcore.callBytes takes a JSON request string and a Uint8Array or null"))
			return
		}
		go func() {
			resp, out := h.CallBytes(context.Background(), []byte(request), in)
			r := js.Global().Get("Object").New()
			r.Set("response", string(resp))
			if out == nil {
				r.Set("bytes", js.Null())
			} else {
				u := js.Global().Get("Uint8Array").New(len(out))
				js.CopyBytesToJS(u, out)
				r.Set("bytes", u)
			}
			resolve.Invoke(r)
		}()
	})
}
