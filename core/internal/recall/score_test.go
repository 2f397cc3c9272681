package recall

import (
	"math"
	"testing"
	"time"
)

var now = time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestFuse_lexicalRelevanceIsBM25OverBest(t *testing.T) {
	w := DefaultWeights()
	in := []Input{{BM25: 2}, {BM25: 8}, {BM25: 4}, {BM25: 0}}
	w.Fuse(in)
	for i, want := range []float64{0.25, 1, 0.5, 0} {
		if !near(in[i].Relevance, want) {
			t.Errorf("candidate %d: relevance %v, want %v", i, in[i].Relevance, want)
		}
	}
}

func TestFuse_cases(t *testing.T) {
	w := DefaultWeights()
	for _, tc := range []struct {
		name string
		in   []Input
		want []float64
	}{
		{"empty", nil, nil},
		{"single", []Input{{BM25: 3}}, []float64{1}},
		{"all_zero", []Input{{BM25: 0}, {BM25: 0}}, []float64{0, 0}},
		{"hybrid_rrf", []Input{
			{BM25: 5, BM25Rank: 1, VectorRank: 1}, // 2/61
			{BM25: 4, BM25Rank: 2},                // 1/62
			{Cosine: 0.9, VectorRank: 2},          // 1/62
		}, []float64{1, (1.0 / 62) / (2.0 / 61), (1.0 / 62) / (2.0 / 61)}},
		{"hybrid_vector_only_best", []Input{
			{BM25: 9, BM25Rank: 1},
			{Cosine: 0.8, VectorRank: 1},
		}, []float64{1, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w.Fuse(tc.in)
			for i, want := range tc.want {
				if !near(tc.in[i].Relevance, want) {
					t.Errorf("candidate %d: relevance %v, want %v", i, tc.in[i].Relevance, want)
				}
			}
		})
	}
}

func TestScore_components(t *testing.T) {
	w := DefaultWeights()
	day := 24 * time.Hour
	halfLifeAgo := now.Add(-time.Duration(w.RecencyHalfLifeDays * float64(day)))
	heatAgo := now.Add(-time.Duration(w.HeatHalfLifeDays * float64(day)))
	for _, tc := range []struct {
		name string
		in   Input
		want Components
	}{
		{"fresh", Input{BM25: 3, Relevance: 1, UpdatedAt: now, Importance: 0.5},
			Components{BM25: 3, Relevance: 1, Recency: 1, Importance: 0.5}},
		{"recency_half_at_half_life", Input{Relevance: 1, UpdatedAt: halfLifeAgo},
			Components{Relevance: 1, Recency: 0.5}},
		{"recency_quarter_at_two_half_lives", Input{UpdatedAt: now.Add(-2 * time.Duration(w.RecencyHalfLifeDays*float64(day)))},
			Components{Recency: 0.25}},
		{"future_update_no_decay", Input{UpdatedAt: now.Add(day)}, Components{Recency: 1}},
		{"heat_zero_without_accesses", Input{UpdatedAt: now, LastAccess: &now, AccessCount: 0},
			Components{Recency: 1}},
		{"heat_zero_without_last_access", Input{UpdatedAt: now, AccessCount: 7},
			Components{Recency: 1}},
		{"heat_saturates", Input{UpdatedAt: now, LastAccess: &now, AccessCount: int64(w.HeatSaturation)},
			Components{Recency: 1, Heat: 1 - math.Exp(-1)}},
		{"heat_decays", Input{UpdatedAt: now, LastAccess: &heatAgo, AccessCount: int64(w.HeatSaturation)},
			Components{Recency: 1, Heat: (1 - math.Exp(-1)) / 2}},
		{"vector", Input{Cosine: 0.8, Relevance: 0.5, UpdatedAt: now}, Components{Vector: 0.8, Relevance: 0.5, Recency: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, c := w.Score(tc.in, now)
			if !near(c.BM25, tc.want.BM25) || !near(c.Relevance, tc.want.Relevance) || !near(c.Recency, tc.want.Recency) ||
				!near(c.Importance, tc.want.Importance) || !near(c.Heat, tc.want.Heat) || !near(c.Vector, tc.want.Vector) {
				t.Errorf("components = %+v, want %+v", c, tc.want)
			}
			want := w.Relevance*c.Relevance + w.Recency*c.Recency + w.Importance*c.Importance + w.Heat*c.Heat
			if !near(s, want) {
				t.Errorf("score = %v, want the weighted sum %v", s, want)
			}
		})
	}
}

func TestScore_weightsOrder(t *testing.T) {
	w := DefaultWeights()
	if sum := w.Relevance + w.Recency + w.Importance + w.Heat; !near(sum, 1) {
		t.Errorf("default weights sum to %v, want 1 (scores in [0, 1])", sum)
	}
	// All else equal, more relevant, more important, more recent and hotter score higher.
	base := Input{Relevance: 0.5, UpdatedAt: now.Add(-48 * time.Hour), Importance: 0.5}
	s0, _ := w.Score(base, now)
	for name, f := range map[string]func(*Input){
		"relevance":  func(in *Input) { in.Relevance = 0.9 },
		"importance": func(in *Input) { in.Importance = 0.9 },
		"recency":    func(in *Input) { in.UpdatedAt = now },
		"heat":       func(in *Input) { in.AccessCount, in.LastAccess = 3, &now },
	} {
		in := base
		f(&in)
		if s, _ := w.Score(in, now); s <= s0 {
			t.Errorf("more %s: score %v, not above %v", name, s, s0)
		}
	}
}

func TestHalfLife_noDecayWithoutHalfLife(t *testing.T) {
	for _, days := range []float64{0, -1} {
		if got := halfLife(1000*time.Hour, days); got != 1 {
			t.Errorf("halfLife(days=%v) = %v, want 1", days, got)
		}
	}
}

func TestPool_cases(t *testing.T) {
	w := DefaultWeights()
	for _, tc := range []struct{ limit, want int }{{1, w.CandidatePool}, {10, w.CandidatePool}, {100, 500}} {
		if got := w.Pool(tc.limit); got != tc.want {
			t.Errorf("Pool(%d) = %d, want %d", tc.limit, got, tc.want)
		}
	}
}

func TestMatchExpr_cases(t *testing.T) {
	for _, tc := range []struct {
		name   string
		tokens []string
		want   string
	}{
		{"none", nil, ""},
		{"one", []string{"python"}, `"python"`},
		{"or_joined", []string{"python", "脚本", "脚"}, `"python" OR "脚本" OR "脚"`},
		{"fts_syntax_is_quoted", []string{"NEAR", "AND", "col:x", "a*", "(b)", "^c"},
			`"NEAR" OR "AND" OR "col:x" OR "a*" OR "(b)" OR "^c"`},
		{"quotes_doubled", []string{`say"hi"`}, `"say""hi"""`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := MatchExpr(tc.tokens); got != tc.want {
				t.Errorf("MatchExpr(%q) = %s, want %s", tc.tokens, got, tc.want)
			}
		})
	}
}
