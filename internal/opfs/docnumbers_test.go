package opfs_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/memcore/memcore/internal/opfs"
)

// docs/BROWSER.md's numbers about OPFS's Web Lock and browsers are the code's: a worker
// that opens a file another worker owns waits LockWait for its lock, and the lock's name is
// the one the doc gives (another program of the origin can look for it).
func TestDocNumbers_browserMDStatesLockWaitAndName(t *testing.T) {
	b, err := os.ReadFile("../../docs/BROWSER.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(string(b)), " ")
	for _, want := range []string{
		fmt.Sprintf("waits for that lock for at most %d s and then fails with `storage` on `path`", int(opfs.LockWait.Seconds())),
		fmt.Sprintf("name `%s`", opfs.LockName("/agent.db")),
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("docs/BROWSER.md does not say %q", want)
		}
	}
}
