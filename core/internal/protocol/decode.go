package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/errs"
)

// Decode strictly unmarshals args (nil or "null" means {}) into v: unknown fields (keys
// match exactly, not case-insensitively), wrong types, trailing data, invalid UTF-8,
// lone UTF-16 surrogate escapes ("\ud800", surrogates.go) and integers past 2^53 are
// invalid_argument errors naming the field by its JSON path ("memories[2].importance").
func Decode(args json.RawMessage, v any) error {
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	if !utf8.Valid(args) {
		return errs.New(errs.InvalidArgument, "args", "args are not valid UTF-8")
	}
	if args[0] != '{' {
		return errs.New(errs.InvalidArgument, "args", "args must be a JSON object")
	}
	if err := decodeArgs(args, v, "args"); err != nil { // args_decode.go
		return err
	}
	return checkSurrogates(args, "args")
}

// decodeStrict decodes data into v: first into generic JSON, checked against v's type
// (so that every error carries its JSON path), then into v itself. Syntax errors blame
// the field root.
func decodeStrict(data []byte, v any, root string) error {
	var generic any
	if err := decodeGeneric(data, &generic); err != nil {
		return decodeError(err, root)
	}
	if err := checkValue("", generic, reflect.TypeOf(v)); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeError(err, root)
	}
	return nil
}

// decodeGeneric decodes exactly one JSON value into v, numbers as json.Number.
func decodeGeneric(data []byte, v *any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("unexpected data after the JSON value")
	}
	return nil
}

// decodeError turns an encoding/json error into an invalid_argument error; root is the
// field blamed when the error names none ("args", or "" for the whole request).
func decodeError(err error, root string) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		return fieldErr(te.Field, "expected %s, got JSON %s", te.Type, te.Value)
	case errors.As(err, &se):
		return errs.New(errs.InvalidArgument, root, "malformed JSON at byte %d: %v", se.Offset, se)
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		f = strings.Trim(f, `"`)
		return errs.New(errs.InvalidArgument, f, "unknown field %q", f)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return errs.New(errs.InvalidArgument, root, "malformed JSON: unexpected end of input")
	}
	// time.Time and custom UnmarshalJSON errors carry no field; say what failed.
	var fe interface{ Field() string }
	if errors.As(err, &fe) {
		return errs.New(errs.InvalidArgument, fe.Field(), "%v", err)
	}
	return errs.New(errs.InvalidArgument, root, "%s", strings.TrimPrefix(fmt.Sprint(err), "json: "))
}

// maxSafeInt is JavaScript's Number.MAX_SAFE_INTEGER (2^53-1): an integer argument past
// it cannot have come exactly from a JS host, so it is refused rather than rounded.
const maxSafeInt = 1<<53 - 1

var (
	timeType = reflect.TypeFor[time.Time]()
	rawType  = reflect.TypeFor[json.RawMessage]()
)

// checkValue checks the generic JSON value v (numbers as json.Number) against the Go type
// t it is to be decoded into, and returns an invalid_argument error naming the JSON path
// of the first mismatch (keys of an object in sorted order). encoding/json alone would
// match keys case-insensitively, name embedded Go structs in paths, leave array indexes
// and the path of unknown fields out, and blame no field for a malformed time.
func checkValue(path string, v any, t reflect.Type) error {
	if v == nil {
		return nil // null leaves the Go value as it is
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t {
	case rawType:
		return nil
	case timeType:
		s, ok := v.(string)
		if !ok {
			return mismatch(path, "an RFC 3339 time string", v)
		}
		if _, err := time.Parse(time.RFC3339Nano, s); err != nil {
			return fieldErr(path, "%q is not an RFC 3339 time like 2006-01-02T15:04:05Z", s)
		}
		return nil
	}
	switch t.Kind() {
	case reflect.String:
		if _, ok := v.(string); !ok {
			return mismatch(path, "a string", v)
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			return mismatch(path, "true or false", v)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := v.(json.Number)
		if !ok {
			return mismatch(path, "an integer", v)
		}
		i, err := strconv.ParseInt(string(n), 10, 64)
		if _, ferr := strconv.ParseFloat(string(n), 64); err != nil && ferr == nil && !strings.ContainsAny(string(n), "eE") {
			return fieldErr(path, "expected an integer, got %s", n) // 0.5: a fraction, not a range
		}
		if err != nil || reflect.Zero(t).OverflowInt(i) {
			return fieldErr(path, "expected an integer in range, got %s", n)
		}
		if i > maxSafeInt || i < -maxSafeInt {
			return fieldErr(path, "%s is past 2^53: JavaScript cannot hold it exactly, and no count or version of memcore gets there", n)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, ok := v.(json.Number)
		if !ok {
			return mismatch(path, "an integer", v)
		}
		i, err := strconv.ParseUint(string(n), 10, 64)
		if err != nil || reflect.Zero(t).OverflowUint(i) {
			return fieldErr(path, "expected a non-negative integer in range, got %s", n)
		}
		if i > maxSafeInt {
			return fieldErr(path, "%s is past 2^53: JavaScript cannot hold it exactly, and no count or version of memcore gets there", n)
		}
	case reflect.Float32, reflect.Float64:
		n, ok := v.(json.Number)
		if !ok {
			return mismatch(path, "a number", v)
		}
		f, err := strconv.ParseFloat(string(n), 64)
		if err != nil || reflect.Zero(t).OverflowFloat(f) {
			return fieldErr(path, "expected a number in range, got %s", n)
		}
	case reflect.Slice, reflect.Array:
		a, ok := v.([]any)
		if !ok {
			return mismatch(path, "an array", v)
		}
		for i, e := range a {
			if err := checkValue(fmt.Sprintf("%s[%d]", path, i), e, t.Elem()); err != nil {
				return err
			}
		}
	case reflect.Map:
		m, ok := v.(map[string]any)
		if !ok {
			return mismatch(path, "an object", v)
		}
		for _, k := range sortedKeys(m) {
			if err := checkValue(join(path, k), m[k], t.Elem()); err != nil {
				return err
			}
		}
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			return mismatch(path, "an object", v)
		}
		fields := jsonFields(t)
		for _, k := range sortedKeys(m) {
			ft, ok := fields[k]
			if !ok {
				known := make([]string, 0, len(fields))
				for name := range fields {
					known = append(known, name)
				}
				return errs.New(errs.InvalidArgument, join(path, k), "unknown field %q%s", k, unknownFieldHint(k, known)) // suggest.go
			}
			if err := checkValue(join(path, k), m[k], ft); err != nil {
				return err
			}
		}
	}
	return nil
}

func mismatch(path, want string, got any) error {
	kind := "null"
	switch got.(type) {
	case string:
		kind = "a string"
	case json.Number:
		kind = "a number"
	case bool:
		kind = "a boolean"
	case []any:
		kind = "an array"
	case map[string]any:
		kind = "an object"
	}
	return fieldErr(path, "expected %s, got %s", want, kind)
}

// fieldErr is an invalid_argument error for the argument at path whose message starts
// with the path ("limit: expected an integer, got 0.5"): a JavaScript developer reads
// e.message first, and "expected an integer, got a string" did not say which of
// buildContext's or recall's options it was about (issue 9).
func fieldErr(path, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if path != "" {
		msg = path + ": " + msg
	}
	return errs.New(errs.InvalidArgument, path, "%s", msg)
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

var fieldCache sync.Map // reflect.Type → map[string]reflect.Type

// jsonFields returns the JSON names of struct t's fields, as encoding/json sees them
// (fields of embedded structs without a name tag are promoted; the shallowest wins),
// with their types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	if f, ok := fieldCache.Load(t); ok {
		return f.(map[string]reflect.Type)
	}
	out := map[string]reflect.Type{}
	depth := map[string]int{}
	for _, f := range reflect.VisibleFields(t) {
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if f.Anonymous && name == "" && ft.Kind() == reflect.Struct {
			continue // its fields are promoted; VisibleFields lists them
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if d, ok := depth[name]; ok && d <= len(f.Index) {
			continue
		}
		out[name], depth[name] = f.Type, len(f.Index)
	}
	fieldCache.Store(t, out)
	return out
}
