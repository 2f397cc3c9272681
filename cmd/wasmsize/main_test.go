package main

import "testing"

func TestGroup_packages(t *testing.T) {
	for name, want := range map[string]string{
		"github.com_ncruces_go_sqlite3.__env_.Xsqlite3_value_free":          "github.com_ncruces_go_sqlite3",
		"github.com_ncruces_go_sqlite3_wasm_v3.__Module_._pragmaVtabCursor": "github.com_ncruces_go_sqlite3_wasm_v3 (SQLite, translated to Go)",
		"internal_abi.NoEscape":                      "internal_abi",
		"context.__backgroundCtx_.Value":             "context",
		"golang.org_x_text_unicode_norm.Form.String": "golang.org_x_text_unicode_norm",
		"": "(no name)",
	} {
		if got := group(name); got != want {
			t.Errorf("group(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestSections_refusesNonWasm(t *testing.T) {
	if _, err := sections([]byte("not wasm at all")); err == nil {
		t.Fatal("sections accepted bytes that are not a module")
	}
}
