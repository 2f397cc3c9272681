// The floor of a cold start in Node (issue 15 item 5: import → store ready → first recall
// ≤ 1.5× @sqlite.org/sqlite-wasm's in a fresh process): what the pinned stack costs before
// memcore adds anything. Fresh node processes (js/bench/coldfloor-child.mjs), engines
// interleaved run by run with the order rotated each round, one untimed run of each first;
// medians. Nothing is asserted.
//
//   cd js/bench/compare && npm ci     # sqlite-wasm 3.41.2 (compare.mjs's copy)
//   go run ./cmd/wasmbuild -targets js   # dist/memcore.wasm
//   node js/bench/coldfloor.mjs [--runs 15] [--base COMMIT] [--engines a,b,…] [--json]
//
// Engines (the child's comment has the exact steps):
//   sqlite-wasm    init, :memory:, CREATE VIRTUAL TABLE … fts5(content); INSERT one row; ranked MATCH
//   floor          the same statements in cmd/coldfloor: go-sqlite3 v0.35.3 + FTS5 built with the
//                  shipped flags, started as js/node.js starts memcore (Liftoff only)
//   bare           cmd/coldfloor/bare: Go's js/wasm runtime alone, the same calls as no-ops
//   memcore-empty  open(':memory:') and a recall on the empty store (compare.mjs's cold start)
//   memcore-one    open(':memory:'), remember one memory, recall it (the floor's work)
// --base COMMIT adds memcore built from that commit (memcore-base-empty, memcore-base-one).
// --engines runs only those (sqlite-wasm always: the ratios are to it).
// The floor programs are built with `go run ./cmd/coldfloor` into a temporary directory.

import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const child = path.join(here, 'coldfloor-child.mjs');
const args = process.argv.slice(2);
const arg = (name, dflt) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : dflt);
const RUNS = Number(arg('runs', '15'));
const base = arg('base', '');
const asJSON = args.includes('--json');
const log = (...a) => console.error('[coldfloor]', ...a);

if (!fs.existsSync(path.join(here, 'compare', 'node_modules', '@sqlite.org', 'sqlite-wasm'))) {
  console.error('coldfloor: sqlite-wasm is not installed: cd js/bench/compare && npm ci');
  process.exit(2);
}
if (!fs.existsSync(path.join(root, 'dist', 'memcore.wasm'))) {
  console.error('coldfloor: dist/memcore.wasm is missing: go run ./cmd/wasmbuild -targets js');
  process.exit(2);
}
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const uptimeStart = uptime();

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'memcore-coldfloor-'));
process.on('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));
const floorDir = path.join(tmp, 'floor');
log('building the floor programs (go run ./cmd/coldfloor)…');
execFileSync('go', ['run', './cmd/coldfloor', '-out', floorDir], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
fs.copyFileSync(path.join(root, 'dist', 'wasm_exec.js'), path.join(floorDir, 'wasm_exec.js'));

let basePkg = null;
if (base) {
  basePkg = path.join(tmp, 'base');
  fs.mkdirSync(basePkg);
  log(`building ${base} in ${basePkg}…`);
  execFileSync('sh', ['-c', `git -C "${root}" archive ${base} | tar -x -C "${basePkg}"`]);
  execFileSync('go', ['run', './cmd/wasmbuild', '-targets', 'js', '-q'], { cwd: basePkg, stdio: ['ignore', 'ignore', 'inherit'] });
}

const ALL_ENGINES = [
  { name: 'sqlite-wasm', label: 'sqlite-wasm 3.41.2 + FTS5: create, insert 1, ranked MATCH' },
  { name: 'floor', label: 'floor: go-sqlite3 v0.35.3 + FTS5 (cmd/coldfloor), the same statements' },
  { name: 'bare', label: "floor: Go's js/wasm runtime alone (cmd/coldfloor/bare)" },
  { name: 'memcore-empty', label: "memcore, this tree: open(':memory:'), recall on the empty store" },
  { name: 'memcore-one', label: "memcore, this tree: open(':memory:'), remember 1, recall it" },
  ...(basePkg ? [
    { name: 'memcore-base-empty', engine: 'memcore-empty', pkg: basePkg, label: `memcore base (${base}): recall on the empty store` },
    { name: 'memcore-base-one', engine: 'memcore-one', pkg: basePkg, label: `memcore base (${base}): remember 1, recall it` },
  ] : []),
];

const only = arg('engines', '');
const ENGINES = ALL_ENGINES.filter((e) => !only || e.name === 'sqlite-wasm' || only.split(',').includes(e.name));

function run(e) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    if (e.pkg) env.MEMCORE_BENCH_PACKAGE = e.pkg;
    else delete env.MEMCORE_BENCH_PACKAGE;
    const p = spawn(process.execPath, [child, e.engine ?? e.name, floorDir], { stdio: ['ignore', 'pipe', 'ignore'], env });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${e.name} exited ${code}`))));
  });
}

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  if (!s.length) return null;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

for (const e of ENGINES) await run(e); // untimed: the OS's file cache
const results = Object.fromEntries(ENGINES.map((e) => [e.name, []]));
for (let r = 0; r < RUNS; r++) {
  log(`round ${r + 1}/${RUNS}`);
  for (let j = 0; j < ENGINES.length; j++) {
    const e = ENGINES[(r + j) % ENGINES.length];
    results[e.name].push(await run(e));
  }
}
const uptimeEnd = uptime();

const rows = ENGINES.map((e) => {
  const rs = results[e.name];
  const m = (k) => median(rs.map((x) => x[k]));
  // A step's duration: the median of each run's own difference between two marks.
  const d = (a, b) => median(rs.map((x) => (x[a] != null && x[b] != null ? x[a] - x[b] : null)));
  return {
    name: e.name,
    label: e.label,
    importMs: m('imported'),
    compileMs: d('compiled', 'imported'),
    instantiateMs: d('instantiated', 'compiled'),
    startMs: d('started', 'instantiated'),
    openMs: d('ready', 'started'),
    firstWriteMs: d('inserted', 'ready'),
    firstQueryMs: d('firstQuery', 'inserted') ?? d('firstQuery', 'ready'),
    ready: m('ready'),
    firstQuery: m('firstQuery'),
    cpuMs: m('cpuMs'),
  };
});
const ref = rows.find((r) => r.name === 'sqlite-wasm');
if (asJSON) {
  console.log(JSON.stringify({ node: process.versions.node, uptimeStart, uptimeEnd, runs: RUNS, base, rows, results }));
} else {
  const f = (x) => (x == null ? '' : x >= 100 ? x.toFixed(0) : x.toFixed(1));
  console.log(`Node ${process.versions.node}; median of ${RUNS} fresh processes per engine, interleaved; ms; steps are medians of each run's own step, the last columns from the child's module start.`);
  console.log(`uptime at start: ${uptimeStart}\nuptime at end:   ${uptimeEnd}\n`);
  console.log('| engine | import | compile | instantiate | runtime start | open + create | first write | first query | import → first query | CPU ms to first query | × sqlite-wasm (wall) | × sqlite-wasm (CPU) |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.label} | ${f(r.importMs)} | ${f(r.compileMs)} | ${f(r.instantiateMs)} | ${f(r.startMs)} | ${f(r.openMs)} | ${f(r.firstWriteMs)} | ${f(r.firstQueryMs)} | **${f(r.firstQuery)}** | ${f(r.cpuMs)} | ${(r.firstQuery / ref.firstQuery).toFixed(2)}× | ${(r.cpuMs / ref.cpuMs).toFixed(2)}× |`);
  }
}
