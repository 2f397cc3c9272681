// The runtime-independent half of the package: the Memory class, argument checks, and the
// client that speaks the JSON protocol (docs/PROTOCOL.md) to the wasm engine. Each runtime
// entry (node.js, browser.js, workerd.js) loads the engine its own way and hands this
// module an object with call(requestJSON): Promise<responseJSON>.

import { MemcoreError, invalid } from './errors.js';
import { importArgs } from './glue.js';
import { runToolCall, toolDefinitions } from './tools.js';

// ─── Options ────────────────────────────────────────────────────────────────────────────

/**
 * The engine's limits as the JS API names them, with their defaults (docs/ENGINE.md).
 * WIRE_LIMITS maps each name to the key the engine's decoder accepts (core.Limits' JSON
 * tags). A test compares both tables with core/options.go.
 */
export const DEFAULT_LIMITS = Object.freeze({
  maxContentBytes: 64 << 10,
  maxFieldBytes: 1 << 10,
  maxTags: 32,
  maxTagBytes: 64,
  maxBatch: 1000,
  maxQueryBytes: 2 << 10,
  maxResults: 1000,
  maxRequestBytes: 64 << 20,
});

const WIRE_LIMITS = {
  maxContentBytes: 'maxContentBytes',
  maxFieldBytes: 'maxFieldBytes',
  maxTags: 'maxTags',
  maxTagBytes: 'maxTagBytes',
  maxBatch: 'maxBatch',
  maxQueryBytes: 'maxQueryBytes',
  maxResults: 'maxResults',
  maxRequestBytes: 'maxRequestBytes',
};

/**
 * Recall's default weights (docs/SCORING.md, recall.DefaultWeights). The engine replaces
 * all of its weights with the scoring object it is given, so the shim fills the ones a
 * caller leaves out from this table. A test compares it with core/internal/recall.
 */
export const DEFAULT_SCORING = Object.freeze({
  relevance: 0.7,
  recency: 0.1,
  importance: 0.15,
  heat: 0.05,
  recencyHalfLifeDays: 30,
  heatHalfLifeDays: 7,
  heatSaturation: 5,
  titleBM25: 3,
  subjectBM25: 2,
  contentBM25: 1,
  turnContextBM25: 0.4,
  turnSessionBoost: 0.4,
  turnFeedback: 0.3,
  turnAnswerKind: 0.25,
  minRelevance: 0.1,
  minSimilarity: 0.25,
  rrfK: 60,
  candidatePool: 50,
});

/**
 * How long the engine waits for one llm or embed call before it carries on without it
 * (core.DefaultCallbackTimeout), and the most open's callbackTimeoutMs may set
 * (core.MaxCallbackTimeout).
 */
export const DEFAULT_CALLBACK_TIMEOUT_MS = 60_000;
const MAX_CALLBACK_TIMEOUT_MS = 3_600_000;
// open's busyTimeoutMs: the engine's default and bound (core.DefaultBusyTimeout, MaxBusyTimeout).
const DEFAULT_BUSY_TIMEOUT_MS = 5_000;
const MAX_BUSY_TIMEOUT_MS = 300_000;

const utf8 = new TextEncoder();

/** Throws invalid_argument unless ns is a namespace the engine accepts (engine.go). */
export function checkNamespace(ns, field = 'namespace') {
  if (typeof ns !== 'string') throw invalid(field, `a namespace is a string, got ${describe(ns)}`);
  const n = utf8.encode(ns).length;
  if (n === 0 || n > 128) throw invalid(field, 'a namespace is 1 to 128 bytes of UTF-8');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(ns)) throw invalid(field, 'a namespace has no control characters');
  return ns;
}

/**
 * Options one runtime's entry has and another's lacks: open() elsewhere names the entry
 * they belong to, so a user who followed the browser's or the Workers' docs in Node (or
 * the other way) learns why the option is refused, not only that it is unknown.
 */
const OTHER_ENTRY_OPTIONS = Object.freeze({
  storage: "the Cloudflare Workers entry (js/workerd.js: a SQLite-backed Durable Object's ctx.storage)",
  fallback: 'the browser entry (js/browser.js, docs/BROWSER.md)',
  onFallback: 'the browser entry (js/browser.js, docs/BROWSER.md)',
  wasmURL: 'the browser entry (js/browser.js, docs/BROWSER.md)',
  workerURL: 'the browser entry (js/browser.js, docs/BROWSER.md)',
  wasmExecURL: 'the browser entry (js/browser.js, docs/BROWSER.md)',
  persist: 'the browser entry (js/browser.js, docs/BROWSER.md)',
  tierUp: 'the Node and browser entries (V8 tier-up; workerd compiles as it does)',
});

/**
 * Checks the options of open() shared by every runtime and returns them in wire form.
 * known lists the runtime's own extra options (path, tierUp, …) that it checks itself.
 */
export function checkOpenOptions(options, known) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw invalid('options', `open takes an options object, got ${describe(options)}`);
  }
  const common = ['namespace', 'embed', 'llm', 'cacheKiB', 'readOnly', 'limits', 'scoring', 'quota', 'callbackTimeoutMs', 'busyTimeoutMs'];
  for (const k of Object.keys(options)) {
    // The options there are, in the message: "pth" or "namespce" is then fixed from the
    // error alone (the engine's ops name the field meant the same way).
    if (!common.includes(k) && !known.includes(k)) {
      const elsewhere = OTHER_ENTRY_OPTIONS[k] ? `: it is an option of ${OTHER_ENTRY_OPTIONS[k]}, not of this runtime's entry` : '';
      throw invalid(k, `unknown option ${JSON.stringify(k)} of open${elsewhere} (options: ${[...known, ...common].join(', ')})`);
    }
  }
  const o = options;
  const out = { namespace: o.namespace === undefined ? 'default' : checkNamespace(o.namespace) };
  if (o.embed !== undefined && typeof o.embed !== 'function') {
    throw invalid('embed', `embed is an async function (texts: string[]) => number[][], got ${describe(o.embed)}`);
  }
  out.embed = o.embed;
  if (o.llm !== undefined && typeof o.llm !== 'function') {
    throw invalid('llm', `llm is an async function ({system, messages, maxTokens, temperature, json}) => string, got ${describe(o.llm)}`);
  }
  out.llm = o.llm;
  if (o.cacheKiB !== undefined && !(Number.isSafeInteger(o.cacheKiB) && o.cacheKiB >= 0)) {
    throw invalid('cacheKiB', `cacheKiB is a non-negative integer, got ${describe(o.cacheKiB)}`);
  }
  out.cacheKiB = o.cacheKiB;
  if (o.callbackTimeoutMs !== undefined && !(Number.isSafeInteger(o.callbackTimeoutMs) && o.callbackTimeoutMs > 0 && o.callbackTimeoutMs <= MAX_CALLBACK_TIMEOUT_MS)) {
    throw invalid('callbackTimeoutMs', `callbackTimeoutMs is a whole number of milliseconds from 1 to ${MAX_CALLBACK_TIMEOUT_MS} (default ${DEFAULT_CALLBACK_TIMEOUT_MS}), got ${describe(o.callbackTimeoutMs)}`);
  }
  out.callbackTimeoutMs = o.callbackTimeoutMs;
  if (o.busyTimeoutMs !== undefined && !(Number.isSafeInteger(o.busyTimeoutMs) && o.busyTimeoutMs > 0 && o.busyTimeoutMs <= MAX_BUSY_TIMEOUT_MS)) {
    throw invalid('busyTimeoutMs', `busyTimeoutMs is a whole number of milliseconds from 1 to ${MAX_BUSY_TIMEOUT_MS} (default ${DEFAULT_BUSY_TIMEOUT_MS}), got ${describe(o.busyTimeoutMs)}`);
  }
  out.busyTimeoutMs = o.busyTimeoutMs;
  if (o.readOnly !== undefined && typeof o.readOnly !== 'boolean') {
    throw invalid('readOnly', `readOnly is a boolean, got ${describe(o.readOnly)}`);
  }
  out.readOnly = o.readOnly;
  if (o.limits !== undefined) {
    if (!isObject(o.limits)) throw invalid('limits', `limits is an object, got ${describe(o.limits)}`);
    out.limits = {};
    for (const [k, v] of Object.entries(o.limits)) {
      if (!Object.hasOwn(WIRE_LIMITS, k)) throw invalid(`limits.${k}`, `unknown limit ${JSON.stringify(k)}`);
      if (v === undefined) continue;
      if (!(Number.isSafeInteger(v) && v >= 0)) throw invalid(`limits.${k}`, `a limit is a non-negative integer (0: the default), got ${describe(v)}`);
      out.limits[WIRE_LIMITS[k]] = v;
    }
  }
  if (o.quota !== undefined) {
    // The engine checks the fields (invalid_argument on quota.maxMemories, …).
    if (!isObject(o.quota)) throw invalid('quota', `quota is an object {maxMemories, maxBytes, onExceed}, got ${describe(o.quota)}`);
    out.quota = { ...o.quota };
  }
  if (o.scoring !== undefined) {
    if (!isObject(o.scoring)) throw invalid('scoring', `scoring is an object, got ${describe(o.scoring)}`);
    out.scoring = { ...DEFAULT_SCORING };
    for (const [k, v] of Object.entries(o.scoring)) {
      if (!Object.hasOwn(DEFAULT_SCORING, k)) throw invalid(`scoring.${k}`, `unknown scoring weight ${JSON.stringify(k)}`);
      if (v === undefined) continue;
      const ok = k === 'candidatePool' ? Number.isSafeInteger(v) && v >= 0 : typeof v === 'number' && Number.isFinite(v);
      if (!ok) throw invalid(`scoring.${k}`, `expected a ${k === 'candidatePool' ? 'non-negative integer' : 'finite number'}, got ${describe(v)}`);
      out.scoring[k] = v;
    }
  }
  return out;
}

/**
 * The key under which open args carry the database's host functions ({embed, llm}) to
 * EngineClient.request: a symbol, so that JSON.stringify leaves them out while object
 * spread (`{ path, ...openArgs(o) }`) keeps them. The client registers them under the
 * handle the open answers and drops them when that handle is closed, so every runtime
 * entry gets its callbacks dispatched without bookkeeping of its own.
 */
const HOST_FUNCTIONS = Symbol('memcore.hostFunctions');

/**
 * The engine-facing args of open, without path and version: `embed: true` / `llm: true`
 * ask the engine to call back into the host, whose functions ride along (HOST_FUNCTIONS).
 */
export function openArgs(o) {
  const a = {};
  if (o.embed || o.llm) a[HOST_FUNCTIONS] = { embed: o.embed, llm: o.llm };
  if (o.embed) a.embed = true;
  if (o.llm) a.llm = true;
  if (o.cacheKiB !== undefined) a.cacheKiB = o.cacheKiB;
  if (o.callbackTimeoutMs !== undefined) a.callbackTimeoutMs = o.callbackTimeoutMs;
  if (o.busyTimeoutMs !== undefined) a.busyTimeoutMs = o.busyTimeoutMs;
  if (o.readOnly) a.readOnly = true;
  if (o.limits && Object.keys(o.limits).length) a.limits = o.limits;
  if (o.scoring) a.scoring = o.scoring;
  if (o.quota) a.quota = o.quota;
  return a;
}

// ─── Values ─────────────────────────────────────────────────────────────────────────────

function isObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function describe(v) {
  if (v === null || v === undefined) return String(v);
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return v.length > 40 ? 'a string' : JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return `${typeof v} ${String(v)}`;
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

function join(path, key) {
  return path ? `${path}.${key}` : key;
}

/** How deep encode follows objects and arrays: no memcore value nests deeper. */
export const MAX_DEPTH = 1000;

/**
 * Returns a JSON-ready copy of v, or throws invalid_argument naming the field as the engine
 * would (`memories[2].importance`): NaN and Infinity (JSON would turn them into null, which
 * the engine reads as "not given"), BigInt, functions, symbols, Maps, Sets, cycles, nesting
 * deeper than MAX_DEPTH (rather than a RangeError from the stack), and getters or Proxy
 * traps that throw (rather than their error, unnamed). Dates become RFC 3339 strings;
 * undefined object members are left out. Own "__proto__" keys (JSON.parse makes them) are
 * copied as keys, never as the copy's prototype, so that the engine sees and refuses them.
 */
export function encode(v, path, seen = new Set()) {
  switch (typeof v) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return v;
    case 'number':
      if (!Number.isFinite(v)) throw invalid(path, `expected a finite number, got ${v}`);
      return v;
    case 'bigint':
      throw invalid(path, 'a BigInt cannot be sent: use a number');
    case 'function':
    case 'symbol':
      throw invalid(path, `expected a JSON value, got a ${typeof v}`);
  }
  if (v === null) return null;
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) throw invalid(path, 'an invalid Date');
    return v.toISOString();
  }
  if (v instanceof Map || v instanceof Set || ArrayBuffer.isView(v) || v instanceof ArrayBuffer) {
    throw invalid(path, `expected a plain object or array, got a ${v.constructor.name}`);
  }
  if (seen.has(v)) throw invalid(path, 'the value contains a cycle');
  if (seen.size >= MAX_DEPTH) throw invalid(path, `the value is nested deeper than ${MAX_DEPTH} levels`);
  seen.add(v);
  try {
    if (Array.isArray(v)) {
      const out = [];
      const n = read(() => v.length, path);
      for (let i = 0; i < n; i++) {
        const p = `${path}[${i}]`;
        const e = read(() => v[i], p);
        if (e === undefined) throw invalid(p, 'undefined in an array');
        out.push(encode(e, p, seen));
      }
      return out;
    }
    const out = {};
    for (const k of read(() => Object.keys(v), path)) {
      const p = join(path, k);
      const e = encode(read(() => v[k], p), p, seen);
      if (e !== undefined) Object.defineProperty(out, k, { value: e, enumerable: true, writable: true, configurable: true });
    }
    return out;
  } finally {
    seen.delete(v);
  }
}

/** Runs get (a property read, which a getter or a Proxy may make throw) as invalid_argument on path. */
function read(get, path) {
  try {
    return get();
  } catch (err) {
    if (err instanceof MemcoreError) throw err;
    throw invalid(path, `reading the value threw: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * An options argument: undefined is {}, anything but a plain object is invalid. The
 * method's positional arguments (`query` of recall…) are refused as options: the one or
 * the other would be silently ignored.
 */
/** The steps of consolidate, in the order the engine runs them (core.ConsolidateSteps). */
const CONSOLIDATE_STEPS = ['extraction', 'decay', 'expired', 'fold', 'index'];

/** remember's second argument: {detailed: true} returns the whole op result. */
function detailedOption(o) {
  if (o === undefined || o === null) return false;
  if (!isObject(o)) throw invalid('options', `options is an object, got ${describe(o)}`);
  for (const k of Object.keys(o)) {
    if (k !== 'detailed') throw invalid(k, `unknown option ${JSON.stringify(k)} of remember`);
  }
  if (o.detailed !== undefined && typeof o.detailed !== 'boolean') throw invalid('detailed', `detailed is a boolean, got ${describe(o.detailed)}`);
  return o.detailed === true;
}

function options(o, name = 'options', positional = []) {
  if (o === undefined || o === null) return {};
  if (!isObject(o)) throw invalid(name, `${name} is an object, got ${describe(o)}`);
  if (Object.hasOwn(o, 'namespace')) {
    throw invalid('namespace', 'a Memory is bound to its namespace: use mem.withNamespace(ns) for another');
  }
  for (const k of positional) {
    if (Object.hasOwn(o, k)) throw invalid(k, `${k} is an argument of its own, not an option`);
  }
  return encode(o, '');
}

function checkString(v, field, what) {
  if (typeof v !== 'string') throw invalid(field, `${what} is a string, got ${describe(v)}`);
  return v;
}

/**
 * The session id a call takes first: appendMessages(messages) — the messages where the id
 * goes — was refused as "a session id is a string, got an array", which does not say that
 * the id was left out; the message now names the call's order.
 */
function checkSessionFirst(v, call, rest) {
  if (Array.isArray(v)) throw invalid('sessionId', `${call}(sessionId, ${rest}) takes the session id first, got an array where it goes`);
  return checkString(v, 'sessionId', 'a session id');
}

/** A chat conversation: an array of messages (OpenAI or Anthropic shape), sent as JSON. */
function checkMessages(v, field = 'messages') {
  if (!Array.isArray(v)) {
    throw invalid(field, `messages is an array of chat messages (OpenAI or Anthropic shape), got ${describe(v)}`);
  }
  return encode(v, field);
}

// ─── Snapshot bytes ─────────────────────────────────────────────────────────────────────
// The snapshot op answers the whole database as base64 inside its JSON response, and
// restore takes it back the same way. These helpers turn bytes into base64 and back in
// every runtime the package runs in (workerd and browsers have no Buffer; Node 20 has no
// Uint8Array.fromBase64).

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < B64.length; i++) B64_DECODE[B64.charCodeAt(i)] = i;

/** Standard, padded base64 of bytes (a Uint8Array). */
export function toBase64(bytes) {
  if (typeof bytes.toBase64 === 'function') return bytes.toBase64();
  if (typeof globalThis.Buffer === 'function') {
    return globalThis.Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  }
  // btoa over binary strings, 24 KiB at a time (a multiple of 3: no padding inside).
  const STEP = 3 * 8192;
  const parts = [];
  for (let i = 0; i < bytes.length; i += STEP) {
    parts.push(btoa(String.fromCharCode.apply(null, bytes.subarray(i, i + STEP))));
  }
  return parts.join('');
}

/**
 * The bytes of standard, padded base64 s (as the engine sends it). Throws on malformed
 * base64 where the runtime's own decoder does (Node's is lenient: snapshotResult also
 * checks the length), so that a broken response is never mistaken for a snapshot.
 */
export function fromBase64(s) {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(s);
  if (typeof globalThis.Buffer === 'function') {
    const b = globalThis.Buffer.from(s, 'base64');
    return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  }
  const n = s.length;
  if (n % 4 !== 0) throw new Error('malformed base64: its length is not a multiple of 4');
  const pad = n === 0 ? 0 : s.charCodeAt(n - 1) === 61 ? (s.charCodeAt(n - 2) === 61 ? 2 : 1) : 0;
  const out = new Uint8Array((n / 4) * 3 - pad);
  const at = (i) => {
    const c = s.charCodeAt(i);
    return c < 128 ? B64_DECODE[c] : -1;
  };
  let o = 0;
  for (let i = 0; i < n; i += 4) {
    const last = i + 4 === n;
    const a = at(i);
    const b = at(i + 1);
    const c = last && pad >= 2 ? 0 : at(i + 2);
    const d = last && pad >= 1 ? 0 : at(i + 3);
    if ((a | b | c | d) < 0) throw new Error(`malformed base64 at offset ${i}`);
    const v = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = v >> 16;
    if (o < out.length) out[o++] = (v >> 8) & 255;
    if (o < out.length) out[o++] = v & 255;
  }
  return out;
}

/**
 * The bytes given to restore(), as a Uint8Array over the same memory: a Uint8Array (a
 * Buffer), an ArrayBuffer, or any other ArrayBufferView. Anything else is invalid_argument
 * on field `data`, the field the engine names for a damaged snapshot.
 */
export function snapshotBytes(data) {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && data instanceof SharedArrayBuffer)) {
    return new Uint8Array(data);
  }
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  let what = describe(data);
  if (isObject(data)) what = `a ${data.constructor?.name ?? 'object'}`;
  throw invalid('data', `restore takes the bytes of a snapshot (a Uint8Array or an ArrayBuffer, as snapshot() returns them), got ${what}`);
}

/** The bytes in the result of the snapshot op ({data, bytes, schemaVersion}). */
function snapshotResult(result) {
  let bytes;
  try {
    bytes = fromBase64(result.data);
  } catch (err) {
    throw new MemcoreError('internal', `the engine's snapshot is not base64: ${err.message}`, undefined, { cause: err });
  }
  if (bytes.length !== result.bytes) {
    throw new MemcoreError('internal', `the engine's snapshot is ${bytes.length} bytes, not the ${result.bytes} it announced`);
  }
  return bytes;
}

/** The bytes of a snapshot op answered through the binary channel ({bytes, schemaVersion, binary}). */
function binarySnapshotResult(result, bytes) {
  if (!(bytes instanceof Uint8Array) || bytes.length !== result?.bytes) {
    const got = bytes instanceof Uint8Array ? `${bytes.length} bytes` : 'no bytes';
    throw new MemcoreError('internal', `the engine's binary snapshot came with ${got}, not the ${result?.bytes} it announced`);
  }
  return bytes;
}

// ─── Engine client ──────────────────────────────────────────────────────────────────────

/**
 * EngineClient sends protocol requests to one loaded wasm engine (one per process or
 * worker: the engine's host serves many databases) and answers its callbacks.
 */
export class EngineClient {
  #api;
  #next = 0;
  #dead = null; // a MemcoreError once the Go program has stopped
  /**
   * The reject functions of the requests in flight, which stop() calls. Not a race with
   * one never-settling "dead" Promise: each Promise.race([call, dead]) left a reaction on
   * dead that kept its settled race — and so each response's JSON text — alive for the
   * life of the engine (~0.3 MB per 1,000-memory remember; docs/WASM.md, "fourth round").
   */
  #inFlight = new Set();
  /** db handle → the embed function of that database. */
  embedders = new Map();
  /** db handle → the llm function of that database. */
  llms = new Map();

  /** api is the engine's { version, call(request: string): Promise<string> }. */
  constructor(api) {
    this.#api = api;
  }

  get version() {
    return this.#api.version;
  }

  get dead() {
    return this.#dead;
  }

  /** Fails every pending and later request: the wasm program has stopped. */
  stop(err) {
    if (this.#dead) return;
    this.#dead = err;
    for (const reject of this.#inFlight) reject(err);
    this.#inFlight.clear();
  }

  /** Settles as answer does, or rejects with the engine's error once it has stopped. */
  #untilStopped(answer) {
    let reject;
    const p = new Promise((res, rej) => {
      reject = rej;
      answer.then(res, rej);
    });
    this.#inFlight.add(reject);
    const done = () => this.#inFlight.delete(reject);
    p.then(done, done);
    return p;
  }

  /**
   * Sends op with args to database db (0: a host op) and returns the result or throws.
   * An open registers the host functions its args carry (openArgs) under the new handle;
   * a close drops those of its handle, whatever the engine answers.
   */
  async request(op, args, db) {
    if (op === 'close' && db) {
      try {
        return await this.#request(op, args, db);
      } finally {
        this.embedders.delete(db);
        this.llms.delete(db);
      }
    }
    const result = await this.#request(op, args, db);
    const fns = op === 'open' ? args?.[HOST_FUNCTIONS] : undefined;
    if (fns && Number.isSafeInteger(result?.db)) {
      if (fns.embed) this.embedders.set(result.db, fns.embed);
      if (fns.llm) this.llms.set(result.db, fns.llm);
    }
    return result;
  }

  /**
   * True when the engine's transport moves bytes beside the JSON (__memcore.callBytes of
   * the js build, as Node and workerd load it): snapshot() and restore() then skip base64.
   */
  get binary() {
    return typeof this.#api.callBytes === 'function';
  }

  /**
   * Sends op with args (and bytes, a Uint8Array or null) through __memcore.callBytes and
   * returns {result, bytes}: the op's result and the bytes that came back, or null.
   */
  async requestBytes(op, args, db, bytes) {
    const out = {};
    out.result = await this.#request(op, args, db, bytes ?? null, out);
    out.bytes ??= null;
    return out;
  }

  async #request(op, args, db, bytes, out) {
    if (this.#dead) throw this.#dead;
    const req = { v: 1, id: ++this.#next, op, args };
    if (db) req.db = db;
    let text;
    try {
      text = JSON.stringify(req);
    } catch (err) {
      throw invalid('args', `the request cannot be encoded as JSON: ${err.message}`);
    }
    let raw;
    if (out) {
      const r = await this.#untilStopped(this.#api.callBytes(text, bytes));
      raw = r.response;
      out.bytes = r.bytes;
    } else {
      raw = await this.#untilStopped(this.#api.call(text));
    }
    let res;
    try {
      res = JSON.parse(raw);
    } catch {
      throw new MemcoreError('internal', `the engine answered ${op} with something that is not JSON`);
    }
    if (res.ok) return res.result;
    const e = res.error || {};
    throw new MemcoreError(e.code, e.message || `${op} failed`, e.field);
  }

  /**
   * globalThis.__memcore_host for this engine: the engine's callbacks, dispatched by
   * database handle. It never throws: failures are replied as {"error":{"message"}}.
   */
  host = (db, kind, payload) => this.#host(db, kind, payload);

  async #host(db, kind, payload) {
    try {
      switch (kind) {
        case 'embed': {
          const embed = this.embedders.get(db);
          if (!embed) return reply({ error: { message: `database ${db} has no embed function` } });
          const { texts } = JSON.parse(payload);
          const vectors = await embed(texts);
          return reply({ vectors: checkVectors(vectors, texts.length) });
        }
        case 'complete': {
          const llm = this.llms.get(db);
          if (!llm) return reply({ error: { message: `database ${db} has no llm function` } });
          const text = await llm(completionRequest(JSON.parse(payload)));
          if (typeof text !== 'string') throw new Error(`llm must return the model's answer as a string, got ${describe(text)}`);
          return reply({ text });
        }
        default:
          return reply({ error: { message: `memcore's JS host does not answer ${JSON.stringify(kind)} callbacks` } });
      }
    } catch (err) {
      return reply({ error: { message: err instanceof Error ? err.message : String(err) } });
    }
  }
}

/**
 * What an llm function is called with: the engine's Completion (core.Completion), with
 * temperature and json always present so that hosts need not default them.
 */
function completionRequest(c) {
  const req = {};
  if (typeof c.system === 'string' && c.system !== '') req.system = c.system;
  req.messages = Array.isArray(c.messages) ? c.messages : [];
  if (Number.isSafeInteger(c.maxTokens) && c.maxTokens > 0) req.maxTokens = c.maxTokens;
  req.temperature = typeof c.temperature === 'number' ? c.temperature : 0;
  req.json = c.json === true;
  return req;
}

function reply(v) {
  return JSON.stringify(v);
}

/** Checks and converts what an embed function returned: n arrays (or typed arrays) of numbers. */
function checkVectors(vectors, n) {
  if (!Array.isArray(vectors)) throw new Error(`embed must return an array of ${n} vectors, got ${describe(vectors)}`);
  if (vectors.length !== n) throw new Error(`embed returned ${vectors.length} vectors for ${n} texts`);
  return vectors.map((v, i) => {
    const a = ArrayBuffer.isView(v) ? Array.from(v) : v;
    if (!Array.isArray(a) || !a.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      throw new Error(`embed: vector ${i} is not an array of finite numbers`);
    }
    return a;
  });
}

// ─── Connections and the Memory class ───────────────────────────────────────────────────

/**
 * A Connection is what one open() returned: a database handle in the engine, shared by
 * every namespace view of it. release is called once, by the first close().
 */
export class Connection {
  #closing = null;
  #inflight = new Set();

  constructor(client, db, release) {
    this.client = client;
    this.db = db;
    this.release = release;
    this.closed = false;
  }

  check() {
    if (this.closed) throw new MemcoreError('closed', 'this memcore database was closed: open() it again to use it');
  }

  /** Like call, through the client's binary channel: resolves with {result, bytes}. */
  callBytes(op, args, bytes) {
    return this.call(op, args, bytes);
  }

  async call(op, args, bytes) {
    this.check();
    const p = bytes === undefined ? this.client.request(op, args, this.db) : this.client.requestBytes(op, args, this.db, bytes);
    this.#inflight.add(p);
    try {
      return await p;
    } finally {
      this.#inflight.delete(p);
    }
  }

  close() {
    if (!this.#closing) {
      this.closed = true;
      // Let requests already sent finish (the engine would anyway) before the handle goes.
      this.#closing = Promise.allSettled([...this.#inflight]).then(() => this.release());
    }
    return this.#closing;
  }
}

/**
 * An entry's one engine (a Node process's, a page's): loaded on first use, shared by every
 * open, and loaded again after it stops. load(arg, onStop) starts it and calls onStop when
 * it stops; a load that fails is forgotten, so the next open tries again.
 */
export class EngineSlot {
  #loading = null;
  #load;
  #onStop;

  constructor(load, onStop) {
    this.#load = load;
    this.#onStop = onStop;
  }

  /** The engine, started with arg when there is none. */
  get(arg) {
    if (!this.#loading) {
      const p = this.#load(arg, () => {
        if (this.#loading === p) this.#loading = null;
        this.#onStop?.();
      });
      this.#loading = p;
      p.catch(() => {
        if (this.#loading === p) this.#loading = null;
      });
    }
    return this.#loading;
  }

  /** The engine being started or running, or null. */
  get current() {
    return this.#loading;
  }
}

/**
 * An entry's open file databases, by path. A second open of a file shares the first's
 * engine database — one connection, one page cache, and no lock contention with itself —
 * so its options must be the same: they belong to the database, not to the view. `where`
 * names the scope in errors ("process", "page").
 */
export class SharedFiles {
  #files = new Map();
  #where;

  constructor(where) {
    this.#where = where;
  }

  /** A Connection to the engine database of request.path, opened by the first caller. */
  async connect(client, request, o) {
    const path = request.path;
    const key = JSON.stringify({ ...request, path: undefined });
    let entry = this.#files.get(path);
    if (entry && entry.client === client) {
      if (entry.key !== key || entry.embed !== o.embed || entry.llm !== o.llm) {
        throw invalid('path', `${path} is already open in this ${this.#where} with other options (embed, llm, cacheKiB, readOnly, limits, scoring, quota, callbackTimeoutMs or busyTimeoutMs): close it first, or open it with the same options`);
      }
      entry.refs++;
    } else {
      entry = { client, key, embed: o.embed, llm: o.llm, refs: 1, db: 0 };
      const e = entry;
      e.ready = client.request('open', request).then(({ db }) => {
        e.db = db; // the client registered embed and llm under db
      });
      e.ready.catch(() => {
        if (this.#files.get(path) === e) this.#files.delete(path);
      });
      this.#files.set(path, e);
    }
    const shared = entry;
    try {
      await shared.ready;
    } catch (err) {
      shared.refs--;
      throw err;
    }
    return new Connection(client, shared.db, () => this.#release(path, shared));
  }

  /** Forgets the files of engines that stopped (their databases went with them). */
  dropDead() {
    for (const [path, e] of this.#files) if (e.client.dead) this.#files.delete(path);
  }

  async #release(path, entry) {
    if (--entry.refs > 0) return;
    if (this.#files.get(path) === entry) this.#files.delete(path);
    await closeDb(entry.client, entry.db);
  }
}

/** A Connection to a new in-memory database of its own (never shared). */
export async function connectMemory(client, request) {
  const { db } = await client.request('open', { ...request, path: ':memory:' }); // registers embed and llm
  return new Connection(client, db, () => closeDb(client, db));
}

async function closeDb(client, db) {
  if (client.dead) return; // the engine is gone, and its databases with it
  await client.request('close', {}, db); // drops the database's embed and llm
}

const INTERNAL = Symbol('memcore.internal');

/** Returns a Memory over conn bound to namespace (for the runtime entries, not exported). */
export function memoryView(conn, namespace) {
  return new Memory(INTERNAL, conn, namespace);
}

/**
 * Memory: one namespace of an open memcore database. Get one from open(). Every method
 * checks its arguments' JavaScript types first (invalid_argument, naming the field as the
 * engine would) and the engine checks the rest; a closed database is `closed` before
 * anything else.
 */
export class Memory {
  #conn;
  #ns;
  #documents;
  #quota;
  #scratchpad;
  #plan;
  #state;
  #tasks;

  constructor(token, conn, namespace) {
    if (token !== INTERNAL) throw new TypeError('use open() to get a Memory');
    this.#conn = conn;
    this.#ns = namespace;
  }

  get namespace() {
    return this.#ns;
  }

  get closed() {
    return this.#conn.closed;
  }

  withNamespace(namespace) {
    checkNamespace(namespace);
    this.#conn.check();
    return new Memory(INTERNAL, this.#conn, namespace);
  }

  #call(op, args) {
    return this.#conn.call(op, { ...args, namespace: this.#ns });
  }

  // ─── Memories ───────────────────────────────────────────────────────────────────────

  async remember(input, opts) {
    this.#conn.check();
    const detailed = detailedOption(opts);
    if (Array.isArray(input)) {
      const r = await this.#call('remember', { memories: encode(input, 'memories') });
      return detailed ? r : r.memories;
    }
    if (!isObject(input)) {
      throw invalid('memory', `remember takes a memory object or an array of them, got ${describe(input)}`);
    }
    const r = await this.#call('remember', { memory: encode(input, 'memory') });
    return detailed ? r : r.memories[0];
  }

  async get(id) {
    this.#conn.check();
    const r = await this.#call('get', { id: checkString(id, 'id', 'an id') });
    return r.memory;
  }

  async list(filter) {
    this.#conn.check();
    const r = await this.#call('list', options(filter, 'filter'));
    return { memories: r.memories, nextCursor: r.nextCursor || undefined };
  }

  async update(id, patch, opts) {
    this.#conn.check();
    checkString(id, 'id', 'an id');
    if (!isObject(patch)) throw invalid('patch', `update takes a patch object, got ${describe(patch)}`);
    const { detailed, ...rest } = options(opts, 'options', ['id', 'patch']);
    if (detailed !== undefined && typeof detailed !== 'boolean') throw invalid('detailed', `detailed is a boolean, got ${describe(detailed)}`);
    const r = await this.#call('update', { ...rest, id, patch: encode(patch, 'patch') });
    return detailed ? r : r.memory;
  }

  async forget(target, opts) {
    this.#conn.check();
    const o = options(opts, 'options', ['id', 'ids', 'filter']);
    let what;
    if (typeof target === 'string') what = { id: target };
    else if (Array.isArray(target)) what = { ids: encode(target, 'ids') };
    else if (isObject(target)) what = { filter: encode(target, 'filter') };
    else throw invalid('id', `forget takes an id, an array of ids or a filter, got ${describe(target)}`);
    return this.#call('forget', { ...o, ...what });
  }

  async history(id) {
    this.#conn.check();
    return (await this.#call('history', { id: checkString(id, 'id', 'an id') })).history;
  }

  async recall(query, opts) {
    this.#conn.check();
    checkString(query, 'query', 'a query');
    return (await this.#call('recall', { ...options(opts, 'options', ['query']), query })).hits;
  }

  async stats() {
    this.#conn.check();
    return this.#call('stats', {});
  }

  // ─── Conversations ──────────────────────────────────────────────────────────────────

  async appendTurns(sessionId, turns) {
    this.#conn.check();
    checkSessionFirst(sessionId, 'appendTurns', 'turns');
    if (!Array.isArray(turns)) throw invalid('turns', `appendTurns takes an array of turns, got ${describe(turns)}`);
    return (await this.#call('appendTurns', { sessionId, turns: encode(turns, 'turns') })).turns;
  }

  async searchTurns(query, opts) {
    this.#conn.check();
    checkString(query, 'query', 'a query');
    return (await this.#call('searchTurns', { ...options(opts, 'options', ['query']), query })).hits;
  }

  /** extractFacts op: the result as the engine returns it (docs/FACTS.md). */
  async extractFacts(messages, opts) {
    this.#conn.check();
    const m = checkMessages(messages);
    return this.#call('extractFacts', { ...options(opts, 'options', ['messages']), messages: m });
  }

  /**
   * consolidate op: the daily upkeep (retries, decay, sweep, fold, index). With
   * onProgress the steps run one request each, and onProgress({step, index, total,
   * result}) is called after each with that step's result; the merged result is returned.
   */
  async consolidate(opts) {
    this.#conn.check();
    const { onProgress, ...o } = isObject(opts) ? opts : { onProgress: undefined, ...options(opts) };
    if (onProgress === undefined) return this.#call('consolidate', options(o));
    if (typeof onProgress !== 'function') throw invalid('onProgress', `onProgress is a function ({step, index, total, result}) => void, got ${describe(onProgress)}`);
    const args = options(o);
    const steps = args.steps === undefined ? CONSOLIDATE_STEPS : args.steps;
    if (!Array.isArray(steps)) throw invalid('steps', `steps is an array of step names, got ${describe(steps)}`);
    const todo = steps.length ? CONSOLIDATE_STEPS.filter((s) => steps.includes(s)) : CONSOLIDATE_STEPS;
    const unknown = steps.findIndex((s) => !CONSOLIDATE_STEPS.includes(s));
    if (unknown >= 0) throw invalid(`steps[${unknown}]`, `${JSON.stringify(steps[unknown])} is not one of ${CONSOLIDATE_STEPS.join(', ')}`);
    let merged = null;
    for (const [index, step] of todo.entries()) {
      const result = await this.#call('consolidate', { ...args, steps: [step] });
      if (merged === null) merged = { ...result, steps: [] };
      else {
        for (const k of Object.keys(result)) {
          if (k === 'steps' || k === 'plan') continue;
          if (typeof result[k] === 'number' && k !== 'pending') merged[k] = (merged[k] || 0) + result[k];
          else if (merged[k] === undefined || k === 'pending') merged[k] = result[k];
        }
        if (result.plan) merged.plan = [...(merged.plan || []), ...result.plan];
      }
      merged.steps.push(step);
      await onProgress({ step, index, total: todo.length, result });
    }
    return merged;
  }

  /** compact op: {messages (in the shape given), report} (docs/COMPACTION.md). */
  async compact(messages, opts) {
    this.#conn.check();
    const m = checkMessages(messages);
    return this.#call('compact', { ...options(opts, 'options', ['messages']), messages: m });
  }

  /** buildContext op: {messages, system, shape, recalled, report} (docs/CONTEXT.md). */
  async buildContext(opts) {
    this.#conn.check();
    if (!isObject(opts)) {
      throw invalid('options', `buildContext takes an options object {sessionId, messages, budgetTokens, …}, got ${describe(opts)}`);
    }
    if (opts.sessionId !== undefined) checkString(opts.sessionId, 'sessionId', 'a session id');
    if (opts.messages !== undefined) checkMessages(opts.messages);
    return this.#call('buildContext', options(opts));
  }

  /** endSession op: {episode, by}. */
  async endSession(sessionId) {
    this.#conn.check();
    return this.#call('endSession', { sessionId: checkString(sessionId, 'sessionId', 'a session id') });
  }

  /** episodes.list op: the episodes, oldest first. */
  async episodes(opts) {
    this.#conn.check();
    return (await this.#call('episodes.list', options(opts))).episodes;
  }

  // ─── Documents and working memory ───────────────────────────────────────────────────

  /** quota.* ops: the namespace's own quota (maxMemories, maxBytes, onExceed) and its usage. */
  get quota() {
    return (this.#quota ??= Object.freeze({
      get: async () => {
        this.#conn.check();
        return this.#call('quota.get', {});
      },
      set: async (quota) => {
        this.#conn.check();
        if (quota !== null && !isObject(quota)) throw invalid('quota', `quota is an object {maxMemories, maxBytes, onExceed} or null, got ${describe(quota)}`);
        return this.#call('quota.set', { quota: quota === null ? null : encode(quota, 'quota') });
      },
    }));
  }

  get documents() {
    return (this.#documents ??= Object.freeze({
      get: async (name) => {
        this.#conn.check();
        return this.#call('documents.get', { name: checkString(name, 'name', 'a document name') });
      },
      set: async (name, content) => {
        this.#conn.check();
        checkString(name, 'name', 'a document name');
        return this.#call('documents.set', { name, content: checkString(content, 'content', 'a document\'s content') });
      },
      list: async () => {
        this.#conn.check();
        return (await this.#call('documents.list', {})).documents;
      },
      delete: async (name) => {
        this.#conn.check();
        return this.#call('documents.delete', { name: checkString(name, 'name', 'a document name') });
      },
    }));
  }

  get scratchpad() {
    return (this.#scratchpad ??= Object.freeze({
      set: async (sessionId, key, value) => {
        this.#conn.check();
        checkString(sessionId, 'sessionId', 'a session id');
        checkString(key, 'key', 'a scratchpad key');
        return this.#call('scratchpad.set', { sessionId, key, value: checkString(value, 'value', 'a scratchpad value') });
      },
      get: async (sessionId, key) => {
        this.#conn.check();
        checkString(sessionId, 'sessionId', 'a session id');
        return this.#call('scratchpad.get', { sessionId, key: checkString(key, 'key', 'a scratchpad key') });
      },
      list: async (sessionId) => {
        this.#conn.check();
        checkString(sessionId, 'sessionId', 'a session id');
        return (await this.#call('scratchpad.list', { sessionId })).entries;
      },
      delete: async (sessionId, key) => {
        this.#conn.check();
        checkString(sessionId, 'sessionId', 'a session id');
        return this.#call('scratchpad.delete', { sessionId, key: checkString(key, 'key', 'a scratchpad key') });
      },
    }));
  }

  get plan() {
    return (this.#plan ??= Object.freeze({
      set: async (sessionId, plan) => {
        this.#conn.check();
        checkString(sessionId, 'sessionId', 'a session id');
        if (!isObject(plan)) throw invalid('plan', `plan.set takes a plan {goal, steps: [{title, status?}]}, got ${describe(plan)}`);
        if (Object.hasOwn(plan, 'sessionId')) throw invalid('sessionId', 'the session id is the first argument of plan.set, not a field of the plan');
        return this.#call('plan.set', { ...options(plan, 'plan'), sessionId });
      },
      get: async (sessionId) => {
        this.#conn.check();
        return this.#call('plan.get', { sessionId: checkString(sessionId, 'sessionId', 'a session id') });
      },
      updateStep: async (sessionId, index, status) => {
        this.#conn.check();
        checkString(sessionId, 'sessionId', 'a session id');
        if (!Number.isSafeInteger(index)) throw invalid('index', `a step index is an integer (0-based), got ${describe(index)}`);
        return this.#call('plan.updateStep', { sessionId, index, status: checkString(status, 'status', 'a step status') });
      },
    }));
  }

  get state() {
    return (this.#state ??= Object.freeze({
      set: async (sessionId, state) => {
        this.#conn.check();
        checkString(sessionId, 'sessionId', 'a session id');
        return this.#call('state.set', { sessionId, state: checkString(state, 'state', 'a business state') });
      },
      get: async (sessionId) => {
        this.#conn.check();
        return this.#call('state.get', { sessionId: checkString(sessionId, 'sessionId', 'a session id') });
      },
    }));
  }

  // ─── Agent glue: chat messages, tools, tasks, routing, export/import ─────────────────

  /** appendMessages op: OpenAI or Anthropic messages, as they are, stored as turns. */
  async appendMessages(sessionId, messages) {
    this.#conn.check();
    checkSessionFirst(sessionId, 'appendMessages', 'messages');
    return (await this.#call('appendMessages', { sessionId, messages: checkMessages(messages) })).turns;
  }

  /** Tool definitions (JSON Schema) that let the model use this memory (tools.js). */
  memoryTools(opts) {
    return toolDefinitions(opts);
  }

  /** Runs one tool call of the model; the tool-result message in the call's shape. */
  async handleToolCall(call, opts) {
    this.#conn.check();
    const o = options(opts, 'options');
    for (const k of Object.keys(o)) {
      if (k !== 'sessionId' && k !== 'ops') throw invalid(k, `unknown option ${JSON.stringify(k)}`);
    }
    if (o.sessionId !== undefined) checkString(o.sessionId, 'sessionId', 'a session id');
    return runToolCall(this, call, o);
  }

  /** route op: which layer a text or a chat message belongs to. */
  async route(textOrMessage) {
    this.#conn.check();
    if (typeof textOrMessage === 'string') return this.#call('route', { text: textOrMessage });
    if (isObject(textOrMessage)) return this.#call('route', { message: encode(textOrMessage, 'message') });
    throw invalid('text', `route takes a text or a chat message, got ${describe(textOrMessage)}`);
  }

  get tasks() {
    return (this.#tasks ??= Object.freeze({
      create: async (task) => {
        this.#conn.check();
        if (!isObject(task)) throw invalid('task', `tasks.create takes {title, description?, blockedBy?, status?, sessionId?}, got ${describe(task)}`);
        return (await this.#call('tasks.create', options(task, 'task'))).task;
      },
      get: async (id) => {
        this.#conn.check();
        return (await this.#call('tasks.get', { id: checkString(id, 'id', 'a task id') })).task;
      },
      update: async (id, patch) => {
        this.#conn.check();
        checkString(id, 'id', 'a task id');
        if (!isObject(patch)) throw invalid('patch', `tasks.update takes a patch {status?, title?, blockedBy?, …}, got ${describe(patch)}`);
        return this.#call('tasks.update', { ...options(patch, 'patch', ['id']), id });
      },
      delete: async (id) => {
        this.#conn.check();
        return this.#call('tasks.delete', { id: checkString(id, 'id', 'a task id') });
      },
      list: async (filter) => {
        this.#conn.check();
        return (await this.#call('tasks.list', options(filter, 'filter'))).tasks;
      },
      ready: async () => {
        this.#conn.check();
        return (await this.#call('tasks.list', { ready: true })).tasks;
      },
    }));
  }

  /**
   * export op: {format, data} (JSON Lines) or {format, files} (Markdown). onProgress, when
   * given, hears {phase: 'export' | 'done', …}.
   */
  async export(opts) {
    this.#conn.check();
    const { onProgress, ...o } = opts ?? {};
    if (onProgress !== undefined && typeof onProgress !== 'function') throw invalid('onProgress', 'onProgress is a function');
    onProgress?.({ phase: 'export' });
    const r = await this.#call('export', options(o));
    onProgress?.({ phase: 'done', counts: r.counts });
    return { ...r, data: r.data ?? undefined, files: r.files ?? undefined };
  }

  /**
   * import op: checks everything first (a dry run), then writes all or nothing. data: JSON
   * Lines (string, bytes, Blob/File) or a Markdown folder ([{path, content}] or Files).
   */
  async import(data, opts) {
    this.#conn.check();
    const { onProgress, ...rest } = opts ?? {};
    if (onProgress !== undefined && typeof onProgress !== 'function') throw invalid('onProgress', 'onProgress is a function');
    const o = options(rest, 'options', ['data', 'files', 'format']);
    const args = { ...o, ...(await importArgs(data)) };
    onProgress?.({ phase: 'check' });
    const checked = await this.#call('import', { ...args, dryRun: true });
    if (o.dryRun) {
      onProgress?.({ phase: 'done', report: checked });
      return checked;
    }
    onProgress?.({ phase: 'write', report: checked });
    const r = await this.#call('import', args);
    onProgress?.({ phase: 'done', report: r });
    return r;
  }

  // ─── Snapshots ──────────────────────────────────────────────────────────────────────

  /** snapshot op: the whole database (every namespace) as the bytes of an SQLite file. */
  async snapshot() {
    this.#conn.check();
    if (this.#conn.client.binary) {
      // Node and workerd: the bytes come beside the JSON (args binary: true), not as base64.
      const { result, bytes } = await this.#conn.callBytes('snapshot', { namespace: this.#ns, binary: true }, null);
      return binarySnapshotResult(result, bytes);
    }
    return snapshotResult(await this.#call('snapshot', {}));
  }

  /** restore op: replaces the whole database with a snapshot's bytes, after checking them. */
  async restore(data) {
    this.#conn.check();
    const bytes = snapshotBytes(data);
    if (this.#conn.client.binary) {
      return (await this.#conn.callBytes('restore', { namespace: this.#ns, binary: true }, bytes)).result;
    }
    return this.#call('restore', { data: toBase64(bytes) });
  }

  close() {
    return this.#conn.close();
  }
}
