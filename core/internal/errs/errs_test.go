package errs

import (
	"errors"
	"io"
	"testing"
)

func TestWithField_cases(t *testing.T) {
	for _, tc := range []struct{ field, prefix, want string }{
		{"", "memories[2]", "memories[2]"},
		{"importance", "memories[2]", "memories[2].importance"},
		{"[3]", "tags", "tags[3]"},
		{"card.person", "memory", "memory.card.person"},
		{"content", "", "content"},
		{"", "", ""},
	} {
		e := New(InvalidArgument, tc.field, "m")
		got := e.WithField(tc.prefix)
		if got.Field != tc.want {
			t.Errorf("%q.WithField(%q) = %q, want %q", tc.field, tc.prefix, got.Field, tc.want)
		}
		if e.Field != tc.field {
			t.Errorf("WithField changed the original: %q", e.Field)
		}
	}
}

func TestAs_cases(t *testing.T) {
	own := New(NotFound, "id", "no %s", "x")
	for _, tc := range []struct {
		name string
		err  error
		code Code
	}{
		{"nil", nil, ""},
		{"own", own, NotFound},
		{"wrapped_own", errors.Join(errors.New("ctx"), own), NotFound},
		{"foreign", io.EOF, Internal},
	} {
		got := As(tc.err)
		if (got == nil) != (tc.code == "") || (got != nil && got.Code != tc.code) {
			t.Errorf("%s: As = %+v, want code %q", tc.name, got, tc.code)
		}
	}
	if As(io.EOF).Unwrap() != io.EOF {
		t.Error("As of a foreign error loses it as the cause")
	}
}

func TestWrap_keepsCause(t *testing.T) {
	e := Wrap(Storage, io.ErrUnexpectedEOF, "open %q", "a.db")
	if !errors.Is(e, io.ErrUnexpectedEOF) || e.Message != `open "a.db": unexpected EOF` || e.Field != "" {
		t.Errorf("Wrap = %+v", e)
	}
	if got := Wrap(Storage, nil, "x").Message; got != "x" {
		t.Errorf("Wrap(nil) message = %q", got)
	}
}

func TestError_string(t *testing.T) {
	if got := New(TooLarge, "query", "too big").Error(); got != "memcore: too_large: too big (field query)" {
		t.Errorf("Error() = %q", got)
	}
	if got := New(Closed, "", "closed").Error(); got != "memcore: closed: closed" {
		t.Errorf("Error() = %q", got)
	}
}
