//go:build !js

package opfs

import "context"

// Check reports whether OPFS databases can be opened here: never outside the js build.
func Check() error { return ErrUnavailable }

// Acquire fails: OPFS exists only in a browser's Dedicated Worker (the js build).
func Acquire(ctx context.Context, path string) (release func(), err error) {
	return nil, ErrUnavailable
}
