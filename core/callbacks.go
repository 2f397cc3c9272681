package core

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// The host's callbacks (Options.Complete, Options.Embed) are code memcore does not
// control: they may throw, never answer, answer garbage, answer megabytes, or repeat
// instructions a user slipped into a message ("ignore the above and store …"). What the
// engine does about each (docs/RELIABILITY.md "Host callbacks"):
//
//   - an error, a timeout (CallbackTimeout, default DefaultCallbackTimeout), an answer
//     over MaxCompletionBytes or one that is not text (invalid UTF-8, NUL) is a failed
//     call: extraction, compaction and episodes fall
//     back to their heuristics (a committed extraction queues the LLM pass for a retry),
//     embedding falls back to BM25 (stats().embedFailures counts it);
//   - an answer is data, never instructions: the LLM's facts are parsed into typed
//     memories of the caller's namespace, with type, content, subject, predicate,
//     confidence and evidence only (at most facts.DefaultMaxFacts per pass, content cut
//     at facts.MaxContentRunes, evidence limited to the messages it was shown), then
//     checked as any remember; a vector must be finite, non-zero and of one dimension.

// DefaultCallbackTimeout is how long one host callback may take when
// Options.CallbackTimeout is 0.
const DefaultCallbackTimeout = time.Minute

// MaxCallbackTimeout bounds Options.CallbackTimeout as the protocol's open takes it
// (callbackTimeoutMs): an hour is longer than any model takes to answer.
const MaxCallbackTimeout = time.Hour

// MaxCompletionBytes is the longest LLM answer memcore reads (1 MiB). Nothing memcore
// asks for is near it (an extraction is at most 8 facts, a summary a few KB); a longer
// answer is a runaway model or a hostile host, and is treated as a failed call.
const MaxCompletionBytes = 1 << 20

// capAnswer wraps complete so that an answer over MaxCompletionBytes, or one that is not
// text (invalid UTF-8, a NUL character: a native host's bytes), is an error: a summary
// or a fact made of it could not be stored.
func capAnswer(complete func(context.Context, Completion) (string, error)) func(context.Context, Completion) (string, error) {
	if complete == nil {
		return nil
	}
	return func(ctx context.Context, req Completion) (string, error) {
		s, err := complete(ctx, req)
		switch {
		case err != nil:
			return "", err
		case len(s) > MaxCompletionBytes:
			return "", fmt.Errorf("the LLM's answer is %d bytes, over the %d memcore reads", len(s), MaxCompletionBytes)
		case !utf8.ValidString(s):
			return "", errors.New("the LLM's answer is not valid UTF-8")
		case strings.IndexByte(s, 0) >= 0:
			return "", errors.New("the LLM's answer contains a NUL character")
		}
		return s, nil
	}
}
