package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// protoKey is the one key a metadata object may not have, at any depth: JavaScript
// gives "__proto__" a meaning of its own (Object.assign, spreading or a merge into a
// plain object reads it as the prototype), so a host that copies a memory's metadata
// could have its objects' prototype replaced by what a stored record says. Keys like
// "constructor" and "prototype" are only data in JSON.parse's output and are kept.
const protoKey = "__proto__"

// protoKeyPath returns the JSON path below the metadata object (".a[0].__proto__") of
// the first "__proto__" key in the valid JSON raw, or "".
func protoKeyPath(raw []byte) string {
	if !bytes.Contains(raw, []byte(`proto`)) {
		return "" // fast path; an escaped spelling (\u005f…) still contains "proto"
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	type frame struct {
		array bool
		index int
		key   string
		atKey bool
	}
	var stack []frame
	path := func() string {
		p := ""
		for _, f := range stack {
			if f.array {
				p += fmt.Sprintf("[%d]", f.index)
			} else {
				p += "." + f.key
			}
		}
		return p
	}
	next := func() {
		if n := len(stack); n > 0 {
			if stack[n-1].array {
				stack[n-1].index++
			} else {
				stack[n-1].atKey = true
			}
		}
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF || err != nil {
			return ""
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, frame{atKey: true})
			case '[':
				stack = append(stack, frame{array: true})
			default:
				stack = stack[:len(stack)-1]
				next()
			}
		case string:
			if n := len(stack); n > 0 && !stack[n-1].array && stack[n-1].atKey {
				stack[n-1].key, stack[n-1].atKey = t, false
				if t == protoKey {
					return path()
				}
				continue
			}
			next()
		default:
			next()
		}
	}
}
