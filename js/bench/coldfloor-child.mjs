// One cold start, run by js/bench/coldfloor.mjs in a fresh node process:
//
//   [MEMCORE_BENCH_PACKAGE=DIR] node coldfloor-child.mjs ENGINE WASM_DIR
//
// ENGINE:
//   sqlite-wasm   @sqlite.org/sqlite-wasm 3.41.2 (js/bench/compare's copy): init, oo1.DB(':memory:'),
//                 CREATE VIRTUAL TABLE t USING fts5(content); INSERT one row; the ranked MATCH
//   floor         WASM_DIR/coldfloor.wasm (cmd/coldfloor: go-sqlite3 + FTS5, nothing of memcore),
//                 started as js/node.js starts memcore: the same steps as sqlite-wasm
//   bare          WASM_DIR/coldfloor-bare.wasm (Go's runtime only): the same calls, each a no-op
//   memcore-empty the npm package: open(':memory:'), recall on the empty store (compare.mjs's cold start)
//   memcore-one   the npm package: open(':memory:'), remember one memory, recall it
// MEMCORE_BENCH_PACKAGE=DIR imports DIR/js/node.js (another build's package).
// Prints one JSON line: ms since this module started for each step, and the process's CPU
// ms (user + system, all threads) when the first query had answered.
import path from 'node:path';
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { pathToFileURL } from 'node:url';

import { readWasmBytes } from '../node-wasm-bytes.js';

const t0 = performance.now();
const cpu0 = process.cpuUsage();
const [engine, wasmDir] = process.argv.slice(2);
const TEXT = 'The ETL job runs Python scripts every night; 我平时用 Python 写脚本';
const QUERY = 'Python';
const at = {};
const mark = (k) => (at[k] ??= performance.now() - t0);
let rows;

// Step marks inside the loaders, the same for every engine: the first compile, the first
// instantiate, and the end of a Go program's first run (package init and main up to its
// first wait: the runtime has started), observed by wrapping WebAssembly's functions and
// the Go instance's run export. Nothing else is changed.
const realCompile = WebAssembly.compile;
const realInstantiate = WebAssembly.instantiate;
WebAssembly.compile = async (...a) => {
  const m = await realCompile(...a);
  mark('compiled');
  return m;
};
WebAssembly.instantiate = async (...a) => {
  const r = await realInstantiate(...a);
  const isInstance = r instanceof WebAssembly.Instance;
  const inst = isInstance ? r : r.instance;
  mark('compiled');
  mark('instantiated');
  let out = inst;
  if (typeof inst.exports.run === 'function' && typeof inst.exports.getsp === 'function') {
    const exports = { ...inst.exports, run: (...x) => {
      const v = inst.exports.run(...x);
      mark('started');
      return v;
    } };
    out = Object.create(inst, { exports: { value: exports } }); // still instanceof WebAssembly.Instance
  }
  return isInstance ? out : { module: r.module, instance: out };
};

if (engine === 'sqlite-wasm') {
  globalThis.self ??= globalThis; // sqlite-wasm 3.41's ESM build expects a browser's self.location
  self.location ??= new URL(import.meta.url);
  const { default: init } = await import(new URL('./compare/node_modules/@sqlite.org/sqlite-wasm/index.mjs', import.meta.url).href);
  mark('imported');
  const wasm = new URL('./compare/node_modules/@sqlite.org/sqlite-wasm/sqlite-wasm/jswasm/sqlite3.wasm', import.meta.url);
  const sqlite3 = await init({ wasmBinary: fs.readFileSync(wasm), print: () => {}, printErr: () => {} });
  mark('started'); // Emscripten's runtime initialised (its instantiate marked above)
  const db = new sqlite3.oo1.DB(':memory:');
  db.exec('CREATE VIRTUAL TABLE t USING fts5(content)');
  mark('ready');
  db.exec({ sql: 'INSERT INTO t(content) VALUES (?)', bind: [TEXT] });
  mark('inserted');
  rows = db.exec({ sql: 'SELECT rowid, content, rank FROM t WHERE t MATCH ? ORDER BY rank LIMIT 10', bind: [QUERY], returnValue: 'resultRows' }).length;
  mark('firstQuery');
} else if (engine === 'floor' || engine === 'bare') {
  const dist = pathToFileURL(`${path.resolve(wasmDir)}/`);
  // As js/node.js loads memcore: wasm_exec.js through vm, the module read into a
  // WebAssembly.Memory's buffer, compiled with Liftoff only and lazy validation.
  const src = fs.readFileSync(new URL('wasm_exec.js', dist), 'utf8');
  vm.runInThisContext(`(function (globalThis) {${src}\n})`)(globalThis);
  mark('imported');
  const bytes = readWasmBytes(new URL(engine === 'floor' ? 'coldfloor.wasm' : 'coldfloor-bare.wasm', dist));
  v8.setFlagsFromString('--liftoff-only');
  v8.setFlagsFromString('--wasm-lazy-validation');
  const module = await WebAssembly.compile(bytes);
  v8.setFlagsFromString('--no-liftoff-only');
  const go = new globalThis.Go();
  go.argv = ['coldfloor'];
  go.env = process.env.COLDFLOOR_GODEBUG ? { GODEBUG: process.env.COLDFLOOR_GODEBUG } : {};
  const instance = await WebAssembly.instantiate(module, go.importObject);
  const ready = new Promise((resolve) => (globalThis.__floor_ready = resolve));
  go.run(instance);
  await ready;
  const api = globalThis.__floor;
  await api.open(':memory:');
  mark('ready');
  await api.insert(TEXT);
  mark('inserted');
  rows = await api.match(QUERY);
  mark('firstQuery');
} else if (engine === 'memcore-empty' || engine === 'memcore-one') {
  const pkg = process.env.MEMCORE_BENCH_PACKAGE;
  const entry = pkg ? pathToFileURL(path.join(pkg, 'js', 'node.js')).href : new URL('../node.js', import.meta.url).href;
  const { open } = await import(entry);
  mark('imported');
  const mem = await open({ path: ':memory:' });
  mark('ready');
  if (engine === 'memcore-one') {
    await mem.remember({ content: TEXT });
    mark('inserted');
  }
  rows = (await mem.recall(QUERY, { limit: 10, peek: true })).length;
  mark('firstQuery');
} else {
  throw new Error(`unknown engine ${engine}`);
}

const cpu = process.cpuUsage(cpu0);
const want = engine === 'memcore-empty' || engine === 'bare' ? 0 : 1;
if (rows !== want) throw new Error(`${engine}: the first query returned ${rows} rows, not ${want}`);
console.log(JSON.stringify({ engine, ...at, cpuMs: (cpu.user + cpu.system) / 1000, rows }));
process.exit(0); // a Go program never returns
