//go:build js

// JavaScript errors and promises from Go (moved from opfs_js.go): jsError and the checks
// of its name (held, quota), awaiting a promise-returning call, and making a promise.

package opfs

import (
	"errors"
	"fmt"
	"syscall/js"
	"time"
)

// ─── Promises ───────────────────────────────────────────────────────────────────────────

// jsError is a JavaScript exception or rejection: its name ("NotFoundError") and message.
type jsError struct{ name, message string }

func (e *jsError) Error() string {
	if e.name == "" {
		return e.message
	}
	return e.name + ": " + e.message
}

func jsErr(v js.Value) error {
	if v.Type() == js.TypeObject {
		e := &jsError{}
		if n := v.Get("name"); n.Type() == js.TypeString {
			e.name = n.String()
		}
		if m := v.Get("message"); m.Type() == js.TypeString {
			e.message = m.String()
		}
		if e.name != "" || e.message != "" {
			return e
		}
	}
	return &jsError{message: js.Global().Call("String", v).String()}
}

func panicErr(r any) error {
	if e, ok := r.(js.Error); ok {
		return jsErr(e.Value)
	}
	return fmt.Errorf("%v", r)
}

func isName(err error, name string) bool {
	var e *jsError
	return errors.As(err, &e) && e.name == name
}

// isHeld: the file has another access handle (another worker holds the database).
func isHeld(err error) bool {
	return isName(err, "NoModificationAllowedError") || isName(err, "InvalidStateError")
}

func isQuota(err error) bool { return isName(err, "QuotaExceededError") }

// awaitCall calls method on v and waits for the Promise it returns. It blocks the calling
// goroutine, never the event loop, which settles the Promise meanwhile.
func awaitCall(v js.Value, method string, args ...any) (res js.Value, err error) {
	if tracing {
		defer traceSince("await "+method, time.Now())
	}
	type settled struct {
		v   js.Value
		err error
	}
	done := make(chan settled, 1)
	onValue := js.FuncOf(func(_ js.Value, a []js.Value) any { done <- settled{v: arg0(a)}; return nil })
	onError := js.FuncOf(func(_ js.Value, a []js.Value) any { done <- settled{err: jsErr(arg0(a))}; return nil })
	defer onValue.Release()
	defer onError.Release()
	func() {
		defer func() {
			if r := recover(); r != nil {
				done <- settled{err: panicErr(r)}
			}
		}()
		p := js.Global().Get("Promise").Call("resolve", v.Call(method, args...))
		p.Call("then", onValue, onError)
	}()
	s := <-done
	return s.v, s.err
}

func newPromise(start func(resolve, reject js.Value)) js.Value {
	executor := js.FuncOf(func(_ js.Value, a []js.Value) any {
		start(a[0], a[1])
		return nil
	})
	defer executor.Release()
	return js.Global().Get("Promise").New(executor)
}

func arg0(a []js.Value) js.Value {
	if len(a) == 0 {
		return js.Undefined()
	}
	return a[0]
}
