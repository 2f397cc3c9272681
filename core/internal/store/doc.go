// Package store is memcore's SQLite layer: the schema and its migrations, the pragmas that
// make one file safe under native Go and both wasm targets, and every query the engine runs.
//
// It knows nothing of validation or scoring: callers (package core) hand it valid records
// and pre-tokenized FTS text; it hands back rows. All times are stored as Unix milliseconds.
package store
