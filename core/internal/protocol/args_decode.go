package protocol

import (
	"bytes"
	"encoding/json"
	"reflect"
)

// decodeArgs is decodeStrict for an op's args, without decoding generically the members
// that go into a json.RawMessage field. decodeStrict first decodes all of data into
// generic JSON (maps, slices, json.Number) to check it against v's type; a member whose
// field is a json.RawMessage is never looked inside by that check, and the op decodes it
// itself later (extractFacts' and buildContext's messages: for 40 messages that tree was
// about 3 % of an extractFacts call in the js build, and all of it garbage).
//
// So when v is a struct with such a field, data is split into its members first (which
// also checks that it is one valid JSON object with nothing after it), every member but
// the raw ones is decoded generically and checked as before, and v is decoded from data
// as before. The map of members keeps the last of a repeated key, as the generic decode
// did, so checkValue sees the same values and gives the same first error. Anything the
// split does not accept goes through decodeStrict: malformed args get the errors they
// always got. TestDecodeArgs_sameAsStrict compares the two on valid and invalid args.
func decodeArgs(data []byte, v any, root string) error {
	t := reflect.TypeOf(v)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return decodeStrict(data, v, root)
	}
	fields := jsonFields(t)
	raw := func(k string) bool {
		ft, ok := fields[k]
		for ok && ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		return ok && ft == rawType
	}
	hasRaw := false
	for k := range fields {
		hasRaw = hasRaw || raw(k)
	}
	if !hasRaw {
		return decodeStrict(data, v, root)
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) != nil || top == nil {
		return decodeStrict(data, v, root)
	}
	generic := make(map[string]any, len(top))
	for k, m := range top {
		if raw(k) {
			generic[k] = nil // checkValue passes a json.RawMessage whatever it holds
			continue
		}
		var x any
		if err := decodeGeneric(m, &x); err != nil {
			return decodeStrict(data, v, root)
		}
		generic[k] = x
	}
	if err := checkValue("", generic, reflect.TypeOf(v)); err != nil {
		return err
	}
	if decodeWithoutRaw(data, top, v, fields) { // args_rawfast.go
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeError(err, root)
	}
	return nil
}
