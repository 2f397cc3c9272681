package host_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
	"github.com/memcore/memcore/internal/host"
	"github.com/memcore/memcore/internal/opfs"
)

// Outside a browser worker, "vfs": "opfs" is unsupported with OPFS's own explanation;
// an unknown vfs or an OPFS database without a path is invalid.
func TestOpenVFS(t *testing.T) {
	h := host.New()
	m, out := call(t, h, `{"v":1,"id":1,"op":"open","args":{"path":"agent.db","vfs":"opfs"}}`)
	e, _ := m["error"].(map[string]any)
	if e == nil || e["code"] != "unsupported" || e["field"] != "vfs" || !strings.Contains(e["message"].(string), opfs.ErrUnavailable.Error()) {
		t.Fatalf("open vfs opfs natively → %s", out)
	}
	wantErr(t, h, `{"v":1,"op":"open","args":{"path":"agent.db","vfs":"idb"}}`, "invalid_argument", "vfs")
	wantErr(t, h, `{"v":1,"op":"open","args":{"path":":memory:","vfs":"opfs"}}`, "invalid_argument", "path")
	wantErr(t, h, `{"v":1,"op":"open","args":{"vfs":"opfs"}}`, "invalid_argument", "path")
	wantErr(t, h, `{"v":1,"op":"open","args":{"path":"a.db","vfs":1}}`, "invalid_argument", "vfs")

	// "vfs": "" is the default VFS.
	openDB(t, h, `{"path":":memory:","vfs":""}`)
}

// The vfs reaches core.Options; the journal mode is the engine's choice (the js build
// sets TRUNCATE for OPFS), DELETE by default.
func TestOpenVFSOption(t *testing.T) {
	var got core.Options
	h := host.New()
	h.Open = func(ctx context.Context, o core.Options) (*core.Engine, error) {
		got = o
		o.VFS = "" // natively: the OS's files
		return core.Open(ctx, o)
	}
	path := filepath.Join(t.TempDir(), "a.db")
	// Natively opfs.Check fails before Open; test the pass-through with the default.
	openDB(t, h, `{"path":`+quote(path)+`}`)
	if got.VFS != "" || got.JournalMode != "" {
		t.Fatalf("options %+v", got)
	}
}

func quote(s string) string { return `"` + strings.ReplaceAll(s, `\`, `\\`) + `"` }
