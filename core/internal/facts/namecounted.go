package facts

import "github.com/dlclark/regexp2"

// Seventh round: "我养了一只狗，叫豆豆", "我屋企有隻貓，叫咪咪", "我有个儿子，叫小宇" — a
// bare "叫X" after a clause that ends in something counted (a measure word and a noun) is
// that thing's name, not the user's. nameZH read it as the user's name at 0.9
// ("用户叫豆豆"), which every writer labels wrong and which would overwrite a real name;
// refused, the clause joins the fact before it ("用户养了一只狗，叫豆豆").

// countedEnd is a clause that ends in a counted noun: an optional numeral, a measure word
// (simplified or traditional) and one to five Han characters.
var countedEnd = re(`(?:[一二两兩三四五六七八九十几幾俩倆]|好几|好幾)?(?:只|隻|条|條|头|頭|匹|个|個|位|棵|盆|辆|輛|部|台|臺)\p{Han}{1,5}$`)

// namesCounted reports whether the bare name match m (no 我 of its own) follows a clause
// of s that ends in a counted noun other than the user.
func namesCounted(m *regexp2.Match, s *sentence) bool {
	if group(m, "me") != "" {
		return false
	}
	end := m.Index
	for end > 0 && (s.r[end-1] == ' ' || s.r[end-1] == '，' || s.r[end-1] == ',') {
		end--
	}
	start := end
	for start > 0 && s.r[start-1] != '，' && s.r[start-1] != ',' {
		start--
	}
	return end > start && matches(countedEnd, s.r[start:end]) && !matches(isCounted, s.r[start:end])
}

// isCounted is a clause where the counted noun is the user ("我是一个程序员，叫小王").
var isCounted = re(`^\s*我(?:也|就|只|还)?(?:是|係|系)`)
