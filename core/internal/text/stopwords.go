package text

// IsStopword reports whether a normalized token is a stopword: a function word that
// appears in nearly every memory, so that as an OR'ed query term it would match almost
// everything while adding nothing to the ranking. QueryTokens drops them; documents keep
// them (BM25 statistics and phrase bigrams need the real text).
//
// The list, chosen for questions an agent asks its memory ("what did I say about…",
// "我喜欢什么"):
//
//   - English: ~150 pronouns, articles, auxiliaries, modals, prepositions, conjunctions
//     and question words, plus the contraction tails "ll", "ve", "re" that apostrophes
//     leave behind (one-letter ones like "s", "t", "i", "a" never become tokens).
//     Negations ("not", "no", "nor", "never", "don", "didn", …) are deliberately absent:
//     "does not like X" and "likes X" are different memories. So is "only", which
//     kebab-case terms like "read-only" need.
//   - Chinese: function-word unigrams (的 了 是 在 我 你 他 她 它 们 吗 呢 吧 啊 和 与 也
//     都 就 这 那 有 个 么 什 怎 哪 谁 一) and the bigram question words and pronouns
//     they form (什么 怎么 哪里 这个 我们 …). 不 and 没 are kept: negation matters.
//     一 is a stopword as a unigram only; its bigrams (一月, 第一, 唯一) still search.
//     So are the noun suffixes 儿 and 子 (女儿, 哪儿; 孩子, 疹子): "我儿子喜欢什么？" ranked
//     "用户的女儿对芒果过敏，吃了会起疹子" first by those two unigrams; 儿子 and 女儿 still
//     search as bigrams. They are not glue (cjkquery.go): 儿子 and 孩子 are words.
//   - Japanese: the common particles の は が を に で と も へ や か ね よ and the
//     copulas です ます.
//   - Korean: the common particles 은 는 이 가 을 를 에 의 도 와 과, which the
//     character unigrams of a Hangul run produce.
//
// Since QueryTokens keeps an all-stopword query as it is, a stopword can still be
// searched for on its own.
func IsStopword(tok string) bool {
	_, ok := stopwords[tok]
	return ok
}

var stopwords = func() map[string]struct{} {
	words := [...]string{
		// English
		"a", "about", "above", "after", "again", "against", "all", "also", "am", "an",
		"and", "any", "are", "as", "at", "be", "because", "been", "before", "being",
		"below", "between", "both", "but", "by", "can", "could", "did", "do", "does",
		"doing", "down", "during", "each", "either", "else", "ever", "every", "few",
		"for", "from", "further", "had", "has", "have", "having", "he", "her", "here",
		"hers", "herself", "him", "himself", "his", "how", "i", "if", "in", "into", "is",
		"it", "its", "itself", "just", "let", "ll", "may", "me", "might", "more", "most",
		"much", "must", "my", "myself", "of", "off", "on", "once", "or", "other",
		"ought", "our", "ours", "ourselves", "out", "over", "own", "re", "same", "shall",
		"she", "should", "so", "some", "such", "than", "that", "the", "their", "theirs",
		"them", "themselves", "then", "there", "these", "they", "this", "those",
		"through", "to", "too", "under", "until", "up", "upon", "us", "ve", "very", "was",
		"we", "were", "what", "whatever", "when", "where", "whether", "which", "while",
		"who", "whom", "whose", "why", "will", "with", "within", "would", "yet", "you",
		"your", "yours", "yourself", "yourselves",
		// Chinese unigrams
		"的", "了", "是", "在", "我", "你", "他", "她", "它", "们", "吗", "呢", "吧", "啊",
		"和", "与", "也", "都", "就", "这", "那", "有", "个", "么", "什", "怎", "哪", "谁",
		"一", "儿", "子",
		// Chinese bigrams
		"什么", "怎么", "怎样", "哪里", "哪个", "哪些", "这个", "那个", "这些", "那些",
		"这样", "那样", "我们", "你们", "他们", "她们", "它们", "一个",
		// Japanese
		"の", "は", "が", "を", "に", "で", "と", "も", "へ", "や", "か", "ね", "よ",
		"です", "ます",
		// Korean
		"은", "는", "이", "가", "을", "를", "에", "의", "도", "와", "과",
	}
	m := make(map[string]struct{}, len(words))
	for _, w := range words {
		m[w] = struct{}{}
	}
	return m
}()
