# memcore — see README.md. Every target works on a fresh machine with Go installed;
# later targets (wasm, Node, browser) install what they need themselves.

GO       ?= go
FUZZTIME ?= 5s
# make eval DATA=file.json (several: DATA="a.json b.json"); default: every shared dev set.
DATA     ?= $(wildcard ../shared/eval/*.json)

.PHONY: all demo build test test-wasm vet unit fuzz bench eval clean js-test

all: test

## demo: replay a bilingual agent conversation into ./memcore-demo.db and recall from it,
## through the npm package in Node (the Go version: go run ./cmd/memcore demo)
demo:
	$(GO) run ./cmd/wasmbuild -targets js -q >/dev/null
	node js/demo.mjs

## js-test: the npm package — npm ci when the lock changed, the js wasm, tsc on the type
## tests, node --test against the packed and installed package
js-test: node_modules/.package-lock.json
	$(GO) run ./cmd/wasmbuild -targets js -q >/dev/null
	node_modules/.bin/tsc -p js/types-test/tsconfig.json
	node --test js/test/*.test.mjs

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

## build: both wasm binaries and wasm_exec.js into dist/, with sizes and sha256
## (go run ./cmd/wasmbuild; incremental; WASMBUILD="-force -nobounds" to pass flags)
build:
	$(GO) run ./cmd/wasmbuild $(WASMBUILD)

## test: vet, unit tests, and every fuzz target briefly (FUZZTIME each)
test: vet unit fuzz

vet:
	$(GO) vet ./...

# The wasm package's tests build the wasip1 binary themselves (cached between runs), so a
# first run on a fresh machine takes a few minutes: hence the timeout.
unit:
	$(GO) test -count=1 -timeout 20m ./...

## test-wasm: the wasip1 build under wazero (conformance suite, storage, callbacks)
test-wasm:
	$(GO) test -count=1 -timeout 20m ./wasm/...

fuzz:
	FUZZTIME=$(FUZZTIME) bash scripts/fuzz.sh

## fuzz-long: every fuzz target for 2 minutes
fuzz-long:
	FUZZTIME=2m bash scripts/fuzz.sh

## bench: native ingest and recall at 1k/10k/100k (tables for docs/BENCHMARKS.md)
bench:
	$(GO) run ./cmd/memcore bench

## eval: retrieval quality (R@5, R@10) on LoCoMo-format files
eval:
	@test -n "$(DATA)" || { echo "make eval DATA=path/to/locomo-format.json"; exit 2; }
	$(GO) run ./cmd/memcore eval $(addprefix --data ,$(DATA))

clean:
	rm -rf dist memcore-demo.db
