module github.com/memcore/memcore

go 1.26.0

require (
	github.com/andybalholm/brotli v1.2.8 // indirect
	github.com/dlclark/regexp2 v1.12.0 // indirect
	github.com/ncruces/go-sqlite3 v0.35.3 // indirect
	github.com/ncruces/go-sqlite3-wasm/v3 v3.2.35304 // indirect
	github.com/ncruces/julianday v1.0.0 // indirect
	github.com/tetratelabs/wazero v1.12.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
