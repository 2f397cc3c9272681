package facts

import "strings"

// Thirteenth round (issue 9): the people the user lives with. "I live in Berlin with my
// partner Sam" was one location fact, "User lives in Berlin with their partner Sam", so a
// later "I moved to Munich" superseded the partner with the city; "我和男朋友阿杰住在杭州"
// was one fact of the kind family, so the city was no location and a move left it live.
// As the twelfth round did for a pet (round12pet.go), the fact is split: the city alone is
// the location ("User lives in Berlin", "用户住在杭州"), the person a fact of the kind family
// that no move supersedes ("User lives with their partner Sam", "用户和男朋友阿杰住在一起").
//
// The labelled writers key the city alone in their five such sentences (labelled.json,
// dev.json, dev7.json, dev9.json twice): the person's fact is one more found there, counted
// wrong (FACTS.md "Thirteenth round"). A place that is no name ("in a flat with my
// partner") is left as it was.

// mateWordEN13 is a person the user lives with, as named after "their".
const mateWordEN13 = `(?:(?:two|three|four|2|3|4)\s+)?(?:partner|husband|wife|spouse|boyfriend|girlfriend|fianc[eé]e?|roommates?|flatmates?|housemates?|parents|mom|mum|mother|dad|father|family|kids|children|son|sons|daughter|daughters|brother|sister|grandparents|grandma|grandmother|in-laws|boys|girls|twins)`

var (
	// mateInEN13: "User lives in Berlin with their partner Sam".
	mateInEN13 = lazy(`^User (lives|now lives|currently lives|still lives|is living|is now living|is currently living|is still living|now living|is based|is currently based|is now based) in (\p{Lu}[^,;]*?) with their (` + mateWordEN13 + `(?:\s+(?:and their\s+)?\p{L}[\p{L}'-]*){0,4})$`)
	// mateWithEN13: "User lives with their husband in Cork".
	mateWithEN13 = lazy(`^User (lives|now lives|currently lives|still lives|is living|is now living|is currently living|is still living|now living|is based|is currently based|is now based) with their (` + mateWordEN13 + `(?:\s+\p{Lu}[\p{L}'-]*)?) in (\p{Lu}[\p{L} .'-]*)$`)
	// mateZH13: "用户(现在)和(用户的)男朋友阿杰(一起)住在杭州".
	mateZH13 = lazy(`^用户(现在|目前|如今|还)?(?:和|跟|与|同)((?:用户的|用户家的?)?(?:老婆|老公|妻子|丈夫|爱人|媳妇|男朋友|女朋友|男友|女友|对象|未婚夫|未婚妻|室友|舍友|父母|爸妈|爸爸|妈妈|爸|妈|儿子|女儿|孩子们?|家人|老伴|公婆|爷爷奶奶|奶奶|外婆|姥姥)(?:\p{Han}{1,3}?|[A-Za-z]+)?)(?:一起)?住在(.+)$`)
)

// mateVerbEN13 turns the verb of a "living" fact into one the location slot knows
// (livesNow): "is now living" → "now lives".
var mateVerbEN13 = map[string]string{"is living": "lives", "is now living": "now lives", "now living": "now lives",
	"is currently living": "currently lives", "is still living": "still lives"}

// mateSplit13 returns out with each fact of the user living somewhere with a person split
// into the location and the person's fact. Its callers check petNeed12 first (" with
// their " or 住在 in a fact).
func mateSplit13(out []Fact) []Fact { return splitEach(out, 1, mateFacts13) }

// mateFacts13 is mateSplit13 of one fact: nil when it is not of the shape.
func mateFacts13(f Fact) []Fact {
	if f.Predicate != "location" && f.Predicate != "family" {
		return nil
	}
	c := f.Content
	var verb, place, mate string
	switch {
	case strings.HasPrefix(c, "User ") && strings.Contains(c, " with their "):
		if m := mateInEN13.FindStringSubmatch(c); m != nil {
			verb, place, mate = m[1], m[2], m[3]
		} else if m := mateWithEN13.FindStringSubmatch(c); m != nil {
			verb, mate, place = m[1], m[2], m[3]
		} else {
			return nil
		}
	case strings.HasPrefix(c, "用户") && strings.Contains(c, "住在"):
		m := mateZH13.FindStringSubmatch(c)
		if m == nil || meaningful(m[3]) < 2 || strings.HasPrefix(m[3], "一起") {
			return nil
		}
		loc, mf := f, f
		loc.Type, loc.Predicate, loc.Content = TypeProfile, "location", "用户"+m[1]+"住在"+m[3]
		mf.Type, mf.Predicate, mf.Content = TypeProfile, "family", "用户和"+strings.TrimSuffix(m[2], "一起")+"住在一起" // the name group may take 一起
		return []Fact{loc, mf}
	default:
		return nil
	}
	if v, ok := mateVerbEN13[verb]; ok {
		verb = v
	}
	loc, mf := f, f
	loc.Type, loc.Predicate, loc.Content = TypeProfile, "location", clip("User "+verb+" in "+strings.TrimSpace(place))
	mf.Type, mf.Predicate, mf.Content = TypeProfile, "family", clip("User lives with their "+strings.TrimSpace(mate))
	return []Fact{loc, mf}
}

// objectLeadEN13: a clause with no subject, an -ing verb or "based" (after currently, now,
// still), then "with my/our": "Currently living in Denver with my wife".
var objectLeadEN13 = lazy(`(?i)^(?:(?:currently|now|still|right\s+now)\s+)?(?:[a-z]+ing|based)\s+[^,;.!?]{1,30}?\swith\s+(?:my|our)\b`)

// objectLead13 is the clause with "I'm " before it when it has that shape: subjectEN read
// the words before "my" as a time ("Every Tuesday I …") and the wife as the subject, "User's
// wife currently living in Denver with"; "I'm currently living in Denver with my wife" is
// the user's, and mateSplit13 splits it.
func objectLead13(text string, latin bool) (string, bool) {
	if !latin || len(text) < 16 || !strings.Contains(text, " with ") || !objectLeadEN13.MatchString(head(text, 64)) {
		return "", false
	}
	return "I'm " + strings.ToLower(text[:1]) + text[1:], true
}
