// The client that speaks the JSON protocol (docs/PROTOCOL.md) to one loaded wasm engine
// and answers its callbacks (moved from memory.js).

import { MemcoreError, invalid } from './errors.js';
import { HOST_FUNCTIONS } from './options.js';
import { describe } from './values.js';

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
