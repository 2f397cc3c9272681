// Per-call cost of the npm package in Node (issue 15 item 1): times N calls each of
// stats, get and recall on a `:memory:` database of M memories through js/node.js, and
// (when the devDependency @sqlite.org/sqlite-wasm is installed) the same texts and
// queries through sqlite-wasm's FTS5 in the same process, as ratios. Nothing is asserted.
//
//   node js/bench/percall.mjs [--memories 1000] [--calls 1000] [--json]
//
// The texts are synthetic (a fixed vocabulary and a seeded PRNG), so every run and every
// engine sees the same ones. sqlite-wasm's rows: stats is `SELECT count(*)`, get is a
// lookup by rowid, recall is `… WHERE t MATCH ? ORDER BY rank LIMIT 10` (bm25), each with
// a prepared statement reused across calls, as a JS caller of sqlite-wasm would write it.

import fs from 'node:fs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const M = opt('memories', 1000);
const N = opt('calls', 1000);
const asJSON = args.includes('--json');
const tierUp = args.includes('--tierup'); // open({tierUp: true}): V8's TurboFan as well as Liftoff

// ─── Workload ───────────────────────────────────────────────────────────────────────────

let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (a) => a[Math.floor(rand() * a.length)];
const subjects = ['the user', 'Alice', 'Bob', 'my manager', 'the team', 'our client', 'the designer', 'my sister'];
const verbs = ['prefers', 'dislikes', 'uses', 'asked about', 'is learning', 'wrote', 'reviewed', 'recommended'];
const objects = ['python scripts', 'dark mode', 'rust tooling', 'green tea', 'morning meetings', 'vim keybindings',
  'hiking trips', 'jazz records', 'sqlite databases', 'typescript types', 'sourdough bread', 'electric bikes',
  'weekly reports', 'unit tests', 'chess openings', 'spanish lessons', 'kubernetes clusters', 'mechanical keyboards'];
const tails = ['on weekends', 'at work', 'since last year', 'for the new project', 'every morning', 'when travelling', '', ''];
const texts = Array.from({ length: M }, (_, i) => `${pick(subjects)} ${pick(verbs)} ${pick(objects)} ${pick(tails)} #${i}`.replace(/\s+/g, ' ').trim());
const queries = Array.from({ length: 50 }, () => `${pick(verbs)} ${pick(objects)}`);

function summary(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { p50: q(0.5), p95: q(0.95), mean: ms.reduce((a, b) => a + b, 0) / ms.length };
}

async function timeCalls(fn) {
  for (let i = 0; i < 20; i++) await fn(i); // warm-up, untimed
  const ms = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await fn(i);
    ms.push(performance.now() - t);
  }
  return summary(ms);
}

// ─── memcore ────────────────────────────────────────────────────────────────────────────

const { open, VERSION } = await import(new URL('../node.js', import.meta.url).href);
const mem = await open({ path: ':memory:', tierUp });
const ids = [];
for (let i = 0; i < M; i += 500) {
  const stored = await mem.remember(texts.slice(i, i + 500).map((content) => ({ content })));
  for (const r of stored) ids.push(r.id ?? r.memory?.id);
}
const results = { memcore: {}, sqlite: null };
results.memcore.stats = await timeCalls(() => mem.stats());
results.memcore.get = await timeCalls((i) => mem.get(ids[i % ids.length]));
let memHits = 0;
results.memcore.recall = await timeCalls(async (i) => {
  memHits += (await mem.recall(queries[i % queries.length], { limit: 10, peek: true })).length;
});
await mem.close();

// ─── sqlite-wasm + FTS5 ─────────────────────────────────────────────────────────────────

let sqliteVersion = null;
let sqHits = 0;
try {
  // sqlite-wasm 3.41's ESM build expects a browser's self.location.
  globalThis.self ??= globalThis;
  self.location ??= new URL(import.meta.url);
  const { default: init } = await import('@sqlite.org/sqlite-wasm');
  const wasmURL = new URL('../../node_modules/@sqlite.org/sqlite-wasm/sqlite-wasm/jswasm/sqlite3.wasm', import.meta.url);
  const sqlite3 = await init({ wasmBinary: fs.readFileSync(wasmURL), print: () => {}, printErr: () => {} });
  sqliteVersion = sqlite3.version.libVersion;
  const db = new sqlite3.oo1.DB(':memory:');
  db.exec('CREATE VIRTUAL TABLE t USING fts5(content)');
  db.exec('BEGIN');
  const ins = db.prepare('INSERT INTO t(rowid, content) VALUES (?, ?)');
  texts.forEach((c, i) => ins.bind([i + 1, c]).stepReset());
  ins.finalize();
  db.exec('COMMIT');
  const count = db.prepare('SELECT count(*) FROM t');
  const get = db.prepare('SELECT rowid, content FROM t WHERE rowid = ?');
  const search = db.prepare('SELECT rowid, content, rank FROM t WHERE t MATCH ? ORDER BY rank LIMIT 10');
  // An FTS5 query of the words OR-ed, as recall matches any of them.
  const fts = (q) => q.split(/\s+/).map((w) => `"${w}"`).join(' OR ');
  results.sqlite = {};
  results.sqlite.stats = await timeCalls(async () => {
    count.step();
    count.get(0);
    count.reset();
  });
  results.sqlite.get = await timeCalls(async (i) => {
    get.bind([(i % M) + 1]);
    get.step();
    get.get({});
    get.reset();
  });
  results.sqlite.recall = await timeCalls(async (i) => {
    search.bind([fts(queries[i % queries.length])]);
    while (search.step()) {
      search.get({});
      sqHits++;
    }
    search.reset();
  });
  for (const s of [count, get, search]) s.finalize();
  db.close();
} catch (err) {
  if (err?.code !== 'ERR_MODULE_NOT_FOUND') throw err;
}

if (asJSON) {
  console.log(JSON.stringify({ node: process.versions.node, version: VERSION, sqliteVersion, M, N, results, memHits, sqHits }));
} else {
  const f = (x) => x.toFixed(3);
  console.log(`memcore ${VERSION}, Node ${process.versions.node}, ${M} memories (:memory:), ${N} timed calls per op (after 20 untimed)` +
    (sqliteVersion ? `; sqlite-wasm ${sqliteVersion} FTS5 in the same process` : '; sqlite-wasm not installed'));
  console.log('| op | memcore p50 ms | p95 ms | sqlite-wasm p50 ms | p95 ms | p50 × sqlite-wasm |');
  console.log('|---|---|---|---|---|---|');
  for (const op of ['stats', 'get', 'recall']) {
    const m = results.memcore[op];
    const s = results.sqlite?.[op];
    console.log(`| ${op} | ${f(m.p50)} | ${f(m.p95)} | ${s ? f(s.p50) : '–'} | ${s ? f(s.p95) : '–'} | ${s ? (m.p50 / s.p50).toFixed(1) + '×' : '–'} |`);
  }
  console.log(`mean hits per recall: memcore ${(memHits / (N + 20)).toFixed(1)}, sqlite-wasm ${(sqHits / (N + 20)).toFixed(1)}`);
}
