//go:build !js

package dovfs

// Check reports whether Durable Object storage databases can be opened here: never
// outside the js build.
func Check() error { return ErrUnavailable }
