// memcore for Cloudflare Workers and workerd (the "workerd" export condition).
//
// Workers have no file system and may not fetch their own code, so the engine comes in as
// a module import: `import wasm from '../dist/memcore.wasm'` is a WebAssembly.Module that
// wrangler (or a workerd config's `wasm = embed …` module) compiles with the Worker. The
// Go program is started on first use — the first open() of the isolate — and never at
// module top level: workerd forbids random numbers and timers in the global scope, and a
// top-level await on the Go program ends in "Top-level await in module is unsettled".
//
// open({ storage: ctx.storage }) keeps the database in a SQLite-backed Durable Object's own
// storage, page by page (js/do-storage.js, internal/dovfs). Without storage a database lives
// in the isolate's memory. snapshot() returns the whole database as bytes (a backup, a move
// to another object or to a browser) and restore(bytes) puts it back after checking it:
// see examples/cloudflare-worker/.
//
// Globals: Go's wasm_exec.js is a classic script that defines globalThis.Go (and stubs of
// fs, process and path when the runtime has none), and the engine talks to this shim
// through globalThis.__memcore and globalThis.__memcore_host. workerd cannot evaluate code
// from strings, so unlike the Node entry this one cannot hide them in a private scope.

import * as wasmExec from '../dist/wasm_exec.js';
import wasmModule from '../dist/memcore.wasm';

import { ERROR_CODES, MemcoreError, invalid } from './errors.js';
import {
  Connection,
  DEFAULT_LIMITS,
  DEFAULT_SCORING,
  EngineClient,
  Memory,
  checkOpenOptions,
  memoryView,
  openArgs,
} from './memory.js';
import { VERSION } from './version.js';
import { Settler } from './settle.js';
import { ioCounts, isSqlStorage, register as registerStorage, unregister as unregisterStorage } from './do-storage.js';

export { DEFAULT_LIMITS, DEFAULT_SCORING, ERROR_CODES, Memory, MemcoreError, VERSION };

// A use of the namespace, so that no bundler drops wasm_exec.js as an import without
// side effects (package.json says "sideEffects": false; this file has them).
if (typeof wasmExec !== 'object' || typeof globalThis.Go !== 'function') {
  throw new Error("memcore: Go's wasm_exec.js did not define globalThis.Go");
}
const Go = globalThis.Go;

/** The engine of this isolate: a Promise of { client, instance }, made by the first open. */
let loading = null;

/**
 * Opens a database and returns a Memory bound to options.namespace.
 *
 * With `storage` (a SQLite-backed Durable Object's ctx.storage) the database lives in that
 * storage, one row per page, written as the engine writes it: each write is one storage
 * transaction, a cold open reads only the pages it touches, and the isolate holds no more
 * of it than SQLite's page cache (cacheKiB, default 8 MiB). `path` then names the database
 * inside the storage (default "memcore.db"). See internal/dovfs and docs/WASM.md.
 *
 * Without `storage` the database is a new, empty one in the isolate's memory (`path` left
 * out or ':memory:'): fill it with restore(), keep it with snapshot().
 */
export async function open(options = {}) {
  const o = checkOpenOptions(options, ['path', 'storage']);
  const storage = options.storage;
  let path = ':memory:';
  let vfs;
  let storageId = 0;
  if (storage !== undefined) {
    if (!isSqlStorage(storage)) {
      throw invalid('storage', 'storage is the ctx.storage of a SQLite-backed Durable Object (storage.sql and storage.transactionSync): declare the class in new_sqlite_classes (wrangler.toml) or with enableSql = true (workerd.capnp)');
    }
    const name = options.path ?? 'memcore.db';
    if (typeof name !== 'string' || !/^[^/\\\0]{1,256}$/.test(name) || name === ':memory:') {
      throw invalid('path', 'with storage, path names the database inside the Durable Object\'s storage: 1 to 256 bytes, no slash (default "memcore.db")');
    }
    vfs = 'do';
  } else if (options.path !== undefined && options.path !== ':memory:') {
    throw invalid('path', 'Workers have no file system: give storage (a SQLite-backed Durable Object\'s ctx.storage) to keep the database there, or leave out path for an in-memory database (snapshot() and restore(bytes) move it)');
  }
  const { client } = await engine();
  await closeDropped();
  if (vfs) {
    storageId = registerStorage(storage);
    path = `/${storageId}/${options.path ?? 'memcore.db'}`;
  }
  // The open registers the database's embed and llm functions under its handle.
  let db;
  try {
    ({ db } = await client.request('open', { path, ...(vfs ? { vfs } : {}), version: VERSION, ...openArgs(o) }));
  } catch (err) {
    if (storageId) unregisterStorage(storageId);
    throw err;
  }
  const handle = { client, db, closed: false, storageId };
  const conn = new Connection(client, db, async () => {
    handle.closed = true;
    unclosed?.unregister(handle);
    if (client.dead) return; // the engine is gone, and its databases with it
    try {
      await client.request('close', {}, db); // drops the database's embed and llm
    } finally {
      if (storageId) unregisterStorage(storageId);
    }
  });
  unclosed?.register(conn, handle, handle);
  return memoryView(conn, o.namespace);
}

/**
 * Closes the engine databases of Memory objects that were dropped without close(). A
 * Durable Object is evicted from memory without notice, but the isolate — and its one
 * engine, with every database opened in it — may live on and host other objects: without
 * this, each evicted object would leave its whole database in the isolate's memory.
 * (The registry holds the connection weakly; every view of an open() holds it strongly.)
 */
const unclosed =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry((handle) => {
        // Finalizers run outside any request, where workerd lets no Promise be awaited:
        // the next open() closes them, before it takes memory for a new database.
        if (!handle.closed) dropped.push(handle);
      })
    : null;
const dropped = [];

/** Closes the databases whose Memory objects were garbage-collected (see unclosed). */
async function closeDropped() {
  while (dropped.length) {
    const h = dropped.pop();
    if (h.closed || h.client.dead) continue;
    h.closed = true;
    await h.client.request('close', {}, h.db).catch(() => {});
    if (h.storageId) unregisterStorage(h.storageId);
  }
}

/**
 * What the databases kept in Durable Object storage asked of it in this isolate so far:
 * { reads, commits, pagesWritten } (page reads, storage transactions, pages written).
 */
export function storageIOCounts() {
  return { ...ioCounts };
}

/**
 * The size in bytes of the engine's WebAssembly memory in this isolate (0 before the
 * first open): the Go heap with every open database in it. Workers allow 128 MB per
 * isolate, for this and everything else the Worker holds. Wasm memory never shrinks.
 */
export function wasmMemoryBytes() {
  return current?.instance.exports.mem.buffer.byteLength ?? 0;
}

// ─── Loading the engine ─────────────────────────────────────────────────────────────────

let current = null;

function engine() {
  if (!loading) {
    const p = start().catch((err) => {
      if (loading === p) loading = null;
      if (err instanceof MemcoreError) throw err;
      throw new MemcoreError('internal', `memcore's wasm engine failed to start: ${err?.message ?? err}`, undefined, { cause: err });
    });
    loading = p;
  }
  return loading;
}

async function start() {
  if (!(wasmModule instanceof WebAssembly.Module)) {
    throw new MemcoreError('internal', `memcore.wasm was not imported as a compiled WebAssembly.Module (got ${typeof wasmModule}): bundle it as a wasm module (wrangler does so by default; in a workerd config: wasm = embed "memcore.wasm")`);
  }
  const go = new Go();
  go.argv = ['memcore'];
  go.env = {};
  let exitCode = 0;
  go.exit = (code) => {
    exitCode = code;
  };
  const instance = await WebAssembly.instantiate(wasmModule, go.importObject);
  // Responses through __memcore.callSettled, not kept alive by the Go program until its
  // next collection (js/settle.js; docs/WASM.md, "fourth round").
  const settler = new Settler(instance.exports.mem);
  globalThis.__memcore_settle = settler.settle;

  let client = null;
  const ready = new Promise((resolve) => {
    globalThis.__memcore_ready = resolve;
  });
  const stopped = go.run(instance).then(
    () => new MemcoreError('internal', `memcore's wasm engine stopped (exit code ${exitCode}); its databases are gone — open them again and restore them`),
    (err) => new MemcoreError('internal', `memcore's wasm engine failed: ${err.message}`, undefined, { cause: err }),
  );
  const eng = { client: null, instance };
  stopped.then((err) => {
    client?.stop(err);
    if (current === eng) current = null;
    loading = null; // the next open starts a new engine
  });
  const first = await Promise.race([ready.then(() => null), stopped]);
  delete globalThis.__memcore_ready;
  if (first) throw first;
  client = new EngineClient(settler.wrap(globalThis.__memcore));
  globalThis.__memcore_host = client.host;
  eng.client = client;
  current = eng;
  return eng;
}
