package main

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// MemDaily per trajectory, the way MemSim's own benchmark evaluates retrieval
// (nuster1128/MemSim benchmark/rawdata/infuse_noise.py and benchmark/Evaluator.py): the
// agent is reset for every trajectory, sees that trajectory's messages with noise messages
// inserted at random positions (η = 1 + noise messages per real message: MemDaily-10,
// -50, -100, -200 in the paper), and is asked the trajectory's one question; recall is
// measured on the question's target messages. MemSim draws the noise from its
// benchmark/rawdata/noise_pool.json, which is not in the published repository snapshot,
// so here the noise is the messages of the other trajectories of the input files, drawn
// with a seeded generator: that is harder than MemSim's pool, since another trajectory
// may state the same kind of fact ("我上司的生日是…") about another person. MemSim's
// benchmark also appends "(消息地点 <place>, 消息时间 <time>)" to each real message; that is
// left out here, because a trajectory's messages share one place and the noise messages
// (from other trajectories) mostly do not, so the suffix would mark the real messages.

// memDailyMessage is one message of a trajectory (its place is read but not written, see above).
type memDailyMessage struct {
	MID     int    `json:"mid"`
	Message string `json:"message"`
	Time    string `json:"time"`
	Place   string `json:"place"`
}

// memDailyFull is a trajectory as convertMemDailyPerTrajectory reads it (place included).
type memDailyFull struct {
	TID       any               `json:"tid"`
	Messages  []memDailyMessage `json:"message_list"`
	Questions []struct {
		Question string `json:"question"`
		Answer   any    `json:"answer"`
		Targets  []int  `json:"target_step_id"`
	} `json:"question_list"`
}

// memDailyText is the text of a message as a turn: the message alone (see above).
func memDailyText(m memDailyMessage) string { return m.Message }

// convertMemDailyPerTrajectory makes one sample per trajectory whose first question is
// valid (MemSim's post_process.py drops [ERRORQ]/[ERRORA] ones and keeps only the first):
// one session holding the trajectory's messages, in order, at seeded random positions
// among noise×len(messages) messages of other trajectories. Evidence is the target
// messages' new positions; the category is 100 + the file's number as in the pooled mode.
func convertMemDailyPerTrajectory(files []string, noise int, seed int64) ([]any, error) {
	if noise < 0 {
		return nil, fmt.Errorf("--noise: want 0 or more noise messages per message, got %d", noise)
	}
	type traj struct {
		file string
		cat  int
		idx  int
		t    memDailyFull
	}
	var all []traj
	sorted := slices.Clone(files)
	sort.Strings(sorted)
	for _, f := range sorted {
		base := filepath.Base(f)
		prefix, _, ok := strings.Cut(base, "_")
		if !ok || len(prefix) != 2 || prefix[0] < '0' || prefix[0] > '9' || prefix[1] < '0' || prefix[1] > '9' {
			return nil, fmt.Errorf("%s: want a MemDaily file named NN_<category>.json", f)
		}
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var trs []memDailyFull
		if err := json.Unmarshal(data, &trs); err != nil {
			return nil, fmt.Errorf("%s: not a MemDaily list of trajectories: %v", f, err)
		}
		cat := 100 + int(prefix[0]-'0')*10 + int(prefix[1]-'0')
		for i, t := range trs {
			all = append(all, traj{file: strings.TrimSuffix(base, ".json"), cat: cat, idx: i, t: t})
		}
	}
	// The noise pool: every message of every trajectory, with the trajectory it came from.
	type pooled struct {
		owner int
		text  string
	}
	var pool []pooled
	for i, tr := range all {
		for _, m := range tr.t.Messages {
			pool = append(pool, pooled{i, memDailyText(m)})
		}
	}
	rng := rand.New(rand.NewSource(seed))
	var out []any
	for i, tr := range all {
		if len(tr.t.Questions) == 0 || len(tr.t.Messages) == 0 {
			continue
		}
		q := tr.t.Questions[0]
		if q.Question == "[ERRORQ]" || q.Answer == "[ERRORA]" {
			continue
		}
		n := len(tr.t.Messages)
		total := n * (1 + noise)
		if avail := len(pool) - n; noise*n > avail {
			return nil, fmt.Errorf("%s.json: trajectory %d: --noise %d needs %d noise messages, the other trajectories have %d",
				tr.file, tr.idx, noise, noise*n, avail)
		}
		// The real messages' positions: n distinct slots of total, in order.
		slots := rng.Perm(total)[:n]
		sort.Ints(slots)
		isReal := make(map[int]int, n) // slot -> message index
		for mi, s := range slots {
			isReal[s] = mi
		}
		pos := map[int]int{} // mid -> 1-based turn index
		turns := make([]locomoTurn, 0, total)
		used := map[int]bool{}
		for s := 0; s < total; s++ {
			text := ""
			if mi, ok := isReal[s]; ok {
				m := tr.t.Messages[mi]
				pos[m.MID] = s + 1
				text = memDailyText(m)
			} else {
				for {
					k := rng.Intn(len(pool))
					if pool[k].owner != i && !used[k] {
						used[k] = true
						text = pool[k].text
						break
					}
				}
			}
			turns = append(turns, locomoTurn{Speaker: "用户", DiaID: fmt.Sprintf("D1:%d", s+1), Text: text})
		}
		item := locomoQA{Question: q.Question, Answer: q.Answer, Category: tr.cat}
		for _, t := range q.Targets {
			p, ok := pos[t]
			if !ok {
				return nil, fmt.Errorf("%s.json: trajectory %d: target_step_id %d names no message", tr.file, tr.idx, t)
			}
			id := fmt.Sprintf("D1:%d", p)
			if !slices.Contains(item.Evidence, id) {
				item.Evidence = append(item.Evidence, id)
			}
		}
		conv := map[string]any{"speaker_a": "用户", "speaker_b": "助手", "session_1": turns,
			"session_1_date_time": tr.t.Messages[0].Time}
		out = append(out, map[string]any{"sample_id": fmt.Sprintf("memdaily-%s#%d", tr.file, tr.idx),
			"conversation": conv, "qa": []locomoQA{item}})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no trajectory with a valid question in the input")
	}
	return out, nil
}
