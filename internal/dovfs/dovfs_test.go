package dovfs

import (
	"errors"
	"testing"
)

func TestParsePath_roundTrip(t *testing.T) {
	for _, tc := range []struct {
		id   int
		name string
	}{{1, "memcore.db"}, {42, "agent one.db"}, {7, "数据库"}} {
		id, name, err := ParsePath(Path(tc.id, tc.name))
		if err != nil || id != tc.id || name != tc.name {
			t.Errorf("ParsePath(Path(%d, %q)) = %d, %q, %v", tc.id, tc.name, id, name, err)
		}
	}
}

func TestParsePath_refuses(t *testing.T) {
	for _, p := range []string{"", "memcore.db", "/memcore.db", "/0/x", "/-1/x", "/a/x", "/1/", "/1/a/b", "/1/a\\b", "/1/a\x00"} {
		if _, _, err := ParsePath(p); err == nil {
			t.Errorf("ParsePath(%q) accepted it", p)
		}
	}
}

func TestCheck_unavailableOutsideJS(t *testing.T) {
	if err := Check(); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("Check() = %v, want ErrUnavailable", err)
	}
}
