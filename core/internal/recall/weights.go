package recall

// Weights are recall's tunables. JSON names are used in engine options.
type Weights struct {
	// Relevance, Recency, Importance and Heat weigh the four components of the score.
	Relevance  float64 `json:"relevance"`
	Recency    float64 `json:"recency"`
	Importance float64 `json:"importance"`
	Heat       float64 `json:"heat"`

	// RecencyHalfLifeDays: a memory last updated this many days ago has recency 0.5.
	RecencyHalfLifeDays float64 `json:"recencyHalfLifeDays"`
	// HeatHalfLifeDays: heat halves for every this many days since the last access.
	HeatHalfLifeDays float64 `json:"heatHalfLifeDays"`
	// HeatSaturation: access counts well above this add little more heat.
	HeatSaturation float64 `json:"heatSaturation"`

	// TitleBM25, SubjectBM25 and ContentBM25 are FTS5's bm25 column weights: a query
	// word in a memory's title or subject (which includes predicate and tags) counts more
	// than in its content.
	TitleBM25   float64 `json:"titleBM25"`
	SubjectBM25 float64 `json:"subjectBM25"`
	ContentBM25 float64 `json:"contentBM25"`

	// TurnContextBM25 is searchTurns' bm25 weight for the words of the turn a turn replies
	// to, against 1 for its own words.
	TurnContextBM25 float64 `json:"turnContextBM25"`

	// TurnSessionBoost is what searchTurns adds to a turn's score, times the best score
	// of another matching turn of the same session: the turns that answer one question
	// are usually said in one conversation, so a session that matches one part of a
	// question well lifts its turns that match another part ("the forum's size, and my
	// neighbourhood's name" finds the neighbourhood of the conversation about the forum).
	// 0 ranks every turn on its own.
	TurnSessionBoost float64 `json:"turnSessionBoost"`

	// TurnFeedback is the weight of searchTurns' pseudo-relevance feedback
	// (core/turnfeedback.go): the words of the best turn found that the query lacks score
	// the turns found again, and a turn gets TurnFeedback × that score (scaled to the best
	// BM25). A question that names one side of a fact ("the person whose phone is …")
	// lifts the turns about the other side. 0 turns it off.
	TurnFeedback float64 `json:"turnFeedback"`

	// TurnAnswerKind is how much searchTurns lifts a turn that holds the kind of answer
	// the question's words ask for (core/turnanswerkind.go): its score times
	// 1 + TurnAnswerKind when "when …?" finds a date or a time in it, "how many …?" a
	// number. 0 turns it off.
	TurnAnswerKind float64 `json:"turnAnswerKind"`

	// MinRelevance drops candidates whose relevance (bm25 / best bm25) is below it: a
	// memory that shares only a word found in most memories is noise in a prompt, however
	// important or recent it is.
	MinRelevance float64 `json:"minRelevance"`

	// MinSimilarity is the cosine similarity a memory's embedding needs to the query's to
	// be a vector candidate: nearest neighbours always exist, related or not. The right
	// value depends on the embedding model (unrelated texts score ~0.1 with some, ~0.7
	// with others); 0 keeps every neighbour.
	MinSimilarity float64 `json:"minSimilarity"`

	// RRFK is reciprocal rank fusion's constant k (hybrid recall): larger values flatten
	// the advantage of the top ranks. 60 is the value of the original RRF paper.
	RRFK float64 `json:"rrfK"`

	// CandidatePool is how many BM25 matches are re-scored, at least; the pool is
	// max(CandidatePool, 5·limit).
	CandidatePool int `json:"candidatePool"`
}

// DefaultWeights are the defaults. Relevance dominates: a memory must be about the query
// first; recency, importance and heat then order memories that are about equally
// relevant (two memories 0.1 apart in relevance swap only if the other components
// differ by more than 0.1·0.70/0.30 of their range).
func DefaultWeights() Weights {
	return Weights{
		Relevance:           0.70,
		Recency:             0.10,
		Importance:          0.15,
		Heat:                0.05,
		RecencyHalfLifeDays: 30,
		HeatHalfLifeDays:    7,
		HeatSaturation:      5,
		TitleBM25:           3,
		SubjectBM25:         2,
		ContentBM25:         1,
		TurnContextBM25:     0.4,
		TurnSessionBoost:    0.4,
		TurnFeedback:        0.3,
		TurnAnswerKind:      0.25,
		MinRelevance:        0.1,
		MinSimilarity:       0.25,
		RRFK:                60,
		CandidatePool:       50,
	}
}

// Pool returns how many candidates to fetch for a recall of limit results.
func (w Weights) Pool(limit int) int {
	return max(w.CandidatePool, 5*limit)
}
