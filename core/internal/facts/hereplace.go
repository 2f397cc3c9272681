package facts

import "strings"

// Eighth new-user pass: "Boston here." opened a conversation and became "User's name is
// Boston" — nameHere (namehere.go) takes any capitalised word that ends as no label does
// for a name. A one-word (or two-word) "X here." with no greeting before it, where X is
// a well-known city, country or region, says where the user is: "User is in Boston".
// A greeting the clause splitter strips ("Hi, Boston here") does not change that. Places
// that are also common first names (Austin, Sydney, Florence, Jordan…) stay names ("Hey,
// Austin here."): they are left out of the list on purpose: a wrong place costs as much as a wrong name, and a name is what
// "X here" after nothing more usually introduces.

// herePlaces are the places "X here." is read as, lower case. Not a gazetteer: the
// cities, countries and regions a user most likely types, kept small (each word costs
// wasm bytes).
var herePlaces = func() map[string]bool {
	m := map[string]bool{}
	for _, s := range strings.Split(""+
		// cities
		"boston,chicago,seattle,portland,denver,houston,atlanta,miami,detroit,philadelphia,"+
		"new york,nyc,brooklyn,manhattan,los angeles,san francisco,san diego,san jose,oakland,"+
		"toronto,vancouver,montreal,ottawa,calgary,mexico city,"+
		"london,manchester,leeds,liverpool,birmingham,bristol,glasgow,edinburgh,dublin,cork,"+
		"berlin,munich,hamburg,frankfurt,amsterdam,rotterdam,brussels,zurich,geneva,vienna,"+
		"prague,warsaw,budapest,stockholm,oslo,copenhagen,helsinki,lisbon,madrid,barcelona,"+
		"rome,milan,naples,athens,istanbul,moscow,kyiv,cairo,lagos,nairobi,dubai,"+
		"mumbai,delhi,bangalore,bengaluru,chennai,hyderabad,karachi,singapore,bangkok,jakarta,"+
		"manila,hanoi,seoul,busan,tokyo,osaka,kyoto,beijing,shanghai,shenzhen,guangzhou,"+
		"hangzhou,chengdu,wuhan,nanjing,hong kong,taipei,melbourne,brisbane,perth,auckland,"+
		"wellington,sao paulo,rio,buenos aires,santiago,lima,bogota,"+
		// countries
		"usa,uk,america,canada,mexico,brazil,argentina,chile,peru,colombia,england,scotland,"+
		"wales,ireland,france,germany,spain,portugal,italy,greece,netherlands,belgium,"+
		"switzerland,austria,poland,sweden,norway,denmark,finland,iceland,russia,ukraine,"+
		"turkey,egypt,nigeria,kenya,south africa,china,japan,korea,taiwan,vietnam,thailand,"+
		"indonesia,malaysia,philippines,pakistan,australia,new zealand,"+
		// regions and states
		"europe,asia,africa,the bay area,bay area,silicon valley,the midwest,midwest,"+
		"texas,california,florida,ohio,michigan,oregon,colorado,arizona,massachusetts,"+
		"new jersey,new england,ontario,quebec,bavaria,yorkshire,cornwall,tasmania", ",") {
		m[s] = true
	}
	return m
}()

// placeHere returns the place of "X here." (x the words before "here", rest the text
// from "here" on), or "" when x is no known place, another clause of the sentence came
// before (first is false) or an age follows ("Boston here, 34" is a name and an age, as
// namehere.go reads it).
func placeHere(x, rest string, first bool) string {
	x = strings.TrimSpace(x)
	if !first || hereAge.MatchString(rest) || !herePlaces[strings.ToLower(x)] {
		return ""
	}
	if x == strings.ToLower(x) { // "seattle here": the place as it is written
		w := strings.Fields(x)
		for i := range w {
			w[i] = strings.ToUpper(w[i][:1]) + w[i][1:]
		}
		x = strings.Join(w, " ")
	}
	return x
}
