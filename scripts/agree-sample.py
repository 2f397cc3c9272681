#!/usr/bin/env python3
"""Writes the conversations the second readers labelled (docs/FACTS.md "How far readers
agree"): every case of blind5.json and 150 of blind4.json drawn with seed 20261128,
shuffled, renamed r001..r337 and stripped of names and labels, as OUT/conversations.json;
and OUT/map.json (r-id -> case name), which the readers never saw. A reader's lines
{"id": "r001", "facts": [...]} become testdata/agree/*.jsonl with the names from the map."""
import json, random, sys, os

src = os.path.join(os.path.dirname(__file__), "..", "core", "internal", "facts", "testdata")
out = sys.argv[1] if len(sys.argv) > 1 else "."
random.seed(20261128)
b5 = json.load(open(os.path.join(src, "blind5.json")))
b4 = json.load(open(os.path.join(src, "blind4.json")))
pick = b5 + random.sample(b4, 150)
random.shuffle(pick)
conv, names = [], {}
for i, c in enumerate(pick):
    rid = "r%03d" % (i + 1)
    names[rid] = c["name"]
    conv.append({"id": rid, "messages": c["messages"]})
with open(os.path.join(out, "conversations.json"), "w") as f:
    f.write("[\n" + ",\n".join(json.dumps(c, ensure_ascii=False) for c in conv) + "\n]\n")
json.dump(names, open(os.path.join(out, "map.json"), "w"), indent=0)
