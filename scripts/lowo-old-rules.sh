#!/usr/bin/env bash
# Leave-one-writer-out with the rules of an older commit (default c7f742a, the fifth
# round's start), which had never been tuned on blind3.json, dev8.json or dev9.json: for
# those writers both the rules and the claim detector are new, as for a blind set
# (docs/FACTS.md, "Sixth round"). The older tree is exported to a temporary directory, the
# detector's files and this tree's dev and retired sets are copied in, and scan's last
# line calls the detector. No blind set is copied or read.
#
#	scripts/lowo-old-rules.sh [COMMIT] [--sweep]
set -euo pipefail
cd "$(dirname "$0")/.."
commit=${1:-c7f742a}
shift || true
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git archive "$commit" | tar -x -C "$tmp"
f=core/internal/facts
cp $f/claimmodel.go $f/claimmodel_train.go $f/claimmodel_weights.go $f/claimmodelgate.go $f/claimfppassing.go $f/claimsplitmodel.go \
	$f/labelledlowo.go $f/labelledcauses.go "$tmp/$f/"
cp core/evalfacts_lowo.go "$tmp/core/"
cp cmd/memcore/evalfacts.go "$tmp/cmd/memcore/"
rm -f "$tmp/$f"/testdata/*.json
for name in labelled dev blind dev2 dev3 dev4 dev5 blind2 dev6 blind3 dev7 dev8 dev9; do
	cp "$f/testdata/$name.json" "$tmp/$f/testdata/"
done
# scan's claims go through the detector, as in this tree.
python3 - "$tmp/$f/patterns.go" <<'EOF'
import sys
p = sys.argv[1]
s = open(p).read()
i = s.index("func scan(")
j = s.index("\treturn append(out, cl...)", i)
s = s[:j] + "\treturn modelSentence(s, idx, out, cl)" + s[j + len("\treturn append(out, cl...)"):]
open(p, "w").write(s)
EOF
# Trees from before the message cache (msgcache.go) have nothing to empty.
if ! grep -q "func setMsgCache" "$tmp/$f"/*.go; then
	printf 'package facts\n\nfunc setMsgCache(bool)     {}\nfunc msgCacheOn() bool { return false }\n' >"$tmp/$f/lowostub.go"
fi
# Trees from before eval-facts' --agree and --against have neither: the copied
# evalfacts.go names them, so they are stubbed (leave-one-writer-out calls neither).
if ! grep -q "func EvalFactsAgree" "$tmp/core"/*.go; then
	cat >"$tmp/core/lowostub_eval.go" <<'GO'
package core

import (
	"errors"
	"io"
)

func EvalFactsAgree(io.Writer, string, []string, bool) error {
	return errors.New("not in this tree")
}

func EvalFactsAgainst(io.Writer, string, []string, string, string, ...string) error {
	return errors.New("not in this tree")
}
GO
fi
(cd "$tmp" && go run ./cmd/memcore eval-facts --lowo "$@")
