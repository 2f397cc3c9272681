package core

import (
	"github.com/memcore/memcore/core/internal/recall"
	"github.com/memcore/memcore/core/internal/store"
	"github.com/memcore/memcore/core/internal/text"
)

// commonQueryScan is how many of the newest matching memories a query made only of
// stopwords ranks (at least; 10 per candidate wanted when the pool is larger). See
// matchLexical.
const commonQueryScan = 500

// matchLexical returns the BM25 candidates of tokens in ns, best first, at most pool,
// partial (store.Candidate.Partial: only what scoring needs; Recall reads its hits
// whole with fillHits).
//
// A query of stopwords only ("you the by to"; text.QueryTokens keeps them when dropping
// them would leave nothing; also CJK glue bigrams only, 你是谁: text.CommonOnly) matches
// nearly every memory, and ranking every match was the
// slowest 5 % of recalls (issue 15). Such a query ranks only the newest
// max(commonQueryScan, 10·pool) matching memories (store.MatchMemoriesNewest): the
// work no longer grows with the database, and a namespace with fewer matches is ranked
// in full as before. Any other query ranks every match (store.MatchMemories).
//
// When other namespaces share the database, FTS5's candidates (nsHeadroom times as many)
// are scored again with the namespace's own BM25 statistics (nsbm25.go).
func (e *Engine) matchLexical(ns string, tokens []string, f store.Filter, pool int) ([]store.Candidate, error) {
	match, w := recall.MatchExpr(tokens), storeWeights(e.scoring)
	e.bm25go.synced = false // until matchLexicalIndex syncs (bm25index_hits.go)
	st, shared, err := e.lexicalStats(ns)
	if err != nil {
		return nil, err
	}
	if st.Rows == 0 && e.db.KeepsBM25Stats() {
		return nil, nil // emptyFTS (nsempty.go): nothing of ns to match
	}
	if shared {
		// Whole candidates: the rescoring reads their title, subject and content.
		lex, err := e.matchLexicalFTS(ns, match, tokens, f, w, nsHeadroom*pool, true)
		if err != nil {
			return nil, err
		}
		return e.rescoreNS(ns, tokens, st, lex, w, pool)
	}
	if c, ok, err := e.matchLexicalIndex(ns, tokens, st, f, w, pool); ok || err != nil {
		return c, err // bm25index.go: no MATCH at all
	}
	if e.useBM25Go(st, tokens) {
		return e.matchLexicalGo(ns, match, tokens, f, w, pool) // bm25go.go
	}
	return e.matchLexicalFTS(ns, match, tokens, f, w, pool, false)
}

// matchLexicalFTS is matchLexical ranked by FTS5's bm25 alone. Its candidates are partial
// (Recall reads its hits whole) unless whole is set: the per-namespace rescoring reads
// each candidate's indexed text.
func (e *Engine) matchLexicalFTS(ns, match string, tokens []string, f store.Filter, w store.Weights, pool int, whole bool) ([]store.Candidate, error) {
	common := text.CommonOnly(tokens)
	switch {
	case common && whole:
		return e.db.MatchMemoriesNewest(ns, match, f, w, pool, max(commonQueryScan, 10*pool))
	case common:
		return e.db.MatchMemoryScoresNewest(ns, match, f, w, pool, max(commonQueryScan, 10*pool))
	case whole:
		return e.db.MatchMemories(ns, match, f, w, pool)
	}
	return e.db.MatchMemoryScores(ns, match, f, w, pool)
}

// matchTurnsOnce returns the BM25 matches of tokens among the turns of ns (and session, when
// not ""), best first, at most pool; a query of stopwords only ranks the newest
// max(commonQueryScan, 10·pool) matching turns, as matchLexical does for memories.
//
// As for memories, when other namespaces share the database the matches are scored again
// with the namespace's own BM25 statistics (nsbm25.go).
func (e *Engine) matchTurnsOnce(ns string, tokens []string, session string, pool int) ([]store.TurnHit, error) {
	match, cw := recall.MatchExpr(tokens), e.scoring.TurnContextBM25
	st, err := e.db.TurnBM25Stats(ns)
	if err != nil {
		return nil, err
	}
	if st.Rows == 0 && e.db.KeepsBM25Stats() {
		return nil, nil // emptyFTS (nsempty.go): nothing of ns to match
	}
	if st.Rows > 0 && st.Rows < st.TableRows {
		hits, err := e.matchTurnsFTS(ns, match, tokens, session, cw, pool)
		if err != nil {
			return nil, err
		}
		return e.rescoreTurnsNS(ns, tokens, st, hits, cw, pool)
	}
	return e.matchTurnsFTS(ns, match, tokens, session, cw, pool)
}

// matchTurnsFTS is matchTurns ranked by FTS5's bm25 alone.
func (e *Engine) matchTurnsFTS(ns, match string, tokens []string, session string, cw float64, pool int) ([]store.TurnHit, error) {
	if text.CommonOnly(tokens) {
		return e.db.MatchTurnsNewest(ns, match, session, cw, pool, max(commonQueryScan, 10*pool))
	}
	return e.db.MatchTurnsRanked(ns, match, session, cw, pool)
}
