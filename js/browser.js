// memcore in a web page: open() starts one Dedicated Worker per page (js/browser-worker.js)
// that compiles the wasm engine and keeps its databases in the Origin Private File
// System, and returns the same Memory as in Node (js/memory.js, index.d.ts). Requests
// and responses are messages to and from that worker; the host callbacks the engine makes
// (embed, llm) run here, on the page, with the functions given to open().
// docs/BROWSER.md describes OPFS, locking between tabs, fallbacks and cold start.

import { ERROR_CODES, MemcoreError, invalid } from './errors.js';
import {
  DEFAULT_LIMITS,
  DEFAULT_SCORING,
  EngineClient,
  EngineSlot,
  Memory,
  SharedFiles,
  checkOpenOptions,
  connectMemory,
  memoryView,
  openArgs,
} from './memory.js';
import { TabRouter, tabsSupported } from './browser-tabs.js';
import { VERSION } from './version.js';

export { DEFAULT_LIMITS, DEFAULT_SCORING, ERROR_CODES, Memory, MemcoreError, VERSION };

/** Options of this entry, besides the shared ones that memory.js checks. */
const OWN_OPTIONS = ['path', 'tierUp', 'fallback', 'onFallback', 'wasmURL', 'workerURL', 'wasmExecURL', 'persist'];

/** Open files by canonical path: one engine database per file, shared by every open(). */
const files = new SharedFiles('page');

/** The engine of this page (a Promise of {client, worker, info}), started by the first open(). */
const slot = new EngineSlot(load, () => files.dropDead());

/**
 * Opens (creating it when missing) the memcore database at options.path in the origin's
 * private file system — or ':memory:' — and returns a Memory bound to options.namespace.
 * See index.d.ts and docs/BROWSER.md.
 */
export async function open(options) {
  const o = checkOpenOptions(options, OWN_OPTIONS);
  const own = checkBrowserOptions(options);
  const path = cleanPath(options.path);
  const { client } = await slot.get(own);
  const request = { version: VERSION, ...openArgs(o) };
  if (path === ':memory:') return memoryView(await connectMemory(client, request), o.namespace);
  if (own.persist !== false) askPersistence();
  try {
    return memoryView(await files.connect(client, { ...request, path, vfs: 'opfs' }, o), o.namespace);
  } catch (err) {
    if (own.fallback === 'memory' && err instanceof MemcoreError && err.code === 'unsupported' && err.field === 'vfs') {
      // No OPFS here (an old browser, private browsing): the caller accepted memory only.
      if (own.onFallback) own.onFallback(err);
      else console.warn(`memcore: ${err.message}; using an in-memory database (nothing is kept after this page closes)`);
      return memoryView(await connectMemory(client, request), o.namespace);
    }
    throw err;
  }
}

function checkBrowserOptions(options) {
  const own = {};
  if (options.tierUp !== undefined && typeof options.tierUp !== 'boolean') throw invalid('tierUp', 'tierUp is a boolean');
  if (options.fallback !== undefined) {
    if (options.fallback !== 'memory' && options.fallback !== 'error') {
      throw invalid('fallback', "fallback is 'memory' (use an in-memory database when this browser has no OPFS) or 'error' (the default)");
    }
    own.fallback = options.fallback;
  }
  if (options.persist !== undefined) {
    if (typeof options.persist !== 'boolean') throw invalid('persist', 'persist is a boolean');
    own.persist = options.persist;
  }
  if (options.onFallback !== undefined) {
    if (typeof options.onFallback !== 'function') throw invalid('onFallback', 'onFallback is a function');
    own.onFallback = options.onFallback;
  }
  for (const k of ['wasmURL', 'workerURL', 'wasmExecURL']) {
    const v = options[k];
    if (v === undefined) continue;
    if (typeof v === 'string' && v !== '') own[k] = v;
    else if (v !== null && typeof v === 'object' && typeof v.href === 'string') own[k] = v.href;
    else throw invalid(k, `${k} is a URL or a non-empty string`);
  }
  return own;
}

let persistence = null;

/**
 * Asks, once per page, that the origin's storage be persistent (navigator.storage.persist()):
 * a browser may otherwise evict it, OPFS databases included, under storage pressure.
 * Chromium decides without asking the user; Firefox asks the user. stats().browser.persisted
 * tells the answer. A browser without it, or that refuses, changes nothing else.
 */
function askPersistence() {
  if (persistence || typeof navigator?.storage?.persist !== 'function') return;
  persistence = navigator.storage.persist().catch(() => false);
}

/**
 * The canonical OPFS path ("/dir/agent.db"), or ':memory:'. The engine checks the rest
 * (internal/opfs Clean) and answers invalid_argument on path.
 */
function cleanPath(p) {
  if (p === undefined) {
    throw invalid('path', 'open needs a path: a database file in the origin private file system (created when missing), or ":memory:"');
  }
  if (typeof p !== 'string' || p === '') throw invalid('path', 'path is a non-empty string, e.g. "agent.db" or "memcore/agent.db"');
  if (p === ':memory:') return p;
  return '/' + p.replace(/^\/+/, '');
}

// ─── The worker ─────────────────────────────────────────────────────────────────────────

/**
 * Starts the engine's worker now, so that its download and compilation overlap with the
 * page's own start; open() uses it. Resolves with engineInfo() once the engine is running
 * and, unless `warm: false`, warmed up (warmUp). Options: wasmURL, workerURL, wasmExecURL
 * (as open's), warm.
 */
export async function preload(options = {}) {
  const { warm, ...rest } = options ?? {};
  if (warm !== undefined && typeof warm !== 'boolean') throw invalid('warm', 'warm is a boolean');
  const own = checkBrowserOptions(rest);
  const engine = await slot.get(own);
  if (warm !== false) await warmUp(engine);
  return engine.info;
}

/**
 * Runs the engine once through what a first open and recall run — a schema created, a
 * memory written, a recall — on a throwaway in-memory database, so that the browser
 * compiles that code (it compiles wasm lazily, function by function, on first call)
 * before the application's own open() needs it. Once per engine; failures are ignored
 * (the application's open() reports its own).
 */
function warmUp(engine) {
  engine.warm ??= (async () => {
    const { client } = engine;
    const { db } = await client.request('open', { version: VERSION, path: ':memory:' });
    try {
      await client.request('remember', { namespace: 'warm-up', memories: [{ content: 'warm-up: Python 脚本 recall' }] }, db);
      await client.request('recall', { namespace: 'warm-up', query: 'Python 脚本', limit: 10, peek: true }, db);
    } finally {
      await client.request('close', {}, db);
    }
  })().catch(() => {});
  return engine.warm;
}

/**
 * How the engine was loaded — {version, streaming, timing: {fetch, compile, instantiate,
 * start, total, worker}} in ms — or null before the first open() or preload().
 */
export async function engineInfo() {
  if (!slot.current) return null;
  try {
    return (await slot.current).info;
  } catch {
    return null;
  }
}

async function load(own, onStop) {
  if (typeof Worker !== 'function') {
    throw new MemcoreError('unsupported', "memcore in a browser runs its engine in a Dedicated Worker, and this context has no Worker");
  }
  const t0 = performance.now();
  let worker;
  try {
    worker = own.workerURL
      ? new Worker(own.workerURL, { name: 'memcore' })
      : new Worker(new URL('./browser-worker.js', import.meta.url), { name: 'memcore' });
  } catch (err) {
    throw new MemcoreError('internal', `memcore's worker did not start: ${err?.message ?? err}`, undefined, { cause: err });
  }
  const wasmURL = own.wasmURL || new URL('../dist/memcore.wasm', import.meta.url).href;
  const wasmExecURL = own.wasmExecURL || new URL('../dist/wasm_exec.js', import.meta.url).href;

  let client = null;
  let nextId = 0;
  const pending = new Map(); // id → resolve of __memcore.call's Promise
  const local = {
    version: '',
    call(req) {
      return new Promise((resolve) => {
        const id = ++nextId;
        pending.set(id, resolve);
        worker.postMessage({ t: 'call', id, req });
      });
    },
  };

  // OPFS databases are shared with the other tabs of the origin (js/browser-tabs.js).
  const api = tabsSupported() ? new TabRouter(local) : local;

  let settle;
  const started = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  const fail = (err) => {
    settle.reject(err);
    api.stop?.();
    if (client) {
      client.stop(err);
      onStop();
    }
    worker.terminate();
  };

  worker.onmessage = (ev) => {
    const m = ev.data;
    switch (m.t) {
      case 'res': {
        const resolve = pending.get(m.id);
        pending.delete(m.id);
        if (!resolve) break;
        if (m.error !== undefined) {
          resolve(JSON.stringify({ id: null, ok: false, error: { code: 'internal', message: m.error } }));
        } else resolve(m.res);
        break;
      }
      case 'host':
        // The engine's callback, answered here; EngineClient.host never rejects.
        Promise.resolve(api === local ? client.host(m.db, m.kind, m.payload) : api.host(m.db, m.kind, m.payload)).then(
          (value) => worker.postMessage({ t: 'hostres', cb: m.cb, ok: true, value }),
          (err) => worker.postMessage({ t: 'hostres', cb: m.cb, ok: false, error: String(err?.message ?? err) }),
        );
        break;
      case 'ready':
        local.version = m.version;
        settle.resolve({ ...m, timing: { ...m.timing, worker: performance.now() - t0 } });
        break;
      case 'error':
        fail(new MemcoreError('internal', `memcore's wasm engine failed to start: ${m.message}`));
        break;
      case 'exit':
        fail(new MemcoreError('internal', m.message));
        break;
    }
  };
  worker.onerror = (ev) => {
    ev.preventDefault?.();
    fail(new MemcoreError('internal', `memcore's worker failed: ${ev.message || 'it could not be loaded (check workerURL)'}`));
  };
  worker.onmessageerror = () => fail(new MemcoreError('internal', "memcore's worker sent a message that could not be read"));

  worker.postMessage({ t: 'init', wasmURL, wasmExecURL, bench: globalThis.__memcore_opfs_bench });
  const ready = await started;
  client = new EngineClient(api);
  if (api !== local) api.client = client;
  const info = { version: ready.version, streaming: ready.streaming, timing: ready.timing };
  return { client, worker, info };
}
