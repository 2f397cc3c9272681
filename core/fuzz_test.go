package core_test

import (
	"context"
	"strings"
	"testing"

	"github.com/memcore/memcore/core"
	"github.com/memcore/memcore/internal/prototest"
)

// FuzzCall sends arbitrary bytes to Engine.Call: it must never panic, and must always
// answer one well-formed response whose error code is in the closed set and never
// internal (a bug). The seeds are the conformance suite's requests plus a few edges.
func FuzzCall(f *testing.F) {
	for _, c := range prototest.Cases() {
		for _, s := range c.Steps {
			switch {
			case s.Raw != nil:
				f.Add(s.Raw)
			case !strings.Contains(s.Req, "$") && len(s.Req) < 4<<10:
				f.Add([]byte(s.Req))
			}
		}
	}
	for _, s := range []string{
		`{"v":1,"op":"remember","args":{"memories":[{"content":"用户喜欢用 Python 写脚本","tags":["a"]},{"content":"x","type":"rule"}]}}`,
		`{"v":1,"op":"recall","args":{"query":"Python 脚本","explain":true,"limit":3}}`,
		`{"v":1,"op":"forget","args":{"filter":{"tags":["a"]},"purge":true}}`,
		`{"v":1,"op":"appendTurns","args":{"sessionId":"s","turns":[{"role":"user","content":"北京 meeting"}]}}`,
		`{"v":1,"op":"searchTurns","args":{"query":"北京","sessionId":"s"}}`,
		`{"v":1,"op":"list","args":{"limit":1,"cursor":"zzzz","createdAfter":"2020-01-01T00:00:00Z"}}`,
		`{"v":1,"op":"recall","args":{"query":"\"NEAR(a b)\" OR title:x*"}}`,
		`{"v":1,"id":1e999,"op":"stats"}`,
		`{"v":1,"op":"get","args":{"id":"\u0000"}}`,
		`{"v":1,"op":"update","args":{"id":"x","patch":{"tags":null,"card":{}}}}`,
		`{"v":1,"op":"hello","args":{"namespace":"\ud800"}}`,
		`{"v":1,"op":"remember","args":{"memory":{"content":"x","expiresAt":"2024-02-30T00:00:00Z"}}}`,
		"\x00", "{}", "null", "[", `{"v":1,"op":"stats","args":{"namespace":"a","namespace":"b"}}`,
	} {
		f.Add([]byte(s))
	}
	e, err := core.Open(context.Background(), core.Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { e.Close() })
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, req []byte) {
		resp := e.Call(ctx, req)
		if err := prototest.CheckResponse(resp); err != nil {
			t.Fatalf("request %q: malformed response %s: %v", req, resp, err)
		}
		if prototest.ErrorCode(resp) == prototest.Internal {
			t.Fatalf("request %q: internal error %s", req, resp)
		}
	})
}
