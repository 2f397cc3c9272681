package compact

import "github.com/memcore/memcore/core/internal/lazyre"

// An allergy or a health condition is a fact about someone's body, not a taste. The
// eighth new-user pass found "我女儿乐乐对牛奶过敏" (a daughter's milk allergy) under
// 偏好 because preferenceRE knew 过敏 and "I'm allergic", so an agent reading the summary
// would have taken it for the user's liking. A user's sentence that states one — the
// user's own or a family member's — is listed under Facts instead; a preference in the
// same sentence does not pull it back ("I'm allergic to nuts, so I don't eat them" is
// one fact).

// healthRE is a sentence that states an allergy, an intolerance or a condition.
var healthRE = lazyre.New(`(?i)\b(allergic|allergy|allergies|intolerant|intolerance|coeliac|celiac|asthma|asthmatic|diabetic|diabetes|epipen|anaphyla\w*)\b|过敏|不耐受|哮喘|糖尿病|高血压|乳糜泻`)

// healthStatement reports whether the stated part of a user's sentence (statedPart)
// names an allergy or a health condition.
func healthStatement(stated string) bool {
	return stated != "" && healthRE.MatchString(stated)
}
