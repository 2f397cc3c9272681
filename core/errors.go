package core

import "github.com/memcore/memcore/core/internal/errs"

// Error is every failure the engine returns: a [Code] from a closed set, a message and the
// offending field. Use errors.As to get it; hosts switch on Code.
type Error = errs.Error

// Code is an error code; see the constants.
type Code = errs.Code

// The error codes of the protocol and the JS MemcoreError.
const (
	CodeInvalidArgument = errs.InvalidArgument
	CodeNotFound        = errs.NotFound
	CodeConflict        = errs.Conflict
	CodeTooLarge        = errs.TooLarge
	CodeClosed          = errs.Closed
	CodeUnsupported     = errs.Unsupported
	CodeStorage         = errs.Storage
	CodeInternal        = errs.Internal
)
