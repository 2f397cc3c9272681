package text

import "testing"

func TestSplitTranscript_cases(t *testing.T) {
	cases := []struct {
		name, in      string
		ok            bool
		asker, others string
	}{
		{"MADial-shaped", "Bart: 我拿到了满分！\nAssistant: 太棒了！你一定很努力。\nBart: 你觉得我应该怎么庆祝？",
			true, "我拿到了满分！\n你觉得我应该怎么庆祝？", "太棒了！你一定很努力。"},
		{"full-width colon and CJK names", "用户：我想去海边。\n助手：好主意。\n用户：带什么？",
			true, "我想去海边。\n带什么？", "好主意。"},
		{"asker is the last speaker", "Lisa: hi\nMom: dinner is ready\nLisa: coming\nMom: hurry",
			true, "dinner is ready\nhurry", "hi\ncoming"},
		{"unlabelled lines belong to the speaker before", "A: one\ntwo\nB: three\nA: four",
			true, "one\ntwo\nfour", "three"},
		{"labels case-folded", "bart: x\nAssistant: y\nBart: z", true, "x\nz", "y"},
		{"two labelled lines are not enough", "Bart: hi\nAssistant: hello", false, "", ""},
		{"one speaker only", "Bart: a\nBart: b\nBart: c", false, "", ""},
		{"a question", "What did Bart say at the party?", false, "", ""},
		{"a sentence before a colon is no label", "Here is what I think: a\nAnd my idea is this: b\nWhat we know so far: c", false, "", ""},
		{"more plain lines than labelled", "A: one\nB: two\nA: three\nx\ny\nz\nw", false, "", ""},
		{"label too long", "Abcdefghijklmnopqrstuvwxyz: a\nB: b\nAbcdefghijklmnopqrstuvwxyz: c", false, "", ""},
		{"a label of three words", "Mary Ann Smith: a\nBob: b\nMary Ann Smith: c", true, "a\nc", "b"},
		{"empty", "", false, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr, ok := SplitTranscript(c.in)
			if ok != c.ok || tr.Asker != c.asker || tr.Others != c.others {
				t.Errorf("SplitTranscript(%q) = %q, %q, %v; want %q, %q, %v", c.in, tr.Asker, tr.Others, ok, c.asker, c.others, c.ok)
			}
		})
	}
}
