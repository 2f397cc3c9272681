package facts

import "strings"

// Twelfth round (issue 9): "I live in Lille with my cat Pistache, she's a grey tabby" was
// one fact, "User lives in Lille with their cat Pistache, she's a grey tabby", and a
// location one (livesNow: "lives in "), so a later "Actually I moved to Lyon" superseded
// it and the cat went with the old city. A pet the user lives with is its own fact: the
// location keeps the city alone ("User lives in Lille"), the pet is "User has a cat named
// Pistache", and what the sentence goes on to say of it ("she's a grey tabby") is "User's
// cat Pistache is a grey tabby". "I live with my dog Rex in Lyon" and "我和我的猫布丁住在上海"
// (a claim of the kind family, which no move superseded, nor made a location) likewise.
//
// Only a pet: "I live in Berlin with my partner" and "现在和老婆住在南京" stay one fact. The
// labelled writers key the city alone in each of their four such sentences (labelled.json,
// dev.json, dev7.json, dev9.json), so a fact of the partner would be counted wrong; the
// move then replaces the partner with the city (FACTS.md "Twelfth round", left).

// petWordEN12 is a pet, or a few of them, as the user names it after "my".
const petWordEN12 = `(?:(?:two|three|2|3)\s+)?(?:cats?|dogs?|kittens?|pupp(?:y|ies)|rabbits?|bunn(?:y|ies)|hamsters?|parrots?|budgies?|guinea\s+pigs?|ferrets?|tortoises?|turtles?)`

var (
	// petInEN12: "User lives in Lille with their cat Pistache[, she's a grey tabby]".
	petInEN12 = lazy(`^User (lives|is living|now lives|currently lives|still lives) in (.+?) with their (` + petWordEN12 + `)(?:\s+(\p{Lu}[\p{L}'-]+))?(?:,\s*(?:she|he|it|they)(?:'s|\s+is|'re|\s+are)\s+(.+))?$`)
	// petWithEN12: "User lives with their dog Rex in Lyon".
	petWithEN12 = lazy(`^User (lives|is living|now lives|currently lives|still lives) with their (` + petWordEN12 + `)(?:\s+(\p{Lu}[\p{L}'-]+))? in (\p{Lu}[\p{L} .'-]+)$`)
	// petZH12: "用户和用户的猫布丁住在上海".
	petZH12 = lazy(`^用户(?:现在)?(?:和|跟|与|同)(?:用户的|用户家的?)?(猫咪|狗狗|小猫|小狗|猫|狗|兔子|仓鼠|鹦鹉)(\p{Han}{1,4}?|[A-Za-z]+)?(?:一起)?住在(.+)$`)
)

// petNeed12 is the cheap check before petSplit12: a fact holds " with their " or 住在.
func petNeed12(out []Fact) bool {
	for _, f := range out {
		if strings.Contains(f.Content, " with their ") || strings.Contains(f.Content, "住在") {
			return true
		}
	}
	return false
}

// petSplit12 returns out with each fact of the user living somewhere with a pet split into
// the location and the pet's facts.
func petSplit12(out []Fact) []Fact { return splitEach(out, 2, petFacts12) }

// splitEach returns out with each fact that each splits (a non-nil result) replaced by its
// parts, in order; grow is how many facts more a split makes at most, for the one
// allocation. out itself comes back when nothing splits, as in most calls.
func splitEach(out []Fact, grow int, each func(Fact) []Fact) []Fact {
	var res []Fact
	for i, f := range out {
		fs := each(f)
		switch {
		case fs != nil && res == nil:
			res = append(append(make([]Fact, 0, len(out)+grow), out[:i]...), fs...)
		case fs != nil:
			res = append(res, fs...)
		case res != nil:
			res = append(res, f)
		}
	}
	if res == nil {
		return out
	}
	return res
}

// petFacts12 is petSplit12 of one fact: nil when it is not of the shape.
func petFacts12(f Fact) []Fact {
	c := f.Content
	var verb, place, pet, name, desc string
	switch {
	case strings.Contains(c, " with their ") && strings.HasPrefix(c, "User "):
		if m := petInEN12.FindStringSubmatch(c); m != nil {
			verb, place, pet, name, desc = m[1], m[2], m[3], m[4], m[5]
		} else if m := petWithEN12.FindStringSubmatch(c); m != nil {
			verb, pet, name, place = m[1], m[2], m[3], m[4]
		} else {
			return nil
		}
	case strings.HasPrefix(c, "用户") && strings.Contains(c, "住在") && strings.ContainsAny(c, "猫狗兔鼠鹉"):
		m := petZH12.FindStringSubmatch(c)
		if m == nil || meaningful(m[3]) < 2 {
			return nil
		}
		loc := f
		loc.Type, loc.Predicate, loc.Content = TypeProfile, "location", "用户住在"+m[3]
		pf := f
		pf.Type, pf.Predicate, pf.Content = TypeProfile, "family", "用户和用户的"+m[1]+"住在一起"
		if m[2] != "" && m[2] != "一起" { // "我和猫咪一起住在北京": no name
			pf.Content = "用户的" + m[1] + "叫" + m[2]
		}
		return []Fact{loc, pf}
	default:
		return nil
	}
	loc := f
	loc.Type, loc.Predicate, loc.Content = TypeProfile, "location", clip("User "+verb+" in "+strings.TrimSpace(place))
	plural := strings.HasSuffix(pet, "s") || strings.HasSuffix(pet, "ies")
	pf := f
	pf.Type, pf.Predicate = TypeProfile, "family"
	switch {
	case plural:
		pf.Content = "User has " + pet
	case name != "":
		pf.Content = "User has a " + pet + " named " + name
	default:
		pf.Content = "User has a " + pet
	}
	out := []Fact{loc, pf}
	if desc = strings.TrimSpace(desc); meaningful(desc) >= 3 {
		d := pf
		be := " is "
		if plural {
			be = " are "
		}
		d.Content = clip("User's " + strings.TrimSpace(pet+" "+name) + be + desc)
		out = append(out, d)
	}
	return out
}
