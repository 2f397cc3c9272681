package facts

import "testing"

// TestPatterns_compile compiles every pattern of the package: they compile lazily, on
// first use, so without this a broken one would fail only the first call that needs it.
func TestPatterns_compile(t *testing.T) {
	patternsOf(kLesson) // the table registers its patterns when it is built
	if len(allPatterns) < 50 {
		t.Fatalf("only %d patterns registered: were some compiled eagerly again?", len(allPatterns))
	}
	for i, compile := range allPatterns {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("pattern %d does not compile: %v", i, r)
				}
			}()
			compile()
		}()
	}
}
