module github.com/memcore/memcore

go 1.26.0

require (
	github.com/andybalholm/brotli v1.2.8
	github.com/dlclark/regexp2 v1.12.0
	github.com/ncruces/go-sqlite3 v0.35.3
	github.com/tetratelabs/wazero v1.12.0
	golang.org/x/text v0.43.0
)

require (
	github.com/ncruces/go-sqlite3-wasm/v3 v3.2.35304 // indirect
	github.com/ncruces/julianday v1.0.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
)
