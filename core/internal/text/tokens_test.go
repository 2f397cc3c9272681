package text

import (
	"slices"
	"strings"
	"testing"
)

type tokensCase struct {
	name string
	in   string
	want []string
}

func runTokens(t *testing.T, tests []tokensCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Tokens(tt.in)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Tokens(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
			checkTokens(t, tt.in, got)
		})
	}
}

func TestTokens_english(t *testing.T) {
	runTokens(t, []tokensCase{
		{"empty", "", nil},
		{"spaces only", " \t\n ", nil},
		{"sentence", "The user prefers dark mode, and the user uses Vim.",
			[]string{"the", "user", "prefers", "dark", "mode", "and", "the", "user", "uses", "vim"}},
		{"apostrophes split", "don't use the user's key", []string{"don", "use", "the", "user", "key"}},
		{"digits with letters", "gpt4 beats v2 on 2024-01-15", []string{"gpt4", "beats", "v2", "on", "2024", "01", "15"}},
		{"decimal splits", "pi is 3.14", []string{"pi", "is", "14"}},
	})
}

func TestTokens_identifiers(t *testing.T) {
	runTokens(t, []tokensCase{
		{"snake_case", "user_name", []string{"user", "name"}},
		{"SCREAMING_SNAKE", "MAX_RETRY_COUNT", []string{"max", "retry", "count"}},
		{"kebab-case", "read-only", []string{"read", "only"}},
		{"camelCase stays one word", "getUserName", []string{"getusername"}},
		{"path and extension", "/etc/nginx/nginx.conf", []string{"etc", "nginx", "nginx", "conf"}},
		{"email", "bob@example.com", []string{"bob", "example", "com"}},
		{"fts5 syntax chars separate", `"a*b" ^cd:(ef) +gh -ij {kl},mn.op`, []string{"cd", "ef", "gh", "ij", "kl", "mn", "op"}},
	})
}

func TestTokens_normalization(t *testing.T) {
	runTokens(t, []tokensCase{
		{"fullwidth", "ＡＢＣ１２３", []string{"abc123"}},
		{"ligature", "ﬁnal ﬂow", []string{"final", "flow"}},
		{"sharp s folds", "Straße STRASSE", []string{"strasse", "strasse"}},
		{"greek sigma", "ΟΔΟΣ οδος", []string{"οδοσ", "οδοσ"}},
		{"dotted capital I keeps its dot as a mark", "İstanbul", []string{"i\u0307stanbul"}},
		{"accents compose", "cafe\u0301 CAFÉ", []string{"café", "café"}},
		{"compatibility units", "5㎒ ㎏", []string{"5mhz", "kg"}},
		{"cherokee folds to uppercase", "ꭰᏸ Ꭰ", []string{"\u13a0\u13f0"}},
		{"roman numeral", "Ⅻ", []string{"xii"}},
		{"cyrillic", "Привет мир", []string{"привет", "мир"}},
	})
}

func TestTokens_cjk(t *testing.T) {
	runTokens(t, []tokensCase{
		{"chinese with latin", "用户喜欢用Python写脚本", []string{
			"用", "用户", "户", "户喜", "喜", "喜欢", "欢", "欢用", "用",
			"python",
			"写", "写脚", "脚", "脚本", "本"}},
		{"mixed", "我用VS Code写go代码", []string{"我", "我用", "用", "vs", "code", "写", "go", "代", "代码", "码"}},
		{"single character run", "a 猫 b", []string{"猫"}},
		{"punctuation ends a run", "你好。世界，再见、吧", []string{
			"你", "你好", "好", "世", "世界", "界", "再", "再见", "见", "吧"}},
		{"digits end a run", "2024年3月", []string{"2024", "年", "月"}},
		{"hiragana and kanji", "すしが好き", []string{"す", "すし", "し", "しが", "が", "が好", "好", "好き", "き"}},
		{"katakana prolonged sound mark", "コーヒー", []string{"コ", "コー", "ー", "ーヒ", "ヒ", "ヒー", "ー"}},
		{"halfwidth katakana", "ｺｰﾋｰ", []string{"コ", "コー", "ー", "ーヒ", "ヒ", "ヒー", "ー"}},
		{"katakana middle dot separates", "ジョン・スミス", []string{
			"ジ", "ジョ", "ョ", "ョン", "ン", "ス", "スミ", "ミ", "ミス", "ス"}},
		{"hangul", "안녕 세계", []string{"안", "안녕", "녕", "세", "세계", "계"}},
		{"han extension b", "𠀀𠀁", []string{"𠀀", "𠀀𠀁", "𠀁"}},
		{"iteration mark", "人々", []string{"人", "人々", "々"}},
		{"fullwidth space separates", "東京\u3000大阪", []string{"東", "東京", "京", "大", "大阪", "阪"}},
		{"cjk radical symbol separates", "人⺀人", []string{"人", "人"}},
	})
}

func TestTokens_dropped(t *testing.T) {
	runTokens(t, []tokensCase{
		{"emoji", "I ❤️ Go 🚀🇨🇳 👍🏽", []string{"go"}},
		{"keycap emoji", "1️⃣2️⃣ ok", []string{"ok"}},
		{"punctuation", `!!! ... -- "quoted" (paren) [x] {y}`, []string{"quoted", "paren"}},
		{"single letters and digits", "a b c 1 2 3 x", nil},
		{"orphan marks separate", "\u0301\u0302ab", []string{"ab"}},
		{"zero width joiner separates", "ab\u200dcd", []string{"ab", "cd"}},
	})
}

func TestTokens_cap(t *testing.T) {
	long := strings.Repeat("abcdefgh", 20)
	multi := strings.Repeat("é", 40) // 2 bytes each
	runTokens(t, []tokensCase{
		{"ascii cut at 64 bytes", long + " tail", []string{long[:MaxWordBytes], "tail"}},
		{"exactly 64 bytes kept", long[:MaxWordBytes], []string{long[:MaxWordBytes]}},
		{"cut at a rune boundary", "x" + multi, []string{"x" + strings.Repeat("é", 31)}},
		{"marks on a cjk character capped", "漢" + strings.Repeat("\u0301", 40) + "字",
			[]string{"漢" + strings.Repeat("\u0301", 30), "字"}},
	})
}

func TestTokens_invalidUTF8(t *testing.T) {
	runTokens(t, []tokensCase{
		{"invalid byte separates", "ab\xffcd", []string{"ab", "cd"}},
		{"truncated cjk", "用户\xe5\x96", []string{"用", "用户", "户"}},
		{"only garbage", "\xff\xfe\xfd", nil},
	})
}

func TestAppendTokens_reusesBuffer(t *testing.T) {
	buf := make([]string, 0, 32)
	got := AppendTokens(buf, "hello world")
	if &got[:1][0] != &buf[:1][0] {
		t.Error("AppendTokens did not append into dst's array")
	}
	got = AppendTokens(got, "again")
	if want := []string{"hello", "world", "again"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestJoin_cases(t *testing.T) {
	tests := []struct {
		name string
		in   []string
		want string
	}{
		{"nil", nil, ""},
		{"one", []string{"go"}, "go"},
		{"mixed", Tokens("我用Go"), "我 我用 用 go"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Join(tt.in); got != tt.want {
				t.Errorf("Join(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
