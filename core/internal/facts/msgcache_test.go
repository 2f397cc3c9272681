package facts

import (
	"reflect"
	"strings"
	"testing"
)

// labelledMsgs returns each labelled case's messages as Extract reads them.
func labelledMsgs(t testing.TB) [][]Message {
	var out [][]Message
	for _, c := range loadLabelled(t) {
		var msgs []Message
		for _, m := range c.Messages {
			msgs = append(msgs, Message{Role: m.Role, Text: m.Content})
		}
		out = append(out, msgs)
	}
	return out
}

// TestMsgCache_sameResult: every labelled conversation gives the same result with the
// cache off, cold and warm, whole and turn by turn (each call given the conversation so
// far, as a host calling after every turn does), and the warm calls do hit it.
func TestMsgCache_sameResult(t *testing.T) {
	defer setMsgCache(true)
	convs := labelledMsgs(t)
	for _, o := range []Options{{}, {MaxFacts: 1}} {
		setMsgCache(false)
		var want [][]Result
		for _, msgs := range convs {
			var rs []Result
			for n := 1; n <= len(msgs); n++ {
				rs = append(rs, Extract(msgs[:n], o))
			}
			want = append(want, rs)
		}
		setMsgCache(true)
		for round, name := range []string{"cold", "warm"} {
			msgCache.Lock()
			msgCache.hits, msgCache.all = 0, 0
			msgCache.Unlock()
			for i, msgs := range convs {
				for n := 1; n <= len(msgs); n++ {
					if got := Extract(msgs[:n], o); !reflect.DeepEqual(got, want[i][n-1]) {
						t.Fatalf("%s, MaxFacts %d, conversation %d, first %d messages:\n got %+v\nwant %+v", name, o.MaxFacts, i, n, got, want[i][n-1])
					}
				}
			}
			msgCache.Lock()
			hits, all := msgCache.hits, msgCache.all
			msgCache.Unlock()
			if all == 0 || round == 1 && hits*10 < all*9 {
				t.Errorf("%s, MaxFacts %d: %d hits of %d lookups", name, o.MaxFacts, hits, all)
			}
		}
	}
}

// TestMsgCache_bounded: text far beyond the bound leaves the cache within it, and what
// was kept is still found.
func TestMsgCache_bounded(t *testing.T) {
	defer setMsgCache(true)
	setMsgCache(true)
	pad := strings.Repeat("x", 1000)
	for i := range 5000 {
		cacheFacts(msgKey{user: true, maxFacts: 8, text: pad + string(rune('a'+i%26)) + strings.Repeat("y", i)[:i%500]}, []Fact{{Type: TypeFact, Content: "c"}})
	}
	msgCache.Lock()
	n, cur := 0, msgCache.curBytes
	for _, m := range []map[msgKey]msgFacts{msgCache.cur, msgCache.old} {
		for k := range m {
			n += len(k.text) + len(k.scope) + 64
		}
	}
	msgCache.Unlock()
	if cur > msgCacheBytes/2 || n > msgCacheBytes {
		t.Fatalf("cache holds %d bytes (newer generation %d), bound %d", n, cur, msgCacheBytes)
	}
	k := msgKey{user: true, maxFacts: 8, text: "I live in Berlin."}
	cacheFacts(k, []Fact{{Type: TypeProfile, Content: "User lives in Berlin", Evidence: []int{3}}})
	got, ok := cachedFacts(k, 7)
	if !ok || len(got) != 1 || got[0].Content != "User lives in Berlin" || !reflect.DeepEqual(got[0].Evidence, []int{7}) {
		t.Fatalf("cachedFacts = %+v, %v", got, ok)
	}
	if _, ok := cachedFacts(msgKey{user: false, maxFacts: 8, text: k.text}, 0); ok {
		t.Fatal("an assistant message found a user message's facts")
	}
	if _, ok := cachedFacts(msgKey{user: true, maxFacts: 2, text: k.text}, 0); ok {
		t.Fatal("another MaxFacts found the facts")
	}
	if _, ok := cachedFacts(msgKey{user: true, maxFacts: 8, scope: "other", text: k.text}, 0); ok {
		t.Fatal("another scope found the facts")
	}
}

// TestMsgCache_offWithoutPrefilter: with the machinery off the cache is neither read
// nor written, so that tests comparing the two compare extraction.
func TestMsgCache_offWithoutPrefilter(t *testing.T) {
	defer func() { prefilter = true; setMsgCache(true) }()
	setMsgCache(true)
	k := msgKey{user: true, maxFacts: 8, text: "I live in Berlin."}
	prefilter = false
	cacheFacts(k, []Fact{{Type: TypeProfile, Content: "x"}})
	prefilter = true
	if _, ok := cachedFacts(k, 0); ok {
		t.Fatal("written with the prefilter off")
	}
	cacheFacts(k, []Fact{{Type: TypeProfile, Content: "x"}})
	prefilter = false
	if _, ok := cachedFacts(k, 0); ok {
		t.Fatal("read with the prefilter off")
	}
}
