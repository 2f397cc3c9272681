package facts

import "strings"

// Seventh round: named tools in the continuations of a Chinese claim. Across the retired
// sets' writers a tool, service or product named by its (Latin) name is a key of its own,
// whoever's it is: "我们 team 用 Jira 管 ticket，CI 是 GitHub Actions", "我们公司 IM 用的
// Slack，文档都在 Confluence 上", "我日常用 Arc browser，密码全放在 1Password 里". splitZH5 split
// the user's own claims at such a continuation only after a verb of use, and never a
// group's ("用户所在的公司", "用户他们": a workplace's or a team's setup).

var (
	// toolStoredZH7: a continuation that names where something is kept or runs, by a Latin
	// name ("…，密码全放在 1Password 里", "…，文档都在 Confluence 上", "…，部署在 AWS").
	toolStoredZH7 = lazy(`(?:放在|存在|存到|放到|都在|全在|记在|托管在|部署在|跑在|放|存)\s*[A-Z0-9][A-Za-z0-9]`)
	// toolUsedZH7: a continuation that names a tool after a verb of use or 是 ("…，CI 是 GitHub
	// Actions", "…，美术那边用 Aseprite 画像素图").
	toolUsedZH7 = lazy(`(?:用|用的|用的是|是|装的|装了|走的是?)\s*[A-Z][A-Za-z0-9]`)
	// groupZH7: the subject of a workplace's or a team's claim: "用户所在的公司" ("我们公司 IM
	// 用的 Slack…", blind2.json), "用户所在的项目" ("我们项目用的 Godot 4…", blind3.json) as well
	// as "用户所在的游戏公司". It asked for a character before the group word until the tenth
	// round, so a group word right after 所在的 never split.
	groupZH7 = lazy(`^用户(?:所在的\p{Han}{0,3}?(?:公司|项目|团队|组|部门|单位|学校|店)|他们)`)
)

// toolOfOwnZH7 reports whether a continuation t names a tool of its own by a Latin name.
func toolOfOwnZH7(t string) bool {
	if !hasLatin(t) || !hasHan(t) {
		return false
	}
	return toolStoredZH7.MatchString(t) || toolUsedZH7.MatchString(t)
}

// groupSubjectZH7 returns the group subject a claim c starts with, "" when none.
func groupSubjectZH7(c string) string {
	if !strings.HasPrefix(c, "用户所在") && !strings.HasPrefix(c, "用户他们") {
		return ""
	}
	return groupZH7.FindString(c)
}
