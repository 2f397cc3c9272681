// Package errs defines memcore's boundary error: a code from a closed set, a message for
// people and the offending field. It is data at the boundary (the protocol sends it as
// JSON, the JS shim rethrows it as MemcoreError); package core re-exports it.
package errs

import (
	"errors"
	"fmt"
)

// Code is one of the error codes of DESIGN.md. The set is closed: hosts switch on it.
type Code string

// The error codes.
const (
	InvalidArgument Code = "invalid_argument" // the request is malformed or a value is out of range
	NotFound        Code = "not_found"        // no such memory (in this namespace)
	Conflict        Code = "conflict"         // expectVersion did not match the stored version
	TooLarge        Code = "too_large"        // a value or batch exceeds a configured limit
	Closed          Code = "closed"           // the engine was closed
	Unsupported     Code = "unsupported"      // unknown op, protocol version, or a feature this runtime lacks
	Storage         Code = "storage"          // SQLite or the file system failed; nothing was written
	Internal        Code = "internal"         // a bug: please report it
)

// Error is a failure with a code, a message and, when one value is to blame, the path of
// the field ("memories[3].importance").
type Error struct {
	Code    Code   `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
	cause   error
}

func (e *Error) Error() string {
	if e.Field != "" {
		return fmt.Sprintf("memcore: %s: %s (field %s)", e.Code, e.Message, e.Field)
	}
	return fmt.Sprintf("memcore: %s: %s", e.Code, e.Message)
}

// Unwrap returns the underlying cause, if any.
func (e *Error) Unwrap() error { return e.cause }

// New returns an Error for field with a formatted message.
func New(code Code, field, format string, args ...any) *Error {
	return &Error{Code: code, Field: field, Message: fmt.Sprintf(format, args...)}
}

// Wrap returns an Error with code and cause's message, keeping cause for errors.Is.
func Wrap(code Code, cause error, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	if cause != nil {
		msg += ": " + cause.Error()
	}
	return &Error{Code: code, Message: msg, cause: cause}
}

// As returns err as an *Error; an error of any other kind becomes code internal.
func As(err error) *Error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Code: Internal, Message: err.Error(), cause: err}
}

// WithField returns a copy of e whose field is prefix joined with e's field.
func (e *Error) WithField(prefix string) *Error {
	c := *e
	switch {
	case c.Field == "":
		c.Field = prefix
	case prefix != "" && c.Field[0] == '[':
		c.Field = prefix + c.Field
	case prefix != "":
		c.Field = prefix + "." + c.Field
	}
	return &c
}
