package store

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/memcore/memcore/core/internal/text"
)

// TestStem_matchesFTS5 checks text.Stem against FTS5's own porter tokenizer: every word
// of the repository's labelled fact sets, the eval fixture, Go sources and a list of
// suffix combinations is indexed in a `porter ascii` table, and the terms fts5vocab
// lists must be exactly the words' stems. Per-namespace BM25 (core/nsbm25.go) counts
// term frequencies with Stem, so a difference would make its scores differ from FTS5's.
func TestStem_matchesFTS5(t *testing.T) {
	words := map[string]bool{}
	word := regexp.MustCompile(`[a-z0-9]+`)
	add := func(s string) {
		for _, tok := range text.Tokens(s) {
			if word.MatchString(tok) && word.FindString(tok) == tok {
				words[tok] = true
			}
		}
	}
	for _, glob := range []string{"../facts/testdata/*.json", "../../../internal/eval/testdata/*.json", "../*/*.go", "../../*.go", "../../../docs/*.md"} {
		files, _ := filepath.Glob(glob)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			add(string(b))
		}
	}
	stems := []string{"a", "ab", "abl", "at", "bl", "iz", "hop", "tann", "fall", "fizz", "fil", "fail", "conflat", "sky", "happ", "cri", "generat", "rel", "ration", "condition", "valen", "hesit", "digit", "conform", "radic", "differen", "analog", "vietnam", "formal", "sensitiv", "sensibil", "triplic", "electric", "hope", "good", "revival", "allow", "infer", "airlin", "gyroscop", "adjust", "depend", "adopt", "homolog", "commun", "activ", "bowdler", "effect", "control", "roll", "bell", "eed", "agr", "feed", "bl", "xy", "yy", "oy", "by"}
	suffixes := []string{"", "s", "es", "sses", "ies", "ss", "ed", "eed", "ing", "ational", "tional", "enci", "anci", "izer", "logi", "bli", "alli", "entli", "eli", "ousli", "ization", "ation", "ator", "alism", "iveness", "fulness", "ousness", "aliti", "iviti", "biliti", "icate", "ative", "alize", "iciti", "ical", "ful", "ness", "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "sion", "tion", "ion", "ou", "ism", "ate", "iti", "ous", "ive", "ize", "e", "ll", "y", "ying", "ated", "bled", "izing", "ling", "sing", "zed", "lled"}
	for _, s := range stems {
		for _, x := range suffixes {
			words[s+x] = true
		}
	}
	long := strings.Repeat("abcdefgh", 8)
	words[long] = true
	words[long+"ing"] = true
	words[strings.Repeat("ab", 32)[:63]+"s"] = true

	d, err := Open(context.Background(), ":memory:", Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.QueryStrings(`CREATE VIRTUAL TABLE temp.stemcheck USING fts5(w, tokenize = 'porter ascii')`); err != nil {
		t.Fatal(err)
	}
	if _, err := d.QueryStrings(`CREATE VIRTUAL TABLE temp.stemvocab USING fts5vocab(temp, stemcheck, instance)`); err != nil {
		t.Fatal(err)
	}
	var list []string
	for w := range words {
		list = append(list, w)
	}
	if _, err := d.QueryStrings(`INSERT INTO temp.stemcheck (rowid, w) SELECT key + 1, value FROM json_each(?)`, jsonList(list)); err != nil {
		t.Fatal(err)
	}
	got, err := d.QueryStrings(`SELECT doc || ' ' || term FROM temp.stemvocab ORDER BY doc`)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(list) {
		t.Fatalf("FTS5 indexed %d terms for %d words", len(got), len(list))
	}
	for i, g := range got {
		w, term := list[i], strings.SplitN(g, " ", 2)[1]
		if !strings.HasPrefix(g, strconv.Itoa(i+1)+" ") || term != text.Stem(w) {
			t.Errorf("FTS5 indexes %q as %q, text.Stem says %q", w, g, text.Stem(w))
		}
	}
	n := len(list)
	if n < 3000 {
		t.Fatalf("only %d words checked", n)
	}
	t.Logf("%d words", n)
}
