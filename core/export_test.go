package core

import "time"

// QueryStrings runs one SQL statement on the engine's connection, for tests that look at
// what the engine wrote or provoke storage failures.
func (e *Engine) QueryStrings(sql string, args ...any) ([]string, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.db.QueryStrings(sql, args...)
}

// NextID exposes the engine's id generator to tests.
func (e *Engine) NextID(now time.Time) string { return e.ids.next(now) }
