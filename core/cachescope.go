package core

import (
	"strconv"
	"sync/atomic"
)

// Extraction's message cache (core/internal/facts/msgcache.go) is one per process and
// keeps each message's facts under a scope, so that a call finds only what its own
// namespace's calls read and a call's speed tells nothing of another's messages. The
// scope was the namespace's name alone: two databases of one process — the wasm builds
// serve several from one instance, and a Worker isolate may run several users' Durable
// Objects — with a namespace of the same name ("default") shared entries, so one
// database's call could time whether another's had read a message, and a purge in one
// dropped the other's entries. The scope is now the engine and the namespace.

// engineSerial numbers the engines opened in this process.
var engineSerial atomic.Uint64

// cacheScope is the namespace's scope in extraction's message cache: this engine's
// serial and the namespace's name.
func (n *Namespace) cacheScope() string {
	return strconv.FormatUint(n.e.serial, 10) + "\x00" + n.name
}
