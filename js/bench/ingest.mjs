// Ingest and memory of the npm package in Node (issue 15 items 3 and 4): remembers N
// memories in batches of 1000 (one remember call each) into a file database or `:memory:`,
// prints the time of each 10k slice (is the cost per memory flat?), the process's peak RSS
// (VmHWM) and the engine's wasm memory, and — when @sqlite.org/sqlite-wasm is installed
// (`npm install --no-save @sqlite.org/sqlite-wasm@3.41.2`) — the same texts inserted into
// a plain FTS5 table of sqlite-wasm in the same process, in the same batches, as a ratio.
// Nothing is asserted.
//
//   node js/bench/ingest.mjs [--memories 10000] [--path :memory:|FILE] [--no-sqlite] [--json]
//
// The texts are synthetic and seeded (English, Chinese and mixed sentences from a fixed
// vocabulary), the same in every run and for both engines. sqlite-wasm runs after memcore
// so that the peak RSS printed for memcore is memcore's alone.

import fs from 'node:fs';
import { loadSqliteWasm } from './sqlitewasm.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const M = Number(opt('memories', 10000));
const path = opt('path', ':memory:');
const asJSON = args.includes('--json');
const BATCH = 1000;
const SLICE = 10000;

let seed = 7;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (a) => a[Math.floor(rand() * a.length)];
const who = ['The user', 'Alice', 'Bob', 'My manager', 'The team', 'Our client', 'The designer', 'My sister'];
const verbs = ['prefers', 'dislikes', 'uses', 'asked about', 'is learning', 'wrote', 'reviewed', 'recommended'];
const objects = ['python scripts', 'dark mode', 'rust tooling', 'green tea', 'morning meetings', 'vim keybindings',
  'hiking trips', 'jazz records', 'sqlite databases', 'typescript types', 'sourdough bread', 'electric bikes',
  'weekly reports', 'unit tests', 'chess openings', 'spanish lessons', 'kubernetes clusters', 'mechanical keyboards'];
const cities = ['成都', '北京', '上海', '杭州', '深圳', '西安', '重庆', '南京'];
const foods = ['火锅', '小龙虾', '饺子', '烤鸭', '拉面', '包子', '米线', '奶茶'];
const hobbies = ['写脚本', '爬山', '下棋', '弹吉他', '跑步', '摄影', '看书', '做饭'];
const text = (i) => {
  const r = rand();
  if (r < 0.45) return `${pick(who)} ${pick(verbs)} ${pick(objects)} #${i}.`;
  if (r < 0.9) return `用户在${pick(cities)}工作，喜欢吃${pick(foods)}，周末${pick(hobbies)}。#${i}`;
  return `用户喜欢用 Python ${pick(hobbies)}，编辑器是 Neovim，住在${pick(cities)}。#${i}`;
};
const texts = Array.from({ length: M }, (_, i) => text(i));

function vmHWM() {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}
const mib = (b) => b / 1024 / 1024;
// What the bench holds before memcore is loaded: Node and the corpus (issue 15 item 4
// counts the process's VmHWM, the corpus included; this says how much of it is the bench's).
const benchBaselineHWM = vmHWM();

// ─── memcore ────────────────────────────────────────────────────────────────────────────

// The engine's instance, caught as js/node.js instantiates it, to read its linear memory.
let engineMemory = null;
const instantiate0 = WebAssembly.instantiate;
WebAssembly.instantiate = async (...a) => {
  const r = await instantiate0.apply(WebAssembly, a);
  engineMemory ??= (r.instance ?? r).exports.mem ?? null;
  return r;
};

if (path !== ':memory:') for (const f of [path, `${path}-journal`]) fs.rmSync(f, { force: true });
const { open, VERSION } = await import(new URL('../node.js', import.meta.url).href);
const mem = await open({ path });
const slices = [];
// CPU time of the process (user + system) beside wall time: on a shared, busy machine the
// wall time moves with the load, the CPU time much less.
let cpu0 = process.cpuUsage();
let t0 = performance.now();
let sliceStart = t0;
let sliceCPU0 = process.cpuUsage();
const sliceCPU = [];
for (let i = 0; i < M; i += BATCH) {
  const batch = texts.slice(i, i + BATCH).map((content, j) => ({
    content,
    importance: ((i + j) % 10) / 10,
    ...((i + j) % 3 === 0 ? { tags: ['bench'] } : {}),
  }));
  await mem.remember(batch);
  if ((i + BATCH) % SLICE === 0 || i + BATCH >= M) {
    const now = performance.now();
    slices.push(now - sliceStart);
    sliceStart = now;
    sliceCPU.push((process.cpuUsage(sliceCPU0).user + process.cpuUsage(sliceCPU0).system) / 1000);
    sliceCPU0 = process.cpuUsage();
  }
}
const memcoreMs = performance.now() - t0;
const cpuMs = (u) => (u.user + u.system) / 1000;
const memcoreCPU = cpuMs(process.cpuUsage(cpu0));
const memcoreHWM = vmHWM();
const usage = process.memoryUsage(); // rss, heapUsed (V8's JS heap), external, arrayBuffers (the wasm memory among them)
const wasmBytes = engineMemory?.buffer.byteLength ?? null;
const stats = await mem.stats();
if (stats.memories !== M) throw new Error(`stored ${stats.memories} memories, want ${M}`);
await mem.close();

// ─── sqlite-wasm: a plain FTS5 table, the same texts and batches ────────────────────────

let sqliteMs = null;
let sqliteCPU = null;
let sqliteVersion = null;
if (!args.includes('--no-sqlite')) {
  try {
    const sqlite3 = await loadSqliteWasm();
    sqliteVersion = sqlite3.version.libVersion;
    const db = new sqlite3.oo1.DB(':memory:');
    db.exec('CREATE VIRTUAL TABLE t USING fts5(content)');
    const ins = db.prepare('INSERT INTO t(rowid, content) VALUES (?, ?)');
    cpu0 = process.cpuUsage();
    t0 = performance.now();
    for (let i = 0; i < M; i += BATCH) {
      db.exec('BEGIN');
      for (let j = i; j < Math.min(M, i + BATCH); j++) ins.bind([j + 1, texts[j]]).stepReset();
      db.exec('COMMIT');
    }
    sqliteMs = performance.now() - t0;
    sqliteCPU = cpuMs(process.cpuUsage(cpu0));
    ins.finalize();
    db.close();
  } catch (err) {
    if (err?.code !== 'ERR_MODULE_NOT_FOUND') throw err;
  }
}

const result = { node: process.versions.node, version: VERSION, sqliteVersion, memories: M, path, memcoreMs, memcoreCPU, sliceMs: slices, sliceCPUMs: sliceCPU,
  sqliteMs, sqliteCPU, peakRSSMiB: memcoreHWM, benchBaselineMiB: benchBaselineHWM, wasmMemoryMiB: wasmBytes === null ? null : mib(wasmBytes),
  rssMiB: mib(usage.rss), jsHeapMiB: mib(usage.heapUsed), externalMiB: mib(usage.external) };
if (asJSON) {
  console.log(JSON.stringify(result));
} else {
  const f = (x) => (x === null ? '–' : x.toFixed(0));
  console.log(`memcore ${VERSION}, Node ${process.versions.node}, ${M} memories into ${path}, batches of ${BATCH}` +
    (sqliteVersion ? `; sqlite-wasm ${sqliteVersion} plain FTS5 in the same process` : '; sqlite-wasm not run'));
  console.log(`memcore: ${f(memcoreMs)} ms, CPU ${f(memcoreCPU)} ms (${(M / memcoreMs * 1000).toFixed(0)} memories/s); per ${SLICE / 1000}k slice: ${slices.map(f).join(', ')} ms (CPU ${sliceCPU.map(f).join(', ')} ms)`);
  if (sqliteMs !== null) console.log(`sqlite-wasm FTS5 insert: ${f(sqliteMs)} ms, CPU ${f(sqliteCPU)} ms; memcore/sqlite-wasm ${(memcoreMs / sqliteMs).toFixed(1)}× (CPU ${(memcoreCPU / sqliteCPU).toFixed(1)}×)`);
  console.log(`peak RSS (VmHWM) after memcore's ingest: ${f(memcoreHWM)} MiB (the bench alone, Node and the corpus before memcore is loaded: ${f(benchBaselineHWM)} MiB); engine wasm memory: ${wasmBytes === null ? 'unknown' : f(mib(wasmBytes)) + ' MiB'}` +
    `; then RSS ${f(result.rssMiB)} MiB, V8 JS heap ${f(result.jsHeapMiB)} MiB, external ${f(result.externalMiB)} MiB`);
}
process.exit(0);
