package chat

import (
	"errors"

	"github.com/memcore/memcore/core/internal/errs"
)

func errField(err error) string {
	var e *errs.Error
	if errors.As(err, &e) {
		return e.Field
	}
	return "?"
}
