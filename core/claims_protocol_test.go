package core_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
)

// The claim (PROTOCOL.md): every op takes an optional `namespace` (default "default").
// Each op the engine lists in hello is called with a namespace and no other argument: it
// may refuse what is missing, but never the namespace; and a namespace that is not one
// (empty) is refused naming the field, by every op that reads or writes one.

func TestClaimsProtocol_everyOpTakesANamespace(t *testing.T) {
	ctx := context.Background()
	e := openMem(t, core.Options{})
	var hello struct {
		Result struct{ Ops []string }
	}
	if err := json.Unmarshal(e.Call(ctx, []byte(`{"v":1,"op":"hello"}`)), &hello); err != nil || len(hello.Result.Ops) < 20 {
		t.Fatalf("hello: %v %+v", err, hello)
	}
	for _, op := range hello.Result.Ops {
		t.Run(op, func(t *testing.T) {
			var r struct {
				OK    bool
				Error struct{ Code, Message, Field string }
			}
			out := e.Call(ctx, []byte(`{"v":1,"op":"`+op+`","args":{"namespace":"elsewhere"}}`))
			if err := json.Unmarshal(out, &r); err != nil {
				t.Fatal(err, string(out))
			}
			if !r.OK && (r.Error.Field == "namespace" || strings.Contains(r.Error.Message, `"namespace"`) || r.Error.Code == "internal") {
				t.Errorf("%s refuses a namespace: %s", op, out)
			}
			if op == "hello" || op == "snapshot" || op == "restore" {
				return // the whole database (PROTOCOL.md: "a namespace arg is accepted and ignored")
			}
			out = e.Call(ctx, []byte(`{"v":1,"op":"`+op+`","args":{"namespace":""}}`))
			if err := json.Unmarshal(out, &r); err != nil {
				t.Fatal(err, string(out))
			}
			if r.OK || r.Error.Code != "invalid_argument" || r.Error.Field != "namespace" {
				t.Errorf("%s with an empty namespace: %s", op, out)
			}
		})
	}
}
