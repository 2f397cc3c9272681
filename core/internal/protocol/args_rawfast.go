package protocol

import (
	"bytes"
	"encoding/json"
	"reflect"
	"sync"
)

// decodeWithoutRaw decodes args data into v, whose members top already holds (checked by
// checkValue), without encoding/json reading the raw members a second and third time:
// the other members are decoded from an object of them alone, and each raw member's
// bytes, which top holds exactly as the field's json.RawMessage would, are set into its
// field. It reports false, having decoded nothing it must keep, when it cannot be sure of
// giving what decoding data gives: a key that is not exactly a field's name (encoding/json
// would match it case-insensitively, in the object's order), a key given twice (objects
// given twice merge), a raw field behind a pointer, or a decode error (which the caller's
// decode of data then reports, as it always did). Why: for extractFacts the raw member is
// the conversation, nearly all of the request; the decoder's pass over data read it
// twice more (scan, then skip) after the request and the members had (docs/FACTS.md,
// "Twelfth round").
func decodeWithoutRaw(data []byte, top map[string]json.RawMessage, v any, fields map[string]reflect.Type) bool {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return false
	}
	paths := rawPaths(rv.Elem().Type())
	if paths == nil || topMembers(data) != len(top) {
		return false
	}
	var buf bytes.Buffer
	buf.WriteByte('{')
	for k, m := range top {
		if _, ok := fields[k]; !ok {
			return false
		}
		if _, raw := paths[k]; raw {
			continue
		}
		if buf.Len() > 1 {
			buf.WriteByte(',')
		}
		kb, err := json.Marshal(k)
		if err != nil {
			return false
		}
		buf.Write(kb)
		buf.WriteByte(':')
		buf.Write(m)
	}
	buf.WriteByte('}')
	dec := json.NewDecoder(&buf)
	dec.DisallowUnknownFields()
	if dec.Decode(v) != nil {
		return false
	}
	for k, idx := range paths {
		if m, ok := top[k]; ok {
			rv.Elem().FieldByIndex(idx).SetBytes(append(json.RawMessage(nil), m...))
		}
	}
	return true
}

var rawPathCache sync.Map // reflect.Type → map[string][]int (nil: not for the fast path)

// rawPaths maps the JSON name of each json.RawMessage field of struct type t to its
// index path, or returns nil when t has none, one is reached through a pointer (an
// embedded *struct, a *json.RawMessage: encoding/json allocates or clears those) or two
// visible fields give one name.
func rawPaths(t reflect.Type) map[string][]int {
	if p, ok := rawPathCache.Load(t); ok {
		return p.(map[string][]int)
	}
	out := map[string][]int{}
	fields := jsonFields(t)
	for _, f := range reflect.VisibleFields(t) {
		name := f.Name
		if tag, _, _ := bytes.Cut([]byte(f.Tag.Get("json")), []byte(",")); len(tag) > 0 {
			name = string(tag)
		}
		ft, ok := fields[name]
		if !ok || ft != f.Type {
			continue
		}
		base := ft
		for base.Kind() == reflect.Pointer {
			base = base.Elem()
		}
		if base != rawType {
			continue
		}
		if _, twice := out[name]; twice || ft != rawType || throughPointer(t, f.Index) {
			out = nil
			break
		}
		out[name] = f.Index
	}
	if len(out) == 0 {
		out = nil
	}
	rawPathCache.Store(t, out)
	return out
}

// throughPointer reports whether the field at index path idx of t is reached through an
// embedded pointer.
func throughPointer(t reflect.Type, idx []int) bool {
	for _, i := range idx[:len(idx)-1] {
		f := t.Field(i)
		if f.Type.Kind() == reflect.Pointer {
			return true
		}
		t = f.Type
	}
	return false
}

// topMembers counts the members of the JSON object data (valid JSON, as json.Unmarshal
// found it): the colons outside strings at depth one. A count above the decoded map's
// size means a key was given twice.
func topMembers(data []byte) int {
	n, depth, in := 0, 0, false
	for i := 0; i < len(data); i++ {
		c := data[i]
		if in {
			switch c {
			case '\\':
				i++
			case '"':
				in = false
			}
			continue
		}
		switch c {
		case '"':
			in = true
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case ':':
			if depth == 1 {
				n++
			}
		}
	}
	return n
}
