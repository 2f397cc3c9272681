// One engine at one size, in a fresh node process, run by js/bench/compare.mjs:
//
//   [MEMCORE_BENCH_PACKAGE=DIR] node child.mjs ENGINE SIZE MODE [DIR]
//
// ENGINE: memcore-memory (the npm package, ':memory:'), memcore-file (a file in DIR),
// sqlite-wasm (@sqlite.org/sqlite-wasm, ':memory:', one FTS5 table, default tokenizer),
// flexsearch (FlexSearch's Index with an encoder that splits CJK runs: see makeFlex).
// MODE "cold": import → store ready → first recall (on the empty store), then exit.
// MODE "full": the cold start, then ingest SIZE documents (batches of 1,000, one transaction
// each where the engine has transactions), the needle query, then every query (OR of
// words, top 10; 20 untimed first), and the peak RSS (VmHWM). Prints one JSON line.
// MEMCORE_BENCH_PACKAGE=DIR imports DIR/js/node.js (another build's package) instead of
// this checkout's.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { NEEDLE_WORD, makeData } from './data.mjs';

const t0 = performance.now();
const [engine, sizeArg, mode, dir] = process.argv.slice(2);
const size = Number(sizeArg);
const out = { engine, size };

const engines = { 'memcore-memory': memcore, 'memcore-file': memcore, 'sqlite-wasm': sqliteWasm, flexsearch: flex };
if (!engines[engine]) throw new Error(`unknown engine ${engine}`);
const e = await engines[engine]();
out.imported = e.imported - t0;
out.ready = e.ready - t0;
await e.search('first query'); // an empty store: what a fresh process pays before any answer
out.firstRecall = performance.now() - t0;
if (mode === 'cold') {
  out.peakRSS = peakRSS();
  finish();
}

const data = makeData(size);
let t = performance.now();
let cpu = process.cpuUsage();
out.slicesMs = []; // wall and CPU ms per 10,000 documents: is the cost per document flat?
out.slicesCpuMs = [];
let slice = [performance.now(), process.cpuUsage()];
for (let i = 0; i < size; i += 1000) {
  await e.add(data.texts.slice(i, i + 1000), i);
  if ((i + 1000) % 10000 === 0) {
    const c = process.cpuUsage(slice[1]);
    out.slicesMs.push(Math.round(performance.now() - slice[0]));
    out.slicesCpuMs.push(Math.round((c.user + c.system) / 1000));
    slice = [performance.now(), process.cpuUsage()];
  }
}
out.ingestMs = performance.now() - t;
cpu = process.cpuUsage(cpu);
out.ingestCpuMs = (cpu.user + cpu.system) / 1000; // the process's CPU: on a loaded machine wall time moves several-fold

t = performance.now();
const needleHits = await e.search(NEEDLE_WORD);
out.firstSearchMs = performance.now() - t; // the first recall after the ingest: memcore builds its recall index here
out.needleRank = needleHits.indexOf(data.needle) + 1; // 0: not in the top 10

for (let i = 0; i < 20; i++) await e.search(data.queries[i % data.queries.length]);
const lat = [];
let hits = 0;
const hitsHash = createHash('sha256'); // of every query's result list: cmd/floorbench hashes the same
cpu = process.cpuUsage();
for (const q of data.queries) {
  t = performance.now();
  const ids = await e.search(q);
  lat.push(performance.now() - t);
  hits += ids.length;
  hitsHash.update(ids.map((i) => `${i},`).join('') + ';');
}
cpu = process.cpuUsage(cpu);
out.recallCpuMs = (cpu.user + cpu.system) / 1000;
out.hitsHash = hitsHash.digest('hex').slice(0, 16);
lat.sort((a, b) => a - b);
out.p50 = lat[Math.floor(lat.length * 0.5)];
out.p95 = lat[Math.min(lat.length - 1, Math.floor(lat.length * 0.95))];
out.meanHits = hits / data.queries.length;
out.peakRSS = peakRSS();
if (e.fileBytes) out.fileBytes = e.fileBytes();
finish();

function finish() {
  console.log(JSON.stringify(out));
  process.exit(0);
}

// ─── engines: each returns { imported, ready, add(texts, firstIndex), search(q) → indexes } ──

async function memcore() {
  const pkg = process.env.MEMCORE_BENCH_PACKAGE;
  const entry = pkg ? pathToFileURL(path.join(pkg, 'js', 'node.js')).href : new URL('../../node.js', import.meta.url).href;
  const { open } = await import(entry);
  const imported = performance.now();
  const file = engine === 'memcore-file' ? path.join(dir, `compare-${size}.db`) : ':memory:';
  const mem = await open({ path: file });
  const ready = performance.now();
  const index = new Map(); // memory id → document index
  return {
    imported,
    ready,
    async add(texts, first) {
      const stored = await mem.remember(texts.map((content) => ({ content })));
      stored.forEach((r, i) => index.set(r.id ?? r.memory?.id, first + i));
    },
    async search(q) {
      const hits = await mem.recall(q, { limit: 10, peek: true });
      return hits.map((h) => index.get(h.memory.id));
    },
    fileBytes: file === ':memory:' ? null : () => fs.statSync(file).size,
  };
}

async function sqliteWasm() {
  // sqlite-wasm 3.41's ESM build expects a browser's self.location.
  globalThis.self ??= globalThis;
  self.location ??= new URL(import.meta.url);
  const { default: init } = await import('@sqlite.org/sqlite-wasm');
  const imported = performance.now();
  const wasm = new URL('./node_modules/@sqlite.org/sqlite-wasm/sqlite-wasm/jswasm/sqlite3.wasm', import.meta.url);
  const sqlite3 = await init({ wasmBinary: fs.readFileSync(wasm), print: () => {}, printErr: () => {} });
  const db = new sqlite3.oo1.DB(':memory:');
  db.exec('CREATE VIRTUAL TABLE t USING fts5(content)');
  const ready = performance.now();
  const ins = db.prepare('INSERT INTO t(rowid, content) VALUES (?, ?)');
  const search = db.prepare('SELECT rowid FROM t WHERE t MATCH ? ORDER BY rank LIMIT 10');
  // The words OR-ed and quoted, as a JS caller would write a "match any word" query.
  const fts = (q) => q.split(/\s+/).filter(Boolean).map((w) => `"${w.replaceAll('"', '""')}"`).join(' OR ');
  return {
    imported,
    ready,
    async add(texts, first) {
      db.exec('BEGIN');
      texts.forEach((c, i) => ins.bind([first + i + 1, c]).stepReset());
      db.exec('COMMIT');
    },
    async search(q) {
      const ids = [];
      search.bind([fts(q)]);
      while (search.step()) ids.push(search.get(0) - 1);
      search.reset();
      return ids;
    },
  };
}

// FlexSearch 0.8's Index (in memory) with an encoder that lower-cases, splits on anything but
// letters and digits, and turns every CJK run into its characters and overlapping bigrams
// (what memcore's tokenizer does; FlexSearch's own Charset.CJK splits every character, English
// words too). Queries use suggest: true, so a document that has some but not all of the
// words is found (OR), ranked below those that have more.
async function flex() {
  const { Index, Encoder } = await import('flexsearch');
  const imported = performance.now();
  const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
  const encoder = new Encoder({
    normalize: (s) => s.normalize('NFKC').toLowerCase(),
    split: /[^\p{L}\p{N}]+/u,
    finalize: (terms) => {
      const outTerms = [];
      for (const term of terms) {
        if (!cjk.test(term)) {
          if (term.length > 1) outTerms.push(term);
          continue;
        }
        const chars = [...term];
        for (let i = 0; i < chars.length; i++) {
          outTerms.push(chars[i]);
          if (i + 1 < chars.length) outTerms.push(chars[i] + chars[i + 1]);
        }
      }
      return outTerms;
    },
  });
  const index = new Index({ tokenize: 'strict', encoder });
  const ready = performance.now();
  return {
    imported,
    ready,
    async add(texts, first) {
      texts.forEach((c, i) => index.add(first + i, c));
    },
    async search(q) {
      return index.search(q, { limit: 10, suggest: true });
    },
  };
}

/**
 * This process's peak RSS in bytes: VmHWM of /proc/self/status on Linux (not
 * process.resourceUsage().maxRSS, which Linux carries over from the parent across fork).
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
