package core

import (
	"strings"

	"github.com/memcore/memcore/core/internal/compact"
)

// An episode's goal (and so its memory's title, "Episode: <goal>") is the first thing the
// user asked or said in the session. A greeting or a pleasantry is no goal. The eighth
// new-user pass found two ways one still became it: a session that opened with a turn of
// its own ("Hi!", then the real message) gave the goal "Hi!", and a greeting at the head
// of the first sentence ("Hey, I'm a high school chemistry teacher in Portland.") stayed in
// the title. The goal now skips every sentence that is only a greeting or pleasantry, in
// every user turn, and drops a greeting that leads a sentence; a session that holds
// nothing else keeps its first sentence, as before. The ninth pass found a self-introduction
// ("I'm Marco, nice to meet you.") as the title: an introduction is skipped like a greeting,
// and the goal is the first sentence that asks or plans something (asksOrPlans), else the
// first that says anything.

func episodeGoal(turns []Turn, plan *Plan) string {
	if plan != nil && strings.TrimSpace(plan.Goal) != "" {
		return clipChars(oneLine(plan.Goal), episodeGoalChars)
	}
	first, said := "", ""
	for _, t := range turns {
		if t.Role != RoleUser || strings.TrimSpace(t.Content) == "" {
			continue
		}
		for _, s := range sentences(t.Content) {
			if first == "" {
				first = s
			}
			if compact.GreetingOnly(s) || compact.IntroductionOnly(s) {
				continue
			}
			s = compact.DropGreeting(s)
			if compact.AsksOrPlans(s) {
				return clipChars(s, episodeGoalChars)
			}
			if said == "" {
				said = s
			}
		}
	}
	if said != "" {
		return clipChars(said, episodeGoalChars)
	}
	return clipChars(first, episodeGoalChars)
}
