#!/usr/bin/env bash
# Runs every fuzz target of the module for $FUZZTIME executions each (go test -fuzz takes one
# target per run). The seed corpora also run as plain tests in `go test ./...`.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime=${FUZZTIME:-5000x}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for pkg in $(go list ./...); do
	for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
		echo "fuzz $pkg $target ($fuzztime)"
		go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$pkg" >"$log" 2>&1 || {
			cat "$log"
			exit 1
		}
	done
done
