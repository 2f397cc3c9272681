package store

import (
	"sort"

	"github.com/ncruces/go-sqlite3"
)

// StmtCost is what SQLite counted for one cached statement since the last reset
// (sqlite3_stmt_status): how often it ran, its virtual machine steps, the steps of full
// table scans, sorts, and how often SQLite had to prepare it again. Issue 15 measured
// per-call cost with these, because in the wasm builds every VM step of SQLite (translated
// to Go by wasm2go, then compiled to wasm) costs about ten times its native cost: the
// lever is doing fewer steps per call. VM steps do not count the work inside a virtual
// table (FTS5's own code, bm25()), only the opcodes around it.
type StmtCost struct {
	SQL                                        string
	Runs, VMSteps, FullscanSteps, Sorts, Repre int
}

// StmtCosts returns the counters of every cached statement that ran at least once since
// the last reset, most VM steps first, and resets them when reset. It is for tests and
// benches (core's TestOpCost_…); statements run outside the cache (migrations,
// QueryStrings) are not in it.
func (d *DB) StmtCosts(reset bool) []StmtCost {
	var out []StmtCost
	for sql, s := range d.stmts {
		c := StmtCost{SQL: sql,
			Runs:          s.Status(sqlite3.STMTSTATUS_RUN, reset),
			VMSteps:       s.Status(sqlite3.STMTSTATUS_VM_STEP, reset),
			FullscanSteps: s.Status(sqlite3.STMTSTATUS_FULLSCAN_STEP, reset),
			Sorts:         s.Status(sqlite3.STMTSTATUS_SORT, reset),
			Repre:         s.Status(sqlite3.STMTSTATUS_REPREPARE, reset),
		}
		if c.Runs > 0 || c.VMSteps > 0 {
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].VMSteps > out[j].VMSteps })
	return out
}
