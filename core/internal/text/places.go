package text

import "strings"

// WellKnownPlaces are the cities, countries and regions a user most likely types, lower
// case. Not a gazetteer: kept small (each word costs wasm bytes). Places that are also
// common first names (Austin, Sydney, Florence, Jordan, Paris, Madison…) are left out on
// purpose: facts reads "X here." as where the user is only for these (hereplace.go),
// and recall's location questions search them (location.go).
var WellKnownPlaces = strings.Split(""+
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
	"new jersey,new england,ontario,quebec,bavaria,yorkshire,cornwall,tasmania", ",")
