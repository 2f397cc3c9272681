package host_test

import (
	"strings"
	"testing"

	"github.com/memcore/memcore/internal/dovfs"
	"github.com/memcore/memcore/internal/host"
)

// Outside workerd, "vfs": "do" (a Durable Object's storage) is unsupported, and says
// where it works.
func TestOpenVFS_durableObjectUnsupportedNatively(t *testing.T) {
	h := host.New()
	m, out := call(t, h, `{"v":1,"id":1,"op":"open","args":{"path":"/1/memcore.db","vfs":"do"}}`)
	e, _ := m["error"].(map[string]any)
	if e == nil || e["code"] != "unsupported" || e["field"] != "vfs" || !strings.Contains(e["message"].(string), dovfs.ErrUnavailable.Error()) {
		t.Fatalf("open vfs do natively → %s", out)
	}
}
