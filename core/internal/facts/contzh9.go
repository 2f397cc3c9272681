package facts

import "strings"

// What a shop or a trade sells, after the claim that names it, is a claim of its own
// (tenth round, issue 9 item 1): "我在县城开了个打印店，顺带卖点文具" (dev8.json), "我在杭州开网店，
// 卖手工皮具" (dev10.json); blind3.json's "…做跨境电商的，主要卖宠物用品到美国，所以以后…" is
// the same shape inside a rule's sentence (left to the rule). Every labelled continuation
// that opens with 卖 keys what is sold (3 of 3, three writers). Taking work on ("…，接点插画的
// 活儿") is not: blind2.json keys the work alone where the claim before it is a bare 自由职业,
// and dev2.json leaves "主要接游戏的单" unkeyed. Not a sale that happened ("…，卖了", "卖掉…").
var sellZH9 = lazy(`^(?:主要|顺带|顺便|专门|也|还|平时)?卖(?:点|些|一些)?[^了掉过给完\P{Han}]`)

// ownKeyOfZH9 reports whether a continuation (its joining word dropped) says what the
// user sells.
func ownKeyOfZH9(t string) bool {
	return strings.Contains(t, "卖") && sellZH9.MatchString(t)
}
