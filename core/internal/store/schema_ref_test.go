package store

import (
	"bytes"
	"context"
	"os"
	"testing"
)

// TestReferenceSchema_golden: schema_ref.json is the reference schema a database built by
// the migrations has at this build's version. UPDATE_GOLDEN=1 writes it.
func TestReferenceSchema_golden(t *testing.T) {
	// Open registers FTS5 as an auto extension, which buildReference's connection needs.
	d, err := Open(context.Background(), ":memory:", Options{})
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	built, err := buildReference(SchemaVersion)
	if err != nil {
		t.Fatal(err)
	}
	want, err := referenceFile(SchemaVersion, built)
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("UPDATE_GOLDEN") != "" {
		if err := os.WriteFile("schema_ref.json", want, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote schema_ref.json for schema version %d", SchemaVersion)
		return
	}
	if !bytes.Equal(refJSON, want) {
		t.Fatalf("schema_ref.json is not the reference schema of version %d; regenerate it with UPDATE_GOLDEN=1 go test ./core/internal/store -run TestReferenceSchema_golden", SchemaVersion)
	}
	if _, ok := embeddedReference(SchemaVersion); !ok {
		t.Fatal("embeddedReference does not read schema_ref.json")
	}
}
