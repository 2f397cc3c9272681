package store

// QueryStrings runs one SQL statement on the connection and returns the first column of
// each row as text (nothing for a statement without rows). It is for tests, which use
// it to look at what the engine wrote (fts5vocab, raw rows) or to provoke failures (a
// temporary trigger); the engine itself never runs SQL it did not write.
func (d *DB) QueryStrings(sql string, args ...any) ([]string, error) {
	s, _, err := d.conn.Prepare(sql)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	if err := bind(s, args...); err != nil {
		return nil, err
	}
	var out []string
	for s.Step() {
		out = append(out, s.ColumnText(0))
	}
	return out, s.Err()
}
