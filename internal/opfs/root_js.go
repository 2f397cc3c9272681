//go:build js

package opfs

import "syscall/js"

// RootGlobal is the global through which the browser worker (js/browser-worker.js) hands
// over the origin's OPFS root directory, asked for when the worker starts: a Promise of
// navigator.storage.getDirectory()'s handle. A visit's first getDirectory takes 20 ms on
// an idle machine and 100–150 ms on a busy one (docs/BROWSER.md, "Where a first open()
// goes"); asked for at the worker's start, it resolves while the module downloads and
// compiles, instead of inside the first open.
const RootGlobal = "__memcore_opfs_root"

// opfsRoot returns the OPFS root directory handle: the worker's early request when there is
// one and it succeeded, else a new navigator.storage.getDirectory() — whose error, in a
// context without OPFS, is the one the open reports.
func opfsRoot(storage js.Value) (js.Value, error) {
	if p := js.Global().Get(RootGlobal); p.Type() == js.TypeObject {
		// Promise.resolve(p) adopts p's outcome: the handle, or the early request's error,
		// after which getDirectory is asked again for its own answer.
		if dir, err := awaitCall(js.Global().Get("Promise"), "resolve", p); err == nil && dir.Type() == js.TypeObject {
			return dir, nil
		}
	}
	return awaitCall(storage, "getDirectory")
}
