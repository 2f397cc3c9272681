package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/errs"
)

// Decode strictly unmarshals args (nil or "null" means {}) into v: unknown fields, wrong
// types, trailing data and invalid UTF-8 are invalid_argument errors naming the field.
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
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errs.New(errs.InvalidArgument, "args", "unexpected data after the args object")
	}
	return nil
}

func decodeError(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		return errs.New(errs.InvalidArgument, te.Field, "expected %s, got JSON %s", te.Type, te.Value)
	case errors.As(err, &se):
		return errs.New(errs.InvalidArgument, "args", "malformed JSON at byte %d: %v", se.Offset, se)
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		f = strings.Trim(f, `"`)
		return errs.New(errs.InvalidArgument, f, "unknown field %q", f)
	}
	// time.Time and custom UnmarshalJSON errors carry no field; say what failed.
	var fe interface{ Field() string }
	if errors.As(err, &fe) {
		return errs.New(errs.InvalidArgument, fe.Field(), "%v", err)
	}
	return errs.New(errs.InvalidArgument, "args", "%s", strings.TrimPrefix(fmt.Sprint(err), "json: "))
}
