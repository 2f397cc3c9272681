package main

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/memcore/memcore/core"
)

func init() {
	commands["demo"] = command{
		summary: "replay a bilingual agent conversation into a file database and recall from it",
		run:     runDemo,
	}
}

// demoSession is one scripted conversation of the demo agent: what was said, and what
// the agent decided to remember from it. (Automatic fact extraction is a later feature;
// here the agent names its memories explicitly, as a host would through remember.)
type demoSession struct {
	turns    []core.TurnInput
	memories []core.MemoryInput
}

func imp(v float64) *float64 { return &v }

var demoSessions = []demoSession{
	{
		turns: []core.TurnInput{
			{Role: "user", Content: "Hi! I'm Lin, a data engineer in Shanghai. 我平时用 Python 写脚本，也用 Go 写服务。"},
			{Role: "assistant", Content: "Nice to meet you, Lin. I'll remember that you work with Python and Go."},
			{Role: "user", Content: "以后回答我的时候请用中文，代码注释用英文。"},
			{Role: "assistant", Content: "好的，以后我用中文回答，代码注释用英文。"},
			{Role: "user", Content: "Our nightly ETL job keeps failing with 'connection reset by peer' on the Postgres replica."},
			{Role: "assistant", Content: "Retrying with exponential backoff and a 30s statement timeout fixed it in the test run."},
		},
		memories: []core.MemoryInput{
			{Type: core.TypeProfile, Subject: "Lin", Content: "Lin is a data engineer based in Shanghai", Importance: imp(0.8)},
			{Type: core.TypePreference, Subject: "Lin", Content: "用户喜欢用 Python 写脚本，用 Go 写服务", Importance: imp(0.8), Tags: []string{"tools"}},
			{Type: core.TypeRule, Content: "回答请用中文，代码注释用英文", Importance: imp(0.9)},
			{Type: core.TypeError, Title: "ETL connection reset", Content: "Nightly ETL failed with 'connection reset by peer' on the Postgres replica; fixed by retrying with exponential backoff and a 30s statement timeout", Tags: []string{"etl", "postgres"}},
		},
	},
	{
		turns: []core.TurnInput{
			{Role: "user", Content: "下周我要去杭州出差，帮我记一下：周三上午十点和客户开会。"},
			{Role: "assistant", Content: "记下了：下周三上午十点在杭州和客户开会。"},
			{Role: "user", Content: "Also, I'm allergic to peanuts, so skip those restaurant suggestions."},
			{Role: "assistant", Content: "Understood, no peanut dishes."},
		},
		memories: []core.MemoryInput{
			{Type: core.TypeFact, Content: "下周三上午十点在杭州和客户开会", Importance: imp(0.7), Tags: []string{"schedule"}},
			{Type: core.TypeProfile, Subject: "Lin", Content: "Lin is allergic to peanuts", Importance: imp(0.95), Tags: []string{"health"}},
		},
	},
}

var demoQueries = []string{
	"脚本", // a two-character Chinese word inside a sentence
	"用什么语言回答？",
	"why did the ETL job fail",
	"杭州 开会",
	"is Lin allergic to anything?",
}

func runDemo(args []string) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	path := fs.String("db", "memcore-demo.db", "database file (created when missing)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ctx := context.Background()
	start := time.Now()
	eng, err := core.Open(ctx, core.Options{Path: *path})
	if err != nil {
		return err
	}
	defer eng.Close()
	ns, err := eng.Namespace("demo")
	if err != nil {
		return err
	}
	st, err := ns.Stats(ctx)
	if err != nil {
		return err
	}
	fmt.Printf("memcore %s · %s · opened in %v\n", core.Version, *path, time.Since(start).Round(time.Millisecond))
	if st.Memories > 0 {
		fmt.Printf("persisted from earlier runs: %d memories, %d turns in %d sessions\n", st.Memories, st.Turns, st.Sessions)
	}

	// Each run replays the next session not yet in the database.
	if next := int(st.Sessions); next < len(demoSessions) {
		s := demoSessions[next]
		id := fmt.Sprintf("session-%d", next+1)
		fmt.Printf("\n── replaying %s (%d turns) ──\n", id, len(s.turns))
		turns, err := ns.AppendTurns(ctx, id, s.turns)
		if err != nil {
			return err
		}
		for _, t := range turns {
			fmt.Printf("  %-9s %s\n", t.Role+":", t.Content)
		}
		ids := make([]string, len(turns))
		for i, t := range turns {
			ids[i] = t.ID
		}
		for i := range s.memories {
			s.memories[i].Source = &core.Source{SessionID: id, TurnIDs: ids}
		}
		mems, err := ns.Remember(ctx, s.memories...)
		if err != nil {
			return err
		}
		fmt.Println("\n  remembered:")
		for _, m := range mems {
			fmt.Printf("  + [%s · importance %.2f · %s] %s\n", m.Type, m.Importance, m.Tier, m.Content)
		}
	} else {
		fmt.Println("\nevery scripted session is already in the database; recalling only (make clean to start over)")
	}

	fmt.Println("\n── recall ──")
	for _, q := range demoQueries {
		hits, err := ns.Recall(ctx, q, core.RecallOptions{Limit: 2, Explain: true})
		if err != nil {
			return err
		}
		fmt.Printf("\n  ? %s\n", q)
		if len(hits) == 0 {
			fmt.Println("    (nothing yet)")
		}
		for _, h := range hits {
			c := h.Components
			fmt.Printf("    %.3f  %s\n           relevance %.2f · recency %.2f · importance %.2f · heat %.2f · %s\n",
				h.Score, h.Memory.Content, c.Relevance, c.Recency, c.Importance, c.Heat, ago(h.Memory.CreatedAt))
		}
	}
	th, err := ns.SearchTurns(ctx, "Postgres replica", core.SearchTurnsOptions{Limit: 1})
	if err != nil {
		return err
	}
	fmt.Println("\n── searchTurns \"Postgres replica\" ──")
	for _, h := range th {
		fmt.Printf("    %s #%d %s: %s\n", h.Turn.SessionID, h.Turn.Seq, h.Turn.Role, h.Turn.Content)
	}
	st, err = ns.Stats(ctx)
	if err != nil {
		return err
	}
	fmt.Printf("\n%d memories (%s), %d turns, %d sessions, %d KiB on disk. Run `make demo` again: it starts from what is stored.\n",
		st.Memories, byType(st.ByType), st.Turns, st.Sessions, st.DBBytes/1024)
	return nil
}

func ago(t time.Time) string {
	d := time.Since(t)
	if d < time.Minute {
		return "remembered just now"
	}
	return "remembered " + d.Round(time.Second).String() + " ago"
}

func byType(m map[string]int64) string {
	var parts []string
	for _, t := range []string{"profile", "preference", "rule", "fact", "error", "skill", "note"} {
		if m[t] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", m[t], t))
		}
	}
	return strings.Join(parts, ", ")
}
