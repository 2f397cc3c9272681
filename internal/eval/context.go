package eval

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/memcore/memcore/core"
)

// The context mode (Options.Context, `memcore eval --context`) measures what an agent
// gets, not only what SearchTurns ranks: every session is replayed through ExtractFacts
// (the heuristics, no LLM) as an agent would call it — after every ReplayEvery turns
// appended, over the session's last replayWindow turns, committing what it finds — and each
// question is then asked with BuildContext in a fresh session. A question's evidence
// counts as found when its turn is in the <recalled-memories> block, or a memory in the
// block was learned from it (the memory's source turns).

// ReplayEvery is how many turns are appended between two ExtractFacts calls.
const ReplayEvery = 10

// replayWindow is how many of the session's last messages an ExtractFacts call gets.
const replayWindow = 20

// contextBudget is the budgetTokens of every BuildContext of the context mode: a small
// model's window, whose memory share (15%) bounds the block.
const contextBudget = 8000

// ContextScore is the context mode's outcome for a set of questions.
type ContextScore struct {
	N int `json:"n"`
	// Found is the mean share of a question's evidence in the block (memories or turns).
	Found float64 `json:"found"`
	// ByMemory and ByTurn split Found by how the evidence came: through an extracted
	// memory, or as a turn (evidence reached both ways counts as a memory).
	ByMemory float64 `json:"byMemory"`
	ByTurn   float64 `json:"byTurn"`
	// Items and Tokens are the block's mean entries and estimated tokens.
	Items  float64 `json:"items"`
	Tokens float64 `json:"tokens"`
	// MemoriesOnly is Found with the turn fallback off (recallTurns: false): the block
	// of memories alone, as before the fallback.
	MemoriesOnly float64 `json:"memoriesOnly"`
}

type contextTally struct {
	n                         int
	found, byMem, byTurn, its float64
	toks, memOnly             float64
}

func (t *contextTally) add(o contextTally) {
	t.n += o.n
	t.found += o.found
	t.byMem += o.byMem
	t.byTurn += o.byTurn
	t.its += o.its
	t.toks += o.toks
	t.memOnly += o.memOnly
}

func (t *contextTally) score() ContextScore {
	if t.n == 0 {
		return ContextScore{}
	}
	n := float64(t.n)
	return ContextScore{N: t.n, Found: t.found / n, ByMemory: t.byMem / n, ByTurn: t.byTurn / n,
		Items: t.its / n, Tokens: t.toks / n, MemoriesOnly: t.memOnly / n}
}

// extractWindow calls ExtractFacts, committing, over the last replayWindow of a
// session's turns (all appended so far), as an agent does after a few turns; it returns
// the number of memories stored. The messages end with the session's last turns, so the
// memories get those turns as their source.
func extractWindow(ctx context.Context, ns *core.Namespace, session string, turns []core.Turn) (int, error) {
	from := max(0, len(turns)-replayWindow)
	msgs := make([]map[string]string, 0, len(turns)-from)
	for _, t := range turns[from:] {
		msgs = append(msgs, map[string]string{"role": t.Role, "content": t.Content})
	}
	raw, err := json.Marshal(msgs)
	if err != nil {
		return 0, err
	}
	r, err := ns.ExtractFacts(ctx, raw, core.ExtractOptions{Commit: true, SessionID: session, UseLLM: new(bool)})
	if err != nil {
		return 0, fmt.Errorf("%s: extractFacts: %w", session, err)
	}
	return len(r.Memories), nil
}

// scoreContext asks q with BuildContext and returns the share of evidence (canonical
// dia_ids) in its recall block.
func scoreContext(ctx context.Context, ns *core.Namespace, q string, evidence []string,
	diaOf map[string]string) (contextTally, error) {
	t, err := scoreBlock(ctx, ns, q, evidence, diaOf, true)
	if err != nil {
		return t, err
	}
	mem, err := scoreBlock(ctx, ns, q, evidence, diaOf, false)
	t.memOnly = mem.found
	return t, err
}

func scoreBlock(ctx context.Context, ns *core.Namespace, q string, evidence []string,
	diaOf map[string]string, withTurns bool) (contextTally, error) {
	msgs, _ := json.Marshal([]map[string]string{{"role": "user", "content": q}})
	r, err := ns.BuildContext(ctx, core.BuildContextOptions{SessionID: "eval-question", Messages: msgs,
		BudgetTokens: contextBudget, RecallTurns: &withTurns})
	if err != nil {
		return contextTally{}, err
	}
	viaMem, viaTurn := map[string]bool{}, map[string]bool{}
	for _, it := range r.RecalledItems {
		switch it.Kind {
		case core.RecalledTurn:
			viaTurn[diaOf[it.ID]] = true
		case core.RecalledMemory:
			m, err := ns.Get(ctx, it.ID)
			if err != nil {
				return contextTally{}, err
			}
			if m.Source != nil {
				for _, id := range m.Source.TurnIDs {
					viaMem[diaOf[id]] = true
				}
			}
		}
	}
	t := contextTally{n: 1, its: float64(len(r.RecalledItems)), toks: float64(r.Report.Recall)}
	for _, e := range evidence {
		switch {
		case viaMem[e]:
			t.found++
			t.byMem++
		case viaTurn[e]:
			t.found++
			t.byTurn++
		}
	}
	k := float64(len(evidence))
	t.found, t.byMem, t.byTurn = t.found/k, t.byMem/k, t.byTurn/k
	return t, nil
}
