// memcore beside what a user would pick instead, the way a user compares (issue 15 items 5
// and 6): the npm package (':memory:' and a file), @sqlite.org/sqlite-wasm with an FTS5
// table (':memory:') and FlexSearch (the fastest JS full-text index), on the same texts and
// queries (js/bench/compare/data.mjs), in the same run, a fresh node process per engine and
// size. Prints Markdown tables with ratios to memcore (':memory:'); nothing is asserted.
//
//   cd js/bench/compare && npm ci      # the comparison engines (their own package.json/lock)
//   node js/bench/compare.mjs [--sizes 1000,10000] [--cold-runs 5] [--base COMMIT] [--json]
//   make bench-compare COMPARE="--sizes 1000,10000,100000"
//
// Tables:
//   cold start — import → store ready → first recall on the empty store, in fresh processes
//     (--cold-runs per engine, interleaved run by run; medians). --base COMMIT adds memcore
//     built from that commit (git archive into a temporary directory, go run
//     ./cmd/wasmbuild there), so a change is measured beside the build before it; it is
//     also in the per-size table (`:memory:` and a file). --cold-runs 0 skips the table.
//   --floor adds, to the per-size table, the floor the pinned SQLite sets (issue 15): cmd/floorbench
//     runs sqlite-wasm's exact SQL (one fts5(content) table, the same batches, the same MATCH
//     queries) through memcore's embedded SQLite, built for GOOS=js with the shipped build's
//     flags and run in Node on Liftoff only (as js/node.js runs memcore), and natively.
//     --engines a,b,… runs only those engines in the per-size table.
//   per size — the cold start again, ingest (batches of 1,000: memcore remember, sqlite-wasm
//     one transaction of prepared INSERTs, FlexSearch index.add), the first recall after the
//     ingest (the needle's; memcore builds its recall index there), recall p50/p95 over the
//     queries (20 untimed first), mean hits, peak RSS (the child's VmHWM), and whether the
//     query 鲲鹏 (a 2-character Chinese word that one document holds) finds that document
//     in the top 10.
// Needs dist/memcore.wasm (go run ./cmd/wasmbuild -targets js; make bench-compare does it).

import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const child = path.join(here, 'compare', 'child.mjs');
const args = process.argv.slice(2);
const arg = (name, dflt) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : dflt);
const sizes = arg('sizes', '1000,10000').split(',').map(Number).filter((n) => n > 0); // --sizes none: the cold-start table only
const coldRuns = Number(arg('cold-runs', '5'));
const base = arg('base', '');
const asJSON = args.includes('--json');
const floor = args.includes('--floor');
const ENGINES = ['memcore-memory', ...(base ? ['memcore-base'] : []), 'memcore-file', ...(base ? ['memcore-base-file'] : []), 'sqlite-wasm', 'flexsearch',
  ...(floor ? ['floor-js', 'floor-js-memcore-fts', 'floor-native', 'floor-native-memcore-fts'] : [])].filter((e) => !args.includes('--engines') || arg('engines', '').split(',').includes(e));
const LABEL = {
  'memcore-memory': 'memcore (`:memory:`)',
  'memcore-file': 'memcore (file)',
  'memcore-base': 'memcore base (`:memory:`)',
  'memcore-base-file': 'memcore base (file)',
  'sqlite-wasm': 'sqlite-wasm + FTS5 (`:memory:`)',
  flexsearch: 'FlexSearch (Index, CJK bigrams)',
  'floor-js': 'floor: memcore\'s SQLite, sqlite-wasm\'s SQL (js build, Node, Liftoff)',
  'floor-native': 'floor: memcore\'s SQLite, sqlite-wasm\'s SQL (native Go)',
  'floor-js-memcore-fts': 'floor with memcore\'s FTS5 table and tokens (js build, Node, Liftoff)',
  'floor-native-memcore-fts': 'floor with memcore\'s FTS5 table and tokens (native Go)',
};
const log = (...a) => console.error('[compare]', ...a);

if (!fs.existsSync(path.join(here, 'compare', 'node_modules', '@sqlite.org', 'sqlite-wasm')) ||
    !fs.existsSync(path.join(here, 'compare', 'node_modules', 'flexsearch'))) {
  console.error('compare: the comparison engines are not installed: cd js/bench/compare && npm ci');
  process.exit(2);
}
if (!fs.existsSync(path.join(root, 'dist', 'memcore.wasm'))) {
  console.error('compare: dist/memcore.wasm is missing: go run ./cmd/wasmbuild -targets js');
  process.exit(2);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'memcore-compare-'));
process.on('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));

let basePkg = null;
if (base) {
  basePkg = path.join(tmp, 'base');
  fs.mkdirSync(basePkg);
  log(`building ${base} in ${basePkg}…`);
  execFileSync('sh', ['-c', `git -C "${root}" archive ${base} | tar -x -C "${basePkg}"`]);
  execFileSync('go', ['run', './cmd/wasmbuild', '-targets', 'js', '-q'], { cwd: basePkg, stdio: ['ignore', 'ignore', 'inherit'] });
}

let floorBin = null;
if (floor) {
  // The shipped js build's flags (internal/wasmbuild: Target.Args), so the floor's SQLite is
  // compiled as memcore's is.
  floorBin = { wasm: path.join(tmp, 'floor.wasm'), native: path.join(tmp, 'floor-native') };
  const goFlags = ['build', '-trimpath', '-buildvcs=false', '-ldflags=-s -w -buildid=', '-tags=sqlite3_dotlk'];
  log('building cmd/floorbench (js and native)…');
  execFileSync('go', [...goFlags, '-gcflags=github.com/ncruces/go-sqlite3-wasm/v3=-B', '-o', floorBin.wasm, './cmd/floorbench'],
    { cwd: root, env: { ...process.env, GOOS: 'js', GOARCH: 'wasm', CGO_ENABLED: '0', GOFLAGS: '' }, stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync('go', [...goFlags, '-o', floorBin.native, './cmd/floorbench'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  floorBin.execNode = path.join(execFileSync('go', ['env', 'GOROOT'], { encoding: 'utf8' }).trim(), 'lib', 'wasm', 'wasm_exec_node.js');
}

// runFloor writes size's texts and queries (data.mjs) to a file and runs cmd/floorbench on
// them: under Node (Liftoff only) for floor-js, as a native process for floor-native.
async function runFloor(engine, size) {
  const { NEEDLE_WORD, makeData } = await import('./compare/data.mjs');
  const dataFile = path.join(tmp, `floor-${size}.json`);
  if (!fs.existsSync(dataFile)) {
    const d = makeData(size);
    fs.writeFileSync(dataFile, JSON.stringify({ texts: d.texts, queries: d.queries, needle: d.needle, needleWord: NEEDLE_WORD }));
  }
  const flags = ['-data', dataFile, '-engine', engine, ...(engine.endsWith('-memcore-fts') ? ['-memcore-fts'] : [])];
  const [cmd, argv] = engine.startsWith('floor-js')
    ? [process.execPath, ['--liftoff-only', floorBin.execNode, floorBin.wasm, ...flags]]
    : [floorBin.native, flags];
  const out = execFileSync(cmd, argv, { cwd: tmp, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 });
  const r = JSON.parse(out.trim().split('\n').at(-1));
  return { ...r, firstRecall: r.ready, engine };
}

function run(engine, size, mode) {
  if (engine.startsWith('floor-')) return runFloor(engine, size);
  const env = { ...process.env };
  let name = engine;
  if (engine === 'memcore-base' || engine === 'memcore-base-file') {
    env.MEMCORE_BENCH_PACKAGE = basePkg;
    name = engine === 'memcore-base' ? 'memcore-memory' : 'memcore-file';
  }
  const dir = fs.mkdtempSync(path.join(tmp, 'run-'));
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [child, name, String(size), mode, dir], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('close', (code) => {
      fs.rmSync(dir, { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`${engine} ${size} ${mode}: exit ${code}\n${err}`));
      resolve({ ...JSON.parse(out.trim().split('\n').at(-1)), engine });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
const loadStart = load();

// ─── cold start ─────────────────────────────────────────────────────────────────────────
const coldEngines = ['memcore-memory', ...(basePkg ? ['memcore-base'] : []), 'memcore-file', 'sqlite-wasm', 'flexsearch'];
const cold = Object.fromEntries(coldEngines.map((e) => [e, []]));
if (coldRuns > 0) for (const e of coldEngines) await run(e, 0, 'cold'); // untimed: the OS's file cache
for (let r = 0; r < coldRuns; r++) {
  for (const e of coldEngines) {
    log(`cold ${e} run ${r + 1}/${coldRuns}`);
    cold[e].push(await run(e, 0, 'cold'));
  }
}
const coldRows = coldEngines.map((e) => ({
  engine: e,
  imported: median(cold[e].map((x) => x.imported)),
  ready: median(cold[e].map((x) => x.ready)),
  firstRecall: median(cold[e].map((x) => x.firstRecall)),
  peakRSS: median(cold[e].map((x) => x.peakRSS)),
}));

// ─── per size ───────────────────────────────────────────────────────────────────────────
const sizeRows = [];
for (const size of sizes) {
  for (const e of ENGINES) {
    log(`${e} at ${size}…`);
    sizeRows.push(await run(e, size, 'full'));
  }
}
const loadEnd = load();

if (asJSON) {
  console.log(JSON.stringify({ node: process.versions.node, loadStart, loadEnd, coldRuns, base, cold: coldRows, sizes: sizeRows }));
  process.exit(0);
}

const ms = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const mib = (b) => `${(b / 1048576).toFixed(0)} MiB`;
const ratio = (x, ref) => (ref > 0 ? `${(x / ref).toFixed(2)}×` : '–');
const k = (n) => (n >= 1000 ? `${n / 1000}k` : String(n));

console.log(`Node ${process.versions.node}, ${os.cpus().length} CPUs; load average at start ${loadStart}, at end ${loadEnd}.`);
if (coldRuns > 0) { // --cold-runs 0: no cold-start table
console.log('');
console.log(`**Cold start**: import → store ready → first recall (on the empty store), fresh processes, median of ${coldRuns} (engines interleaved run by run).`);
console.log('');
console.log('| engine | import ms | store ready ms | first recall ms | × memcore | peak RSS | × memcore |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
const refCold = coldRows[0];
for (const r of coldRows) {
  console.log(`| ${LABEL[r.engine]} | ${ms(r.imported)} | ${ms(r.ready)} | ${ms(r.firstRecall)} | ${ratio(r.firstRecall, refCold.firstRecall)} | ${mib(r.peakRSS)} | ${ratio(r.peakRSS, refCold.peakRSS)} |`);
}
}
if (!sizes.length) process.exit(0);
console.log('');
console.log('**Per size** (a fresh process per engine and size; ratios to memcore `:memory:` at the same size; ingest in batches of 1,000; recall: OR of words, top 10, 20 untimed then each query once):');
console.log('');
console.log('| docs | engine | cold ms | ingest s | docs/s | 1st recall after ingest ms | recall p50 ms | p95 ms | mean hits | peak RSS | 2-char Chinese word found | cold × | ingest × | p50 × | p95 × | RSS × |');
console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|');
for (const size of sizes) {
  const rows = sizeRows.filter((r) => r.size === size);
  const ref = rows.find((r) => r.engine === 'memcore-memory') ?? rows[0];
  for (const r of rows) {
    const found = r.needleRank > 0 ? `yes (rank ${r.needleRank})` : 'no';
    console.log(`| ${k(size)} | ${LABEL[r.engine]} | ${ms(r.firstRecall)} | ${(r.ingestMs / 1000).toFixed(2)} | ${Math.round(size / (r.ingestMs / 1000))} | ${r.firstSearchMs === undefined ? '' : ms(r.firstSearchMs)} | ${ms(r.p50)} | ${ms(r.p95)} | ${r.meanHits.toFixed(1)} | ${mib(r.peakRSS)} | ${found} | ${ratio(r.firstRecall, ref.firstRecall)} | ${ratio(r.ingestMs, ref.ingestMs)} | ${ratio(r.p50, ref.p50)} | ${ratio(r.p95, ref.p95)} | ${ratio(r.peakRSS, ref.peakRSS)} |`);
  }
}

// ─── the floor (issue 15): each engine against sqlite-wasm and against the floor ─────────
if (sizeRows.some((r) => r.engine.startsWith('floor-'))) {
  console.log('');
  console.log('**The floor**: ratios to sqlite-wasm at the same size, and memcore\'s to the floor (memcore\'s SQLite running sqlite-wasm\'s SQL in the js build, Node, Liftoff); *same hits* compares every query\'s top-10 list with sqlite-wasm\'s:');
  console.log('');
  console.log('| docs | engine | ingest s | ingest CPU s | ingest × sqlite-wasm (wall, CPU) | ingest × floor js (wall, CPU) | recall p50 ms | recall CPU ms/query | p50 × sqlite-wasm | p50 × floor js | CPU/query × floor js | peak RSS | same hits as sqlite-wasm |');
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const size of sizes) {
    const rows = sizeRows.filter((r) => r.size === size);
    const sw = rows.find((r) => r.engine === 'sqlite-wasm');
    const fl = rows.find((r) => r.engine === 'floor-js');
    for (const r of rows) {
      if (r.engine === 'flexsearch') continue;
      const same = !sw || r.engine.startsWith('memcore') || r.engine.endsWith('memcore-fts') ? '– (its own tokens)' : r.hitsHash === sw.hitsHash ? 'yes' : 'no';
      const two = (ref) => (ref ? `${ratio(r.ingestMs, ref.ingestMs)}, ${ratio(r.ingestCpuMs, ref.ingestCpuMs)}` : '–');
      const perQ = r.recallCpuMs / 200; // data.mjs's 200 queries
      console.log(`| ${k(size)} | ${LABEL[r.engine]} | ${(r.ingestMs / 1000).toFixed(2)} | ${(r.ingestCpuMs / 1000).toFixed(2)} | ${two(sw)} | ${two(fl)} | ${ms(r.p50)} | ${ms(perQ)} | ${sw ? ratio(r.p50, sw.p50) : '–'} | ${fl ? ratio(r.p50, fl.p50) : '–'} | ${fl ? ratio(r.recallCpuMs, fl.recallCpuMs) : '–'} | ${mib(r.peakRSS)} | ${same} |`);
    }
  }
}

// ─── cost per 10,000 documents as the store grows ───────────────────────────────────────
const sliced = sizeRows.filter((r) => r.size >= 20000 && r.slicesMs?.length);
if (sliced.length) {
  console.log('');
  console.log('**Per 10,000 documents** as the store grows (wall s; CPU s of the process in brackets where the engine runs in Node):');
  console.log('');
  console.log('| docs | engine | per 10k slice, wall s (CPU s) |');
  console.log('|---:|---|---|');
  for (const r of sliced) {
    const cells = r.slicesMs.map((w, i) => (r.slicesCpuMs ? `${(w / 1000).toFixed(1)} (${(r.slicesCpuMs[i] / 1000).toFixed(1)})` : (w / 1000).toFixed(2)));
    console.log(`| ${k(r.size)} | ${LABEL[r.engine]} | ${cells.join(', ')} |`);
  }
}
