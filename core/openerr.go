package core

import "github.com/memcore/memcore/core/internal/errs"

// openError is Open's failure: code with cause's message, and field "path", because the
// path is the one argument of Open a caller can change to make it succeed (create the
// directory, name a file instead of a directory, pick a memcore database).
func openError(code errs.Code, cause error, path string) *errs.Error {
	e := errs.Wrap(code, cause, "cannot open %q", path)
	e.Field = "path"
	return e
}
