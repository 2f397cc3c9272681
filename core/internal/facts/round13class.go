package facts

import "strings"

// Thirteenth round (issue 9): when the user's class is, the class unnamed. "My class
// moved to Thursday evenings" gave nothing (myThing reads "my class" as code, "my class
// doesn't compile"), and "我的课改到周四了" gave "用户的课改到周四了" under the kind event,
// so the old day ("我的课在周三晚上") stayed live beside it: round12sched.go gives a slot
// only to a named class. The user's own class — "my class", "我的课": one, definite — with
// a day or a time now gets the slot "schedule:class" ("schedule:lesson", "schedule:课"…),
// its own slot beside the named ones. Not "I have a class on Monday" or "我有一节课在周一"
// (one of several), "这周的课改到周四了" (this week's, once), a relative's class, a session or
// an appointment (a user has several at once), nor a class with no time.
//
// And a thing of the user's that moved is no home: "My session moved to 3pm" and "我的办公室
// 搬到浦东了" were locations ("moved to", 搬到: livesNow) that superseded where the user lives.

// classBareEN13: the user's unnamed class, then a verb of when it is; group 1 the word.
var classBareEN13 = lazy(`^User's\s+(class|classes|lessons?|course|courses|practice|training|rehearsals?)\s+(?:is|are|was|were|has\s+been|have\s+been|got|moved|changed|switched|shifted|rescheduled|pushed|bumped|now)\b`)

// classBareZH13: "用户的课" and a verb of when it is.
var classBareZH13 = lazy(`^用户的课(?:程)?(?:改到|改成|换到|调到|挪到|推到|改在|改为|在|是|每)`)

// classWhenEN13 is the rest of a "my …" clause that says when the user's class is:
// "class moved to Thursday evenings", "classes are on Tuesdays".
var classWhenEN13 = lazy(`(?i)^class(?:es)?\s+(?:is|are|was|were|has\s+been|have\s+been|got|moved|changed|switched|shifted|rescheduled|pushed|bumped|now)\b`)

// classWhen13 reports a "my …" clause's rest that is the user's class and its time, not
// code: myThing lets it through.
func classWhen13(rest string) bool {
	return len(rest) > 8 && (rest[0] == 'c' || rest[0] == 'C') && classWhenEN13.MatchString(head(rest, 40)) &&
		whenWord12.MatchString(head(rest, 80))
}

// slots13 gives a classified fact the slot of the user's unnamed class, and takes the
// location from a thing of the user's that moved.
func slots13(f Fact) Fact {
	c := f.Content
	switch {
	case strings.HasPrefix(c, "User's "):
		if f.Predicate == "location" && strings.Contains(c, " moved to ") {
			f.Type, f.Predicate = TypeFact, "event" // "User's session moved to 3pm": not where the user lives
		}
		if m := classBareEN13.FindStringSubmatch(head(c, 60)); m != nil && whenWord12.MatchString(c) {
			f.Predicate = "schedule:" + fixSingular12(strings.TrimSuffix(strings.TrimSuffix(m[1], "es"), "s"))
		}
	case strings.HasPrefix(c, "用户的"):
		if f.Predicate == "location" && strings.Contains(c, "搬到") && !strings.HasPrefix(c, "用户的家") {
			f.Type, f.Predicate = TypeFact, "event" // "用户的办公室搬到浦东了": likewise
		}
		if strings.HasPrefix(c, "用户的课") && classBareZH13.MatchString(head(c, 30)) && whenWord12.MatchString(c) {
			f.Predicate = "schedule:课"
		}
	}
	return f
}
