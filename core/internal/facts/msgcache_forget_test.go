package facts

import "testing"

// TestMsgCache_forgetScope: ForgetScope drops the messages of one scope and keeps the
// others', in both generations.
func TestMsgCache_forgetScope(t *testing.T) {
	setMsgCache(true)
	defer setMsgCache(true)
	for _, k := range []msgKey{{scope: "a", text: "my cat is Tom"}, {scope: "b", text: "my cat is Tom"}} {
		cacheFacts(k, []Fact{{Content: "User's cat is Tom"}})
	}
	msgCache.Lock()
	msgCache.old, msgCache.cur = msgCache.cur, map[msgKey]msgFacts{} // one generation older
	msgCache.Unlock()
	cacheFacts(msgKey{scope: "a", text: "I live in Oslo"}, []Fact{{Content: "User lives in Oslo"}})
	ForgetScope("a")
	for _, c := range []struct {
		k    msgKey
		want bool
	}{{msgKey{scope: "a", text: "my cat is Tom"}, false}, {msgKey{scope: "a", text: "I live in Oslo"}, false},
		{msgKey{scope: "b", text: "my cat is Tom"}, true}} {
		if _, ok := cachedFacts(c.k, 0); ok != c.want {
			t.Errorf("%+v cached %v, want %v", c.k, ok, c.want)
		}
	}
}
