// Ingest and recall of one workload through the npm package's Node entry (js/node.js), for
// the cross-runtime table of `memcore bench` (docs/BENCHMARKS.md), which writes the
// workload (its synthetic memories and queries, cmd/memcore/bench_data.go) and starts one
// fresh process per size:
//
//   node js/bench/engine.mjs WORKLOAD.json
//
// WORKLOAD.json: {"path": "/tmp/…/node-1000.db" (a file database, created), "memories":
// [MemoryInput…], "batch": 1000, "warmup": [query…], "queries": [query…], "limit": 10,
// "tierUp": false}. Memories are remembered in batches of "batch" (one call, one
// transaction each), then the warm-up queries are recalled untimed and the timed ones one
// by one, all with {limit, peek: true}. Prints one JSON object on stdout: the wall time of
// each remember call and of each timed recall (ms, performance.now()), each recall's hit
// count and first hit's content (to check that every runtime did the same work), the
// times of import and open, the file's size and the process's peak RSS. Nothing is
// asserted about speed.
//
// MEMCORE_BENCH_PACKAGE=DIR loads DIR/js/node.js instead of this checkout's (a copy of the
// package with another dist/memcore.wasm, as coldstart.mjs makes for the bounds-checked
// build).

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const t0 = performance.now();
const file = process.argv[2];
if (!file) {
  console.error('usage: node js/bench/engine.mjs WORKLOAD.json');
  process.exit(2);
}
const w = JSON.parse(fs.readFileSync(file, 'utf8'));
const batch = w.batch || 1000;
const limit = w.limit || 10;
const pkg = process.env.MEMCORE_BENCH_PACKAGE;
const entry = pkg ? pathToFileURL(path.join(pkg, 'js', 'node.js')).href : new URL('../node.js', import.meta.url).href;

const tImport = performance.now();
const { open, VERSION } = await import(entry);
const imported = performance.now();
const mem = await open({ path: w.path, tierUp: w.tierUp === true });
const opened = performance.now();

const ingestMs = [];
for (let i = 0; i < w.memories.length; i += batch) {
  const b = w.memories.slice(i, i + batch);
  const t = performance.now();
  const stored = await mem.remember(b);
  ingestMs.push(performance.now() - t);
  if (stored.length !== b.length) throw new Error(`remember stored ${stored.length} of ${b.length}`);
}

for (const q of w.warmup || []) await mem.recall(q, { limit, peek: true });

const recallMs = [];
const hits = [];
const top = [];
for (const q of w.queries) {
  const t = performance.now();
  const h = await mem.recall(q, { limit, peek: true });
  recallMs.push(performance.now() - t);
  hits.push(h.length);
  top.push(h.length ? h[0].memory.content : '');
}
await mem.close();

console.log(JSON.stringify({
  node: process.versions.node,
  v8: process.versions.v8,
  version: VERSION,
  tierUp: w.tierUp === true,
  readMs: tImport - t0,
  importMs: imported - tImport,
  openMs: opened - imported,
  ingestMs,
  recallMs,
  hits,
  top,
  dbBytes: fs.statSync(w.path).size,
  maxRSSBytes: peakRSS(),
}));

/**
 * This process's peak RSS in bytes: VmHWM of /proc/self/status on Linux. Not
 * process.resourceUsage().maxRSS, which Linux carries over from the parent across fork and
 * exec (a child of a 500 MB process reports at least 500 MB); that is the fallback elsewhere.
 */
function peakRSS() {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) * 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS * 1024;
}
