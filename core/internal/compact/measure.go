package compact

import (
	"unicode/utf8"

	"github.com/memcore/memcore/core/internal/chat"
	"github.com/memcore/memcore/core/internal/text"
)

// MessageOverhead is what a message costs besides its text (role, separators), in
// tokens.
const MessageOverhead = 4

// MessageTokens estimates the tokens of one message: its readable text
// (chat.Message.AllText, so tool calls and results count) by the CJK-aware
// text.EstimateTokens, plus MessageOverhead.
func MessageTokens(m *chat.Message) int { return MessageOverhead + text.EstimateTokens(m.AllText()) }

// Tokens estimates the tokens of a conversation: the sum of MessageTokens.
func Tokens(msgs []chat.Message) int {
	n := 0
	for i := range msgs {
		n += MessageTokens(&msgs[i])
	}
	return n
}

// Chars counts the characters (code points) of a conversation's readable text.
func Chars(msgs []chat.Message) int {
	n := 0
	for i := range msgs {
		n += utf8.RuneCountInString(msgs[i].AllText())
	}
	return n
}
