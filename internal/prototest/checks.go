package prototest

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Check asserts something of one response; it returns what is wrong, or nil.
type Check func(r *Resp) error

// want decodes the expected JSON of a check, expanding references first.
func want(r *Resp, s string) (any, error) {
	s, err := r.Expand(s)
	if err != nil {
		return nil, err
	}
	var v any
	if err := decodeJSON([]byte(s), &v); err != nil {
		return nil, fmt.Errorf("bad expected JSON %s: %v", s, err)
	}
	return v, nil
}

// Eq checks that the result's value at path equals the JSON value w (which may hold
// references, e.g. Eq("memory.id", "$1.memories[0].id")). Numbers compare by value.
func Eq(path, w string) Check {
	return func(r *Resp) error {
		got, err := r.Get(path)
		if err != nil {
			return err
		}
		exp, err := want(r, w)
		if err != nil {
			return err
		}
		if !jsonEqual(got, exp, false) {
			return fmt.Errorf("%s = %s, want %s", path, mustMarshal(got), mustMarshal(exp))
		}
		return nil
	}
}

// Ne checks that the value at path exists and differs from the JSON value w.
func Ne(path, w string) Check {
	return func(r *Resp) error {
		got, err := r.Get(path)
		if err != nil {
			return err
		}
		exp, err := want(r, w)
		if err != nil {
			return err
		}
		if jsonEqual(got, exp, false) {
			return fmt.Errorf("%s = %s, want anything else", path, mustMarshal(got))
		}
		return nil
	}
}

// Len checks that the value at path is an array (or object) of n elements.
func Len(path string, n int) Check {
	return func(r *Resp) error {
		got, err := r.Get(path)
		if err != nil {
			return err
		}
		l := -1
		switch v := got.(type) {
		case []any:
			l = len(v)
		case map[string]any:
			l = len(v)
		}
		if l != n {
			return fmt.Errorf("len(%s) = %d, want %d: %s", path, l, n, mustMarshal(got))
		}
		return nil
	}
}

// Has checks that the result has a value (maybe null) at path.
func Has(path string) Check {
	return func(r *Resp) error {
		_, err := r.Get(path)
		return err
	}
}

// Lacks checks that the result has no key at path (an omitted optional field); the
// object holding it must exist.
func Lacks(path string) Check {
	return func(r *Resp) error {
		v, err := r.Get(path)
		var m errMissing
		switch {
		case errors.As(err, &m):
			return nil
		case err != nil:
			return err
		}
		return fmt.Errorf("%s = %s, want no such key", path, mustMarshal(v))
	}
}

// Num checks the number at path against v with op, one of < <= == >= > !=.
func Num(path, op string, v float64) Check {
	return func(r *Resp) error {
		got, err := r.Get(path)
		if err != nil {
			return err
		}
		n, ok := got.(json.Number)
		if !ok {
			return fmt.Errorf("%s = %s, want a number", path, mustMarshal(got))
		}
		x, err := strconv.ParseFloat(string(n), 64)
		if err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		var pass bool
		switch op {
		case "<":
			pass = x < v
		case "<=":
			pass = x <= v
		case "==":
			pass = x == v
		case ">=":
			pass = x >= v
		case ">":
			pass = x > v
		case "!=":
			pass = x != v
		default:
			return fmt.Errorf("bad comparison %q", op)
		}
		if !pass {
			return fmt.Errorf("%s = %v, want %s %v", path, x, op, v)
		}
		return nil
	}
}

// Contains checks that the array at path has an element equal to the JSON value w.
func Contains(path, w string) Check {
	return func(r *Resp) error {
		got, err := r.Get(path)
		if err != nil {
			return err
		}
		a, ok := got.([]any)
		if !ok {
			return fmt.Errorf("%s = %s, want an array", path, mustMarshal(got))
		}
		exp, err := want(r, w)
		if err != nil {
			return err
		}
		for _, e := range a {
			if jsonEqual(e, exp, false) {
				return nil
			}
		}
		return fmt.Errorf("%s = %s, want it to contain %s", path, mustMarshal(got), mustMarshal(exp))
	}
}

// Each checks that every element of the array at path has the JSON value w at sub.
func Each(path, sub, w string) Check {
	return func(r *Resp) error {
		got, err := r.Get(path)
		if err != nil {
			return err
		}
		a, ok := got.([]any)
		if !ok {
			return fmt.Errorf("%s = %s, want an array", path, mustMarshal(got))
		}
		exp, err := want(r, w)
		if err != nil {
			return err
		}
		for i, e := range a {
			v, err := lookup(e, sub)
			if err != nil {
				return fmt.Errorf("%s[%d]: %v", path, i, err)
			}
			if !jsonEqual(v, exp, false) {
				return fmt.Errorf("%s[%d].%s = %s, want %s", path, i, sub, mustMarshal(v), mustMarshal(exp))
			}
		}
		return nil
	}
}

// Ascending checks that the strings at sub of the elements of the array at path are
// strictly increasing (ids sort by creation).
func Ascending(path, sub string) Check {
	return func(r *Resp) error {
		got, err := r.Get(path)
		if err != nil {
			return err
		}
		a, ok := got.([]any)
		if !ok {
			return fmt.Errorf("%s = %s, want an array", path, mustMarshal(got))
		}
		prev := ""
		for i, e := range a {
			v, err := lookup(e, sub)
			if err != nil {
				return fmt.Errorf("%s[%d]: %v", path, i, err)
			}
			s, ok := v.(string)
			if !ok || (i > 0 && s <= prev) {
				return fmt.Errorf("%s[%d].%s = %s is not after %q", path, i, sub, mustMarshal(v), prev)
			}
			prev = s
		}
		return nil
	}
}

// Text checks that the string at path contains substr.
func Text(path, substr string) Check {
	return func(r *Resp) error {
		got, err := r.Get(path)
		if err != nil {
			return err
		}
		s, ok := got.(string)
		if !ok || !strings.Contains(s, substr) {
			return fmt.Errorf("%s = %s, want a string containing %q", path, mustMarshal(got), substr)
		}
		return nil
	}
}

// Message checks that the error message contains substr.
func Message(substr string) Check {
	return func(r *Resp) error {
		e, _ := r.Body["error"].(map[string]any)
		if msg, _ := e["message"].(string); !strings.Contains(msg, substr) {
			return fmt.Errorf("error message %q does not contain %q", msg, substr)
		}
		return nil
	}
}
