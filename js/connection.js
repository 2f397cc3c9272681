// What open() returns beneath a Memory: a Connection to an engine database, the entry's
// one engine (EngineSlot) and its open files shared by path (moved from memory.js).

import { MemcoreError, invalid } from './errors.js';

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
