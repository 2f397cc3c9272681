// The values the API is given: JavaScript types checked and encoded as the engine reads
// them (invalid_argument naming the field), and the argument checks of Memory's methods
// (moved from memory.js).

import { MemcoreError, invalid } from './errors.js';

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

/**
 * invalid_argument on path whose message starts with the path ("since: an invalid Date"),
 * as the engine's do: a developer reads e.message first, and "an invalid Date" did not say
 * which option it was (issue 9).
 */
function bad(path, message) {
  return invalid(path, path ? `${path}: ${message}` : message);
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
      if (!Number.isFinite(v)) throw bad(path, `expected a finite number, got ${v}`);
      return v;
    case 'bigint':
      throw bad(path, 'a BigInt cannot be sent: use a number');
    case 'function':
    case 'symbol':
      throw bad(path, `expected a JSON value, got a ${typeof v}`);
  }
  if (v === null) return null;
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) throw bad(path, 'an invalid Date');
    return v.toISOString();
  }
  if (v instanceof Map || v instanceof Set || ArrayBuffer.isView(v) || v instanceof ArrayBuffer) {
    throw bad(path, `expected a plain object or array, got a ${v.constructor.name}`);
  }
  if (seen.has(v)) throw bad(path, 'the value contains a cycle');
  if (seen.size >= MAX_DEPTH) throw bad(path, `the value is nested deeper than ${MAX_DEPTH} levels`);
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
    throw bad(path, `reading the value threw: ${err instanceof Error ? err.message : String(err)}`);
  }
}

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

/**
 * An options argument: undefined is {}, anything but a plain object is invalid. The
 * method's positional arguments (`query` of recall…) are refused as options: the one or
 * the other would be silently ignored.
 */
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

export { CONSOLIDATE_STEPS, checkMessages, checkSessionFirst, checkString, describe, detailedOption, isObject, options };
