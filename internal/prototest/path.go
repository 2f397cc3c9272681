package prototest

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
)

// lookup returns the value at path in v: dotted keys and [i] indexes, "" for v itself.
func lookup(v any, path string) (any, error) {
	rest := path
	for rest != "" {
		switch {
		case rest[0] == '[':
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				return nil, fmt.Errorf("path %q: unclosed [", path)
			}
			i, err := strconv.Atoi(rest[1:end])
			if err != nil {
				return nil, fmt.Errorf("path %q: bad index %q", path, rest[1:end])
			}
			a, ok := v.([]any)
			if !ok {
				return nil, fmt.Errorf("path %q: %s is not an array", path, path[:len(path)-len(rest)])
			}
			if i < 0 || i >= len(a) {
				return nil, fmt.Errorf("path %q: index %d out of range (length %d)", path, i, len(a))
			}
			v, rest = a[i], rest[end+1:]
		default:
			rest = strings.TrimPrefix(rest, ".")
			end := strings.IndexAny(rest, ".[")
			if end < 0 {
				end = len(rest)
			}
			key := rest[:end]
			m, ok := v.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("path %q: %q is not an object", path, path[:len(path)-len(rest)])
			}
			if v, ok = m[key]; !ok {
				return nil, errMissing{path, key}
			}
			rest = rest[end:]
		}
	}
	return v, nil
}

// errMissing is lookup's error for a key that is not there.
type errMissing struct{ path, key string }

func (e errMissing) Error() string { return fmt.Sprintf("path %q: no key %q", e.path, e.key) }

// refRE matches a reference to an earlier step's result: $N followed by a path.
var refRE = regexp.MustCompile(`\$([0-9]+)((?:\.[A-Za-z_][A-Za-z0-9_]*|\[[0-9]+\])*)`)

// expand replaces each $N.path in s with the JSON of the value at path in results[N-1].
func expand(s string, results []any) (string, error) {
	var err error
	out := refRE.ReplaceAllStringFunc(s, func(ref string) string {
		m := refRE.FindStringSubmatch(ref)
		n, _ := strconv.Atoi(m[1])
		if n < 1 || n > len(results) {
			err = fmt.Errorf("reference %s: there is no earlier step %d", ref, n)
			return ref
		}
		if results[n-1] == nil {
			err = fmt.Errorf("reference %s: step %d has no result", ref, n)
			return ref
		}
		v, e := lookup(results[n-1], strings.TrimPrefix(m[2], "."))
		if e != nil {
			err = fmt.Errorf("reference %s: %v", ref, e)
			return ref
		}
		return string(mustMarshal(v))
	})
	return out, err
}

// jsonEqual reports whether two decoded JSON values are equal; numbers compare by value
// unless exact, when they must be the same token.
func jsonEqual(a, b any, exact bool) bool {
	switch a := a.(type) {
	case json.Number:
		b, ok := b.(json.Number)
		if !ok {
			return false
		}
		if exact || a == b {
			return a == b
		}
		x, err1 := strconv.ParseFloat(string(a), 64)
		y, err2 := strconv.ParseFloat(string(b), 64)
		return err1 == nil && err2 == nil && x == y
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !jsonEqual(a[i], b[i], exact) {
				return false
			}
		}
		return true
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			w, ok := b[k]
			if !ok || !jsonEqual(v, w, exact) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}
