package store

import (
	_ "embed"
	"encoding/json"
)

// The reference schema of the current version, as checkSchema compares a file's with it,
// is embedded (schema_ref.json) instead of built at the first open of each process: building
// it means creating every table of a new in-memory database, which in the wasm builds costs
// tens of milliseconds of a repeat visit's open — SQLite code compiled for it and run once.
// Older versions (a file about to be migrated) are still built. The file is generated from a
// built reference and checked against one by TestReferenceSchema_golden (UPDATE_GOLDEN=1
// go test ./core/internal/store -run TestReferenceSchema_golden writes it).

//go:embed schema_ref.json
var refJSON []byte

// refFile is schema_ref.json: the schema version it stands for and its objects.
type refFile struct {
	Version int         `json:"version"`
	Objects []refObject `json:"objects"`
}

type refObject struct {
	Type   string `json:"type"`
	Name   string `json:"name"`
	Table  string `json:"table"`
	SQL    string `json:"sql"`
	Shadow bool   `json:"shadow,omitempty"`
}

// embeddedReference returns schema_ref.json's objects when the file stands for version v.
func embeddedReference(v int) ([]schemaObject, bool) {
	var f refFile
	if err := json.Unmarshal(refJSON, &f); err != nil || f.Version != v || len(f.Objects) == 0 {
		return nil, false
	}
	out := make([]schemaObject, len(f.Objects))
	for i, o := range f.Objects {
		out[i] = schemaObject{typ: o.Type, name: o.Name, table: o.Table, sql: o.SQL, shadow: o.Shadow}
	}
	return out, true
}

// referenceFile renders objects of version v as schema_ref.json.
func referenceFile(v int, objects []schemaObject) ([]byte, error) {
	f := refFile{Version: v}
	for _, o := range objects {
		f.Objects = append(f.Objects, refObject{Type: o.typ, Name: o.name, Table: o.table, SQL: o.sql, Shadow: o.shadow})
	}
	b, err := json.MarshalIndent(f, "", "\t")
	return append(b, '\n'), err
}
