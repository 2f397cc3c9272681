# memcore — see README.md. Every target works on a fresh machine with Go installed;
# later targets (wasm, Node, browser) install what they need themselves.

GO       ?= go
# Fuzz budgets are execution counts (Nx): a duration budget races Go 1.26's fuzz
# coordinator at its deadline (golang/go#75804) and fails with "context deadline exceeded"
# on a busy machine with no crasher.
FUZZTIME ?= 5000x
# make eval DATA=file.json (several: DATA="a.json b.json"); default: every shared dev set.
# EVAL=--context adds the buildContext mode (docs/EVAL.md).
DATA     ?= $(wildcard ../shared/eval/*.json)

.PHONY: all demo build test test-wasm vet unit fuzz bench eval clean js-test

all: test

## demo: replay a bilingual agent conversation into ./memcore-demo.db and recall from it,
## through the npm package in Node (the Go version: go run ./cmd/memcore demo)
demo:
	$(GO) run ./cmd/wasmbuild -targets js -q >/dev/null
	node js/demo.mjs

## js-test: the npm package — npm ci when the lock changed, the js wasm, tsc on the type
## tests, node --test against the packed and installed package, and the web demo's own
## modules (web-demo/*.test.mjs)
js-test: node_modules/.package-lock.json
	$(GO) run ./cmd/wasmbuild -targets js -q >/dev/null
	node_modules/.bin/tsc -p js/types-test/tsconfig.json
	node --test js/test/*.test.mjs web-demo/*.test.mjs

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

## test-edge: the Cloudflare Workers example (examples/cloudflare-worker) in workerd — the
## binary of the npm package wrangler runs — on 127.0.0.1: write, restart, recall, bad
## requests, with the database in Durable Object storage page by page and as snapshots;
## kill -9 in a batch, storage failures, migration (test/faults, test/migrate: ~2 min).
## npm ci there when its lock changed, the js wasm, node --test. Offline.
EDGE := examples/cloudflare-worker
.PHONY: test-edge bench-edge
test-edge: $(EDGE)/node_modules/.package-lock.json
	$(GO) run ./cmd/wasmbuild -targets js -q >/dev/null
	cd $(EDGE) && WRANGLER_SEND_METRICS=false node --test test/*.test.mjs

## bench-edge: upload size, cold start, isolate memory, snapshot size and time at 1k/10k
## memories, in workerd (tables for docs/BENCHMARKS.md; a few minutes); then bench-scale.mjs: the
## database in Durable Object storage page by page against snapshots at 1k/10k/100k (~20 min)
bench-edge: $(EDGE)/node_modules/.package-lock.json
	$(GO) run ./cmd/wasmbuild -targets js -q >/dev/null
	cd $(EDGE) && WRANGLER_SEND_METRICS=false node bench.mjs
	cd $(EDGE) && WRANGLER_SEND_METRICS=false node bench-scale.mjs

$(EDGE)/node_modules/.package-lock.json: $(EDGE)/package.json $(EDGE)/package-lock.json
	cd $(EDGE) && WRANGLER_SEND_METRICS=false npm ci --no-audit --no-fund
	@touch $@

## test-browser: the web demo and the browser entry in headless Chromium (Debian's
## chromium, installed when missing, driven by playwright-core from test/browser): a memory
## survives reload and restart, forget, a 2-character Chinese query, OPFS crash safety,
## several tabs on one database (tabs.test.mjs, tabclaims.test.mjs), a full quota, the
## size caps of restore and import (sizecaps.test.mjs), the no-OPFS fallback, no console
## errors; prints where the screenshots are.
## Flags and details: DEVELOPERS.md.
BROWSER_TEST := test/browser
CHROMIUM     ?= /usr/bin/chromium
.PHONY: test-browser bench-browser web-demo chromium
test-browser: $(BROWSER_TEST)/node_modules/.package-lock.json chromium
	$(GO) run ./cmd/wasmbuild -targets js -q >/dev/null
	cd $(BROWSER_TEST) && CHROMIUM=$(CHROMIUM) node --test --test-concurrency=1 e2e.test.mjs tabs.test.mjs tabclaims.test.mjs sizecaps.test.mjs glue.test.mjs crash.test.mjs replies.test.mjs firstvisit.test.mjs

## bench-browser: fetch+compile+instantiate, open → first recall, ingest of 1k and 10k,
## recall p50/p95 and the OPFS file's size in Chromium, beside Node and native Go in the
## same run; OPFS journal modes; where a new OPFS database's first open() spends its time
## (bench-open.mjs); then first and repeat visits to the first recall, this
## tree beside BENCH_BASE (default: the merge base with main); then the floor of those visits
## (bench-floor.mjs: go-sqlite3 + FTS5 alone, Go's runtime alone, sqlite-wasm, memcore) (tables
## for docs/BENCHMARKS.md and docs/BROWSER.md)
bench-browser: $(BROWSER_TEST)/node_modules/.package-lock.json chromium
	$(GO) run ./cmd/wasmbuild -targets js -q >/dev/null
	cd $(BROWSER_TEST) && CHROMIUM=$(CHROMIUM) node bench.mjs
	cd $(BROWSER_TEST) && CHROMIUM=$(CHROMIUM) node bench-open.mjs
	cd $(BROWSER_TEST) && CHROMIUM=$(CHROMIUM) MEMCORE_BENCH_BASE=$(BENCH_BASE) node bench-cold.mjs
	cd $(BROWSER_TEST) && CHROMIUM=$(CHROMIUM) node bench-floor.mjs

## web-demo: serve the web demo on 127.0.0.1 and print its URL (PORT=8787)
web-demo:
	$(GO) run ./cmd/wasmbuild -targets js -q >/dev/null
	node web-demo/serve.mjs --port $(or $(PORT),8787)

# Debian's chromium (and fonts for Chinese text and emoji in the screenshots), unless
# CHROMIUM names a browser that exists.
chromium:
	@test -x "$(CHROMIUM)" || command -v chromium >/dev/null || \
		(apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium fonts-wqy-zenhei fonts-noto-color-emoji)

$(BROWSER_TEST)/node_modules/.package-lock.json: $(BROWSER_TEST)/package.json $(BROWSER_TEST)/package-lock.json
	cd $(BROWSER_TEST) && npm ci --no-audit --no-fund
	@touch $@

## build: both wasm binaries and wasm_exec.js into dist/, with sizes and sha256
## (go run ./cmd/wasmbuild; incremental; WASMBUILD="-force -bounds" to pass flags)
build:
	$(GO) run ./cmd/wasmbuild $(WASMBUILD)

## test: vet, Go unit tests (with the wasip1 build under wazero), every fuzz target briefly
## (FUZZTIME each), the npm package (js-test), the browser (test-browser) and workerd (test-edge)
test: vet unit fuzz js-test test-browser test-edge

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

## fuzz-long: every fuzz target for 200,000 executions
fuzz-long:
	FUZZTIME=200000x bash scripts/fuzz.sh

## test-long: before each release (docs/RELIABILITY.md; 40–70 min on 2 cores): the crash
## matrix with KILLS (100) kills per runtime — Node (SIGKILL), wazero (SIGKILL), workerd
## (kill -9), Chromium (KILLS/2 worker terminations + KILLS/2 renderer crashes) —, load (2
## and 4 Node processes writing 2,000 memories each to one file while 2 recall), the
## 24-hour-equivalent soak; the model check of every op natively for 8 more seeds of
## MEMCORE_MODEL_STEPS (20,000) steps and through wazero, the namespace isolation property at
## more steps, the recall index's random writes at 10,500 memories; then fuzz-long. Seeds are
## printed; MEMCORE_SEED=… repeats one.
KILLS ?= 100
.PHONY: test-long
test-long: node_modules/.package-lock.json $(EDGE)/node_modules/.package-lock.json $(BROWSER_TEST)/node_modules/.package-lock.json chromium
	$(GO) run ./cmd/wasmbuild -targets js -q >/dev/null
	MEMCORE_KILLS=$(KILLS) node --test js/test/crash.test.mjs
	MEMCORE_KILLS=$(KILLS) $(GO) test -count=1 -timeout 60m -run '^TestCrash_wazero$$' -v ./wasm/
	cd $(EDGE) && WRANGLER_SEND_METRICS=false MEMCORE_KILLS=$(KILLS) node --test test/crash.test.mjs
	cd $(BROWSER_TEST) && CHROMIUM=$(CHROMIUM) MEMCORE_KILLS=$$(( $(KILLS) / 2 )) node --test crash.test.mjs
	node test/reliability/load.mjs
	node test/reliability/soak.mjs
	MEMCORE_LONG=1 $(GO) test -count=1 -timeout 90m -run 'TestModel_|TestIsolation_|TestBM25Index_randomOpsLarge' ./core ./wasm
	$(MAKE) fuzz-long

## bench: native ingest and recall at 1k/10k/100k against raw FTS5; the same workload at
## 1k/10k natively, under wazero and in Node, as ratios; Node's cold start (import → open →
## first recall, peak RSS) for the shipped and a bounds-checked build, shim and V8 defaults.
## Markdown tables for docs/BENCHMARKS.md, a few minutes. Parts and flags: BENCH="--native=false
## --runtimes native,node --coldstart=false …" (go run ./cmd/memcore bench -h).
bench:
	$(GO) run ./cmd/memcore bench $(BENCH)
	$(GO) run ./cmd/memcore bench-context
	$(MAKE) bench-compare

## bench-context: buildContext with and without the turn fallback, natively and in Node
## (needs dist/memcore.wasm: make build); part of make bench.
.PHONY: bench-context
bench-context:
	$(GO) run ./cmd/memcore bench-context

## bench-compare: memcore beside @sqlite.org/sqlite-wasm + FTS5 and FlexSearch on the same
## texts and queries, a fresh node process per engine and size: cold start (import → store
## ready → first recall), ingest, recall p50/p95, peak RSS, a 2-character Chinese word found,
## as ratios to memcore (js/bench/compare.mjs; the engines come from js/bench/compare's own
## lock). Part of make bench. COMPARE="--sizes 1000,10000,100000 --base <commit>" for more.
## Then js/bench/coldfloor.mjs: the cold start's floor (issue 15 item 5) — sqlite-wasm, the pinned
## go-sqlite3 + FTS5 alone (cmd/coldfloor), Go's runtime alone and memcore, fresh processes.
COMPARE_DIR := js/bench/compare
.PHONY: bench-compare
bench-compare: $(COMPARE_DIR)/node_modules/.package-lock.json
	$(GO) run ./cmd/wasmbuild -targets js -q >/dev/null
	node js/bench/compare.mjs $(COMPARE)
	node js/bench/coldfloor.mjs

$(COMPARE_DIR)/node_modules/.package-lock.json: $(COMPARE_DIR)/package.json $(COMPARE_DIR)/package-lock.json
	cd $(COMPARE_DIR) && npm ci --no-audit --no-fund
	@touch $@

## eval-facts: fact extraction's precision, recall and F1 per split, file, language,
## category and type on the labelled sets (core/internal/facts/testdata; docs/FACTS.md)
.PHONY: eval-facts eval-agree bench-extract
eval-facts:
	$(GO) run ./cmd/memcore eval-facts

## eval-agree: how far three second readers of 337 blind conversations agree with the
## writers' keys, with each other and with the heuristics (docs/FACTS.md "How far readers agree")
comma := ,
empty :=
space := $(empty) $(empty)
AGREE = $(subst $(space),$(comma),$(wildcard core/internal/facts/testdata/agree/reader*.jsonl))
eval-agree:
	$(GO) run ./cmd/memcore eval-facts --agree $(AGREE) --heuristics

## bench-extract: extractFacts on a 40-message conversation, natively (go test -bench)
## and in Node through the npm package (js/bench/extract.mjs); docs/FACTS.md keeps the numbers
bench-extract:
	$(GO) test ./core/internal/facts -run XXX -bench Extract_ -benchtime 100x
	$(GO) run ./cmd/wasmbuild -targets js -q >/dev/null
	node js/bench/extract.mjs
	node js/bench/extract.mjs --fresh

## eval: retrieval quality (R@5, R@10) on LoCoMo-format files
eval:
	@test -n "$(DATA)" || { echo "make eval DATA=path/to/locomo-format.json"; exit 2; }
	$(GO) run ./cmd/memcore eval $(EVAL) $(addprefix --data ,$(DATA))

clean:
	rm -rf dist memcore-demo.db
