package core_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

// A developer reads an error's message first: buildContext's and recall's said "must be
// from 1 to 1000, got -1" or "must not be empty" and named the option only in e.field
// (issue 9). The message now starts with the option and says what is allowed.
func TestBuildContext_errorMessagesNameTheOption(t *testing.T) {
	ctx := context.Background()
	_, ns, _ := cxOpen(t, core.Options{})
	ok := core.BuildContextOptions{SessionID: "s", Messages: cxChat("user", "hi"), BudgetTokens: 4000}
	with := func(f func(*core.BuildContextOptions)) func() error {
		return func() error {
			o := ok
			f(&o)
			_, err := ns.BuildContext(ctx, o)
			return err
		}
	}
	for _, tc := range []struct {
		name string
		call func() error
		want string
	}{
		{"no_session", with(func(o *core.BuildContextOptions) { o.SessionID = "" }), "sessionId must not be empty"},
		{"no_budget", with(func(o *core.BuildContextOptions) { o.BudgetTokens = 0 }), "budgetTokens is required: the model's context window to fill, from 1 to"},
		{"budget_too_big", with(func(o *core.BuildContextOptions) { o.BudgetTokens = 1e9 }), "budgetTokens must be from 1 to 10000000 tokens (the model's context window to fill), got 1000000000"},
		{"complexity", with(func(o *core.BuildContextOptions) { o.Complexity = "huge" }), `complexity "huge" is not one of simple, medium, complex`},
		{"shape", with(func(o *core.BuildContextOptions) { o.Shape = "gemini" }), `shape "gemini" is not one of openai, anthropic`},
		{"query_blank", with(func(o *core.BuildContextOptions) { o.Query = "  " }), "query must not be empty"},
		{"recall_limit", func() error { _, err := ns.Recall(ctx, "x", core.RecallOptions{Limit: -1}); return err }, "limit must be from 1 to"},
		{"recall_query", func() error { _, err := ns.Recall(ctx, "", core.RecallOptions{}); return err }, "query must not be empty"},
		{"recall_type", func() error {
			_, err := ns.Recall(ctx, "x", core.RecallOptions{Types: []string{"fact", "nope"}})
			return err
		}, `types[1] "nope" is not one of fact,`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var me *core.Error
			if err := tc.call(); !errors.As(err, &me) || me.Code != core.CodeInvalidArgument {
				t.Fatalf("got %v, want invalid_argument", err)
			}
			if !strings.HasPrefix(me.Message, tc.want) {
				t.Errorf("message %q, want it to start %q", me.Message, tc.want)
			}
		})
	}
}
