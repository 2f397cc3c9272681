package facts

import "testing"

// TestExtract_round11 pins the eleventh round's new-user misses (FACTS.md "Eleventh
// round"): a directive clause after a claim is the user's rule, never a claim about the
// claim's subject; "my <kin> doesn't eat …" is a claim about them. Each row lists a
// substring of every fact, in order, and none may hold a text of notIn.
func TestExtract_round11(t *testing.T) {
	for _, tc := range []struct {
		text  string
		want  []string
		notIn []string
	}{
		// The wife's fact and the rule apart; before: "用户的老婆做饭的时候记得别推荐太辣的菜".
		{"我老婆不吃辣，做饭的时候记得别推荐太辣的菜", []string{"用户的老婆不吃辣", "做饭的时候记得别推荐太辣的菜"}, []string{"老婆做饭"}},
		{"我不吃辣，做饭的时候记得别推荐太辣的菜", []string{"用户不吃辣", "做饭的时候记得别推荐太辣的菜"}, []string{"用户做饭"}},
		{"我儿子在学钢琴，周末别安排别的课", []string{"用户的儿子在学钢琴", "周末别安排别的课"}, []string{"儿子周末"}},
		// After a connective the rule patterns read the clause (unchanged).
		{"我老婆不吃辣，所以别给我推荐太辣的菜", []string{"别给我推荐太辣的菜", "用户的老婆不吃辣"}, nil},
		// What not to do must be said: no rule of "…提醒我一下别放", and no claim either.
		{"家里那位对花生过敏，做菜的时候提醒我一下别放", []string{"花生"}, []string{"别放"}},
		// Not a directive: the carry stays.
		{"我老婆喜欢猫，她养了两只", []string{"用户的老婆喜欢猫", "用户的老婆养了两只"}, nil},
		// English: a person's diet or taste, negated; "my build doesn't start" stays nothing.
		{"My wife doesn't eat spicy food.", []string{"User's wife doesn't eat spicy food"}, nil},
		{"My son doesn't like broccoli.", []string{"User's son doesn't like broccoli"}, nil},
		{"My daughter won't eat anything green.", []string{"User's daughter won't eat anything green"}, nil},
		{"My build doesn't start.", nil, nil},
		{"My package didn't arrive.", nil, nil},
		// An age, then more appositions, after "I'm <name>": each kept, the name as the name.
		{"I'm Tom, 41, Welsh, currently working as a plumber in Cardiff", []string{"User's name is Tom", "User is 41", "User is Welsh", "User is currently working as a plumber in Cardiff", "User is based in Cardiff"}, nil},
		{"I'm Tom, 41.", []string{"User's name is Tom", "User is 41"}, nil},
		{"Marta here, 52, Welsh, retired nurse", []string{"User's name is Marta", "User is 52", "User is Welsh"}, nil},
	} {
		checkFactsNot(t, tc.text, tc.want, tc.notIn)
	}
}
