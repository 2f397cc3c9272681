// Snapshot and restore of a ~10k-memory database in Node, through the binary channel
// (__memcore.callBytes: what js/node.js and js/workerd.js use) and through base64 in JSON
// (__memcore.call alone: what the browser's worker path uses, and what every entry used
// before). Each transport runs in its own child process, so that its peak RSS is its own.
//
//   go run ./cmd/wasmbuild -targets js && node js/bench/snapshot-bytes.mjs [memories]
//
// Prints a Markdown table for docs/BENCHMARKS.md. The engine is loaded here as js/node.js
// loads it (wasm_exec.js in a private global, Liftoff only), over the shim in js/memory.js,
// so that the transport can be chosen; startEngine is also what js/test/snapbytes.test.mjs
// uses to test the base64 path in Node.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import v8 from 'node:v8';
import vm from 'node:vm';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Starts the js build's engine of the package at root (a checkout, or an installed
 * memcore) and returns {client, connect(opts), memory(opts), shim}: an EngineClient over
 * its __memcore — without callBytes when binary is false — and ways to open ':memory:'
 * databases (as a Connection, or as a Memory); raw(text) sends a request's text as is.
 */
export async function startEngine(root, { binary }) {
  const shim = await import(pathToFileURL(path.join(root, 'js/memory.js')).href);
  const { VERSION } = await import(pathToFileURL(path.join(root, 'js/version.js')).href);
  const src = fs.readFileSync(path.join(root, 'dist/wasm_exec.js'), 'utf8');
  const own = { fs, path };
  const scope = new Proxy(own, {
    get: (t, k) => (Object.hasOwn(t, k) ? t[k] : globalThis[k]),
    set: (t, k, v) => {
      t[k] = v;
      return true;
    },
    has: (t, k) => Object.hasOwn(t, k) || k in globalThis,
  });
  vm.runInThisContext(`(function (globalThis, fs) {${src}\n})`)(scope, fs);
  const go = new scope.Go();
  go.argv = ['memcore'];
  go.env = {};
  v8.setFlagsFromString('--liftoff-only');
  const module = await WebAssembly.compile(fs.readFileSync(path.join(root, 'dist/memcore.wasm')));
  v8.setFlagsFromString('--no-liftoff-only');
  const instance = await WebAssembly.instantiate(module, go.importObject);
  const ready = new Promise((resolve) => {
    scope.__memcore_ready = resolve;
  });
  go.run(instance);
  await ready;
  const api = binary ? scope.__memcore : { version: scope.__memcore.version, call: (req) => scope.__memcore.call(req) };
  const client = new shim.EngineClient(api);
  scope.__memcore_host = client.host;
  const connect = (opts = {}) => shim.connectMemory(client, { path: ':memory:', version: VERSION, ...shim.openArgs(opts) });
  const memory = async (opts = {}) => shim.memoryView(await connect(opts), undefined);
  // raw sends one request's JSON text as is (js/test/hostile.test.mjs: bytes the shim would not make).
  const raw = (text) => scope.__memcore.call(text);
  return { client, connect, memory, shim, raw };
}

const mib = (kib) => (kib / 1024).toFixed(0);

/** One transport's run (in a child process): prints one JSON line. */
async function child(transport, n) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const { memory } = await startEngine(root, { binary: transport === 'bytes' });
  const src = await memory({ limits: { maxRequestBytes: 256 << 20 } });
  const topics = ['Lisbon', 'Python', 'bees', 'ThinkPad', 'Beijing', 'tea', 'chess', 'Rust'];
  for (let i = 0; i < n; i += 500) {
    const batch = [];
    for (let j = i; j < Math.min(n, i + 500); j++) {
      batch.push({ content: `memory ${j}: the user mentioned ${topics[j % topics.length]} on day ${j % 365} with note ${(j * 7919) % 10007}` });
    }
    await src.remember(batch);
  }
  const dst = await memory({ limits: { maxRequestBytes: 256 << 20 } });
  globalThis.gc?.();
  const before = process.resourceUsage().maxRSS;
  const t0 = performance.now();
  const bytes = await src.snapshot();
  const t1 = performance.now();
  const r = await dst.restore(bytes);
  const t2 = performance.now();
  const after = process.resourceUsage().maxRSS;
  if (r.memories !== n) throw new Error(`restored ${r.memories} memories, not ${n}`);
  console.log(JSON.stringify({ transport, n, bytes: bytes.length, snapshotMs: t1 - t0, restoreMs: t2 - t1, before, after }));
  process.exit(0);
}

async function main() {
  const [mode, a, b] = process.argv.slice(2);
  if (mode === '--child') return child(a, Number(b));
  const n = Number(mode ?? 10000);
  const self = fileURLToPath(import.meta.url);
  console.log(`| transport | memories | database | snapshot | restore | peak RSS before | peak RSS after | growth |`);
  console.log(`|---|---:|---:|---:|---:|---:|---:|---:|`);
  for (const transport of ['base64', 'bytes']) {
    const out = execFileSync(process.execPath, ['--expose-gc', self, '--child', transport, String(n)], { encoding: 'utf8' });
    const r = JSON.parse(out.trim().split('\n').pop());
    console.log(`| ${transport === 'bytes' ? 'bytes (callBytes)' : 'base64 in JSON'} | ${r.n} | ${(r.bytes / 1048576).toFixed(1)} MiB | ${r.snapshotMs.toFixed(0)} ms | ${r.restoreMs.toFixed(0)} ms | ${mib(r.before)} MiB | ${mib(r.after)} MiB | ${mib(r.after - r.before)} MiB |`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
