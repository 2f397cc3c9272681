//go:build js && wasm

package main

import (
	"context"
	"syscall/js"

	"github.com/memcore/memcore/core"
	"github.com/memcore/memcore/internal/dovfs"
)

// openDO opens a database kept in a Durable Object's own storage (internal/dovfs), which
// js/workerd.js registered and named in the path "/<storage id>/<name>". The journal is
// in memory and new databases get dovfs.PageBytes pages, one stored row each; the page
// cache (cacheKiB) bounds the memory an owner's database takes in the isolate.
func openDO(ctx context.Context, o core.Options) (*core.Engine, error) {
	if _, _, err := dovfs.ParsePath(o.Path); err != nil {
		return nil, &core.Error{Code: core.CodeInvalidArgument, Field: "path", Message: err.Error()}
	}
	if k := js.Global().Get("__memcore_dovfs_bench"); k.Truthy() {
		if n := k.Get("pageBytes"); n.Truthy() {
			if err := dovfs.SetPageBytes(n.Int()); err != nil {
				return nil, &core.Error{Code: core.CodeInvalidArgument, Field: "pageBytes", Message: err.Error()}
			}
		}
	}
	o.JournalMode = dovfs.JournalMode
	o.PageBytes = dovfs.PageBytes
	eng, err := core.Open(ctx, o)
	if err != nil {
		return nil, err
	}
	return eng, nil
}
