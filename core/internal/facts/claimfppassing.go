package facts

// The first-person fallback (claimmodelgate.go) reads clauses the rules declined, and
// most of the first-person ones are about the moment of speaking ("I'm cooking dinner
// right now", "I'm logging off", 我在做饭): the detector scores those as claims (docs/FACTS.md,
// "Sixth round"). fpPassing refuses them before the detector is asked. Level 1 is the
// rules' own notion of a passing claim (passingClaim, claimpassing.go); level 2 adds the
// talk of leaving or of the next minutes that passingClaim, made for the rules' claims,
// has no need of. cmFallbackPassing picks the level (0: no refusal); labelledlowo.go
// sweeps it ("Ninth round").

var (
	// leavingEN: the user leaving the conversation or about to do something now.
	leavingEN = lazy(`(?i)\b(?:log(?:ging)?\s+off|sign(?:ing)?\s+off|about\s+to|gotta\s+go|got\s+to\s+go|off\s+to\s+(?:bed|work|sleep)|heading\s+(?:out|off|home|to\s+bed)|going\s+to\s+(?:bed|sleep)|be\s+back|for\s+now|right\s+now|at\s+the\s+moment)\b`)
	// leavingZH: the same in Chinese, and 刚 / 正在 / 马上 anywhere.
	leavingZH = lazy(`刚|正在|马上|一会儿|待会|等会|下线|先下了|先撤|去睡|回头聊|现在在`)
)

// cmFallbackPassing is the first-person fallback's refusal of passing states: 0 none, 1
// passingClaim, 2 passingClaim or the moment's words above.
var cmFallbackPassing = 0

// fpPassing reports whether the first-person fallback must refuse a clause as about the
// moment of speaking only, at cmFallbackPassing's level.
func fpPassing(clause string) bool {
	if cmFallbackPassing <= 0 {
		return false
	}
	if passingClaim(clause) {
		return true
	}
	if cmFallbackPassing < 2 {
		return false
	}
	if hasHan(clause) {
		return leavingZH.MatchString(clause) && !lastingZH.MatchString(clause) && !aheadZH.MatchString(clause)
	}
	return leavingEN.MatchString(clause) && !lastingEN.MatchString(clause) && !aheadEN.MatchString(clause)
}
