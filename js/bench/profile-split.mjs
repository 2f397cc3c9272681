// Splits a V8 CPU profile of the js build (node --cpu-prof) by where the time went: SQLite
// (go-sqlite3's wasm2go translation, core and FTS5), Go's runtime and standard library,
// memcore's own Go, the JS side (EngineClient, wasm_exec.js) and the wasm↔JS edges.
// Self time only (the Go stacks V8 sees are not reliable parents), over the last half of
// the samples (after start-up and ingest), so profile a run whose second half is the calls
// of interest.
//
//   GOOS=js GOARCH=wasm go build -trimpath -tags=sqlite3_dotlk -o dist/memcore.wasm ./wasm/js
//   node --cpu-prof --cpu-prof-dir=/tmp/prof js/bench/percall.mjs --ops recall --calls 1000
//   node js/bench/profile-split.mjs /tmp/prof/*.cpuprofile
//
// The go build keeps the wasm name section (the shipped build strips it with -s -w), so
// that functions have names; rebuild with `go run ./cmd/wasmbuild -targets js` after.

import fs from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node js/bench/profile-split.mjs FILE.cpuprofile');
  process.exit(2);
}
const p = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const name = (n) => n.callFrame.functionName || `(${n.callFrame.url.split('/').pop() || 'anonymous'})`;

function category(fn) {
  if (fn.startsWith('github.com_ncruces_go_sqlite3_wasm_v3_fts5')) return 'SQLite FTS5 (wasm2go → Go → wasm)';
  if (fn.startsWith('github.com_ncruces_go_sqlite3_wasm')) return 'SQLite core (wasm2go → Go → wasm)';
  if (fn.startsWith('target.')) return 'SQLite helpers (wasm2go)';
  if (fn.startsWith('github.com_ncruces')) return 'go-sqlite3 bindings';
  if (fn.startsWith('github.com_memcore')) return 'memcore Go';
  if (/^(runtime|sync|internal|reflect|strconv|unicode|encoding|strings|bytes|sort|slices|math|syscall|time|fmt|errors|maps|cmp|iter|context|io)[._]/.test(fn)) return 'Go runtime and standard library';
  if (fn.startsWith('wasm-function[')) return 'unnamed wasm (build kept no names?)';
  if (fn.startsWith('wasm-to-js') || fn.startsWith('js-to-wasm')) return 'wasm↔JS edges';
  if (fn === '(garbage collector)') return 'V8 GC';
  if (fn === '(idle)' || fn === '(program)') return 'idle/program';
  return 'JS (client, wasm_exec.js, bench)';
}

const agg = new Map();
let total = 0;
for (let i = Math.floor(p.samples.length / 2); i < p.samples.length; i++) {
  const k = category(name(byId.get(p.samples[i])));
  agg.set(k, (agg.get(k) || 0) + 1);
  total++;
}
console.log('| where | share of samples |\n|---|---|');
for (const [k, c] of [...agg].sort((a, b) => b[1] - a[1])) console.log(`| ${k} | ${((100 * c) / total).toFixed(1)} % |`);
