// open()'s options shared by every runtime entry: the engine's limits and recall weights
// with their defaults, the checks of the options, and their wire form (moved from memory.js).

import { invalid } from './errors.js';
import { describe, isObject } from './values.js';

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

export { HOST_FUNCTIONS };
