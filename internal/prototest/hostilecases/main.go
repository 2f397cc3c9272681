// Command hostilecases prints the protocol's hostile-input table (prototest.HostileTable)
// as JSON, for the runners that are not written in Go: js/test/hostile.test.mjs runs it
// with `go run ./internal/prototest/hostilecases` and sends every case through the npm
// package in Node.
package main

import (
	"os"

	"github.com/memcore/memcore/internal/prototest"
)

func main() {
	os.Stdout.Write(prototest.HostileJSON())
}
