package facts

import "strings"

// Two more kinds of Chinese continuation that name a thing of their own (eighth round,
// issue 9 item 1; the fifth round's kinds are in claimzh5split.go):
//
//   - a taste of the moment: "…，最近迷上了恐龙" (blind.json), "…，最近在看《三体》",
//     "…，最近特别迷 Paw Patrol" (blind2.json), "…，最近在追《漫长的季节》" (dev8.json);
//   - what fills a commute: "…，路上一般听播客" (blind.json), "…，路上一般听 audiobook"
//     (blind2.json);
//   - an old injury of a body part: "…，膝盖受过伤" (dev.json), "…，不过肩膀之前受过伤" (blind.json),
//     "…，膝盖有旧伤" (dev2.json). The fifth round read a body part that is not well now
//     ("腰不好"); an injury in the past is the same kind of fact.
//
// Not a commute with no object ("我挺喜欢听播客的，通勤的时候听": dev.json keeps the taste).
// In every labelled sentence with a continuation of these shapes the writer keyed the
// thing named (taste and commute 6 of 6, three writers; injury 3 of 3, three writers);
// they were joined to the claim before them, one fact for two keys.
var ownKeyZH8 = lazy(`^(?:最近|这阵子|这段时间|现在)?(?:又|特别|很|超|还)?(?:迷上了?|迷\s*[A-Za-z\p{Han}]|爱上了?|在看《|在追|在听《)` +
	`|^(?:路上|通勤路上|地铁上|车上|开车的时候|通勤的时候)(?:一般|都|就|主要|基本)?(?:在)?(?:听|看|刷)\s*[A-Za-z\p{Han}《]` +
	`|^(?:之前|以前|去年|小时候)?(?:腰|膝盖|胃|肩膀|颈椎|脚踝|手腕|腿|背|脚|手|膝|肩|半月板|韧带)\p{Han}{0,4}?(?:之前|以前|去年|小时候)?(?:受过伤|伤过|做过手术|动过手术|骨折过?|扭伤过?|有旧伤)`)

// ownKeyNeedZH8: each match of ownKeyZH8 holds one.
var ownKeyNeedZH8 = []string{"迷", "爱上", "在看《", "在追", "在听《", "听", "看", "刷", "伤", "手术", "骨折"}

// ownKeyOfZH8 reports whether a continuation (its joining word dropped) is one of the
// kinds above.
func ownKeyOfZH8(t string) bool {
	for _, n := range ownKeyNeedZH8 {
		if strings.Contains(t, n) {
			return ownKeyZH8.MatchString(t)
		}
	}
	return false
}
