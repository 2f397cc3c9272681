// memcore in a Cloudflare Worker: one Durable Object per memory owner (a user, an agent),
// each keeping that owner's memcore database in the object's own SQLite storage, page by
// page (open({ storage: ctx.storage })). MEMCORE_STORAGE=snapshot keeps the earlier way
// instead — the database in memory, stored as chunked snapshots — for comparison
// (bench.mjs) and migration: a page-stored owner that finds a stored snapshot and no pages
// imports it on first use. See README.md.
//
//   POST   /owners/:owner/remember       a memory {content, type?, tags?, …} or an array (≤ 1,000)
//   GET    /owners/:owner/recall?q=…&limit=5[&types=a,b][&tags=a,b][&explain=1][&peek=1]
//   POST   /owners/:owner/recall         {query, limit?, types?, tags?, since?, until?, explain?, peek?}
//   POST   /owners/:owner/forget         {id} | {ids: […]} | {filter: {…}}, purge?
//   GET    /owners/:owner/memories[?limit=&cursor=]   list, newest first
//   GET    /owners/:owner/memories/:id
//   DELETE /owners/:owner/memories/:id[?purge=1]
//   GET    /owners/:owner/stats           counts, snapshot size, isolate memory
//   GET    /owners/:owner/snapshot        the database (application/vnd.sqlite3): a backup
//   PUT    /owners/:owner/snapshot        replace the database with a backup (checked first)
//
// Every answer is JSON (but GET snapshot); errors are {"error":{"code","message","field"}}
// with a 4xx status for a bad request and 5xx only for a failure of the Worker itself.

import { MemcoreError, open, storageIOCounts, wasmMemoryBytes } from 'memcore';
import { SnapshotStore, SnapshotStoreError } from './store.js';

const OWNER = /^[A-Za-z0-9._~@-]{1,128}$/;
const MAX_BODY_BYTES = 8 << 20; // remember batches, queries; a snapshot upload may be larger
const MAX_SNAPSHOT_UPLOAD = 64 << 20;
// Recall counts as access (memories recalled often rank higher): those counts are kept in
// memory and persisted by an alarm at most this long after a recall, not on every recall.
const DEFAULT_HEAT_FLUSH_SECONDS = 30;
// How long a snapshot download may hold the object's other requests (pages: #streamPages).
const STREAM_HOLD_MS = 60_000;

// ─── The Worker: authentication and routing to the owner's Durable Object ───────────────

export default {
  async fetch(request, env) {
    try {
      const url = new URL(request.url);
      if (url.pathname === '/' || url.pathname === '') {
        return json(200, { service: 'memcore', routes: ROUTES });
      }
      const m = /^\/owners\/([^/]+)(\/.*)?$/.exec(url.pathname);
      if (!m) throw httpError(404, 'not_found', `no route ${url.pathname}: see GET / for the routes`);
      if (env.API_TOKEN && !(await authorized(request, env.API_TOKEN))) {
        return json(401, { error: { code: 'unauthorized', message: 'missing or wrong bearer token (Authorization: Bearer …)' } }, { 'www-authenticate': 'Bearer' });
      }
      let owner;
      try {
        owner = decodeURIComponent(m[1]);
      } catch {
        owner = '';
      }
      if (!OWNER.test(owner)) {
        throw httpError(400, 'invalid_argument', 'an owner is 1 to 128 of A-Z a-z 0-9 . _ ~ @ -', 'owner');
      }
      const stub = env.MEMORY_OWNER.get(env.MEMORY_OWNER.idFromName(owner));
      return await stub.fetch(request);
    } catch (err) {
      return errorResponse(err);
    }
  },
};

const ROUTES = [
  'POST /owners/:owner/remember',
  'GET /owners/:owner/recall?q=…',
  'POST /owners/:owner/recall',
  'POST /owners/:owner/forget',
  'GET /owners/:owner/memories',
  'GET /owners/:owner/memories/:id',
  'DELETE /owners/:owner/memories/:id',
  'GET /owners/:owner/stats',
  'GET /owners/:owner/snapshot',
  'PUT /owners/:owner/snapshot',
];

async function authorized(request, token) {
  const got = request.headers.get('authorization') ?? '';
  const m = /^Bearer\s+(.+)$/i.exec(got);
  if (!m) return false;
  // Compare digests, so that the time taken says nothing about the token.
  const enc = new TextEncoder();
  const [a, b] = await Promise.all([
    crypto.subtle.digest('SHA-256', enc.encode(m[1])),
    crypto.subtle.digest('SHA-256', enc.encode(token)),
  ]);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}

// ─── The Durable Object: one owner's memory ─────────────────────────────────────────────

export class MemoryOwner {
  constructor(ctx, env) {
    this.ctx = ctx;
    this.env = env;
    this.store = new SnapshotStore(ctx.storage);
    // 'pages' (the default): the database in the object's SQLite storage, a row per page;
    // 'snapshot': the database in memory, stored whole as chunked snapshots.
    this.mode = env.STORAGE_MODE === 'snapshot' ? 'snapshot' : 'pages';
    // Benchmarks only: the page size of databases created from now on (bench-scale.mjs).
    if (Number(env.PAGE_BYTES) > 0) globalThis.__memcore_dovfs_bench = { pageBytes: Number(env.PAGE_BYTES) };
    this.closing = null; // the close of a database dropped after an engine failure
    // Tests only (TEST_FAULTS=1): count the storage transactions and make some fail.
    this.faults = env.TEST_FAULTS === '1' ? { commits: 0, failCommits: 0 } : null;
    this.mem = null; // the open memcore database, once loaded
    this.loading = null;
    this.persistQueue = Promise.resolve();
    this.pendingPersist = null;
    this.heatFlush = Number(env.HEAT_FLUSH_SECONDS) > 0 ? Number(env.HEAT_FLUSH_SECONDS) : DEFAULT_HEAT_FLUSH_SECONDS;
    this.loadedFrom = null; // what the first load found: { bytes, chunks, ms } or 'empty'
    this.heatScheduled = false;
    this.lastPersist = null; // { bytes, chunks, chunksWritten, savedAt } of the last write to storage
  }

  /** The owner's database: opened, and filled from storage, on first use. */
  load() {
    if (!this.loading) {
      this.loading = this.#load().catch((err) => {
        this.loading = null; // the next request tries again (storage may have been fixed)
        throw err;
      });
    }
    return this.loading;
  }

  async #load() {
    if (this.mode === 'pages') return this.#loadPages();
    const t0 = Date.now();
    const mem = await open({ path: ':memory:' });
    let stored;
    try {
      stored = await this.store.read();
    } catch (err) {
      await mem.close();
      if (err instanceof SnapshotStoreError) {
        throw httpError(500, 'storage', `${err.message}. Nothing was changed; PUT /owners/:owner/snapshot with a backup replaces it`);
      }
      throw err;
    }
    if (stored) {
      try {
        await mem.restore(stored.bytes);
      } catch (err) {
        await mem.close();
        // A snapshot that was stored but that memcore refuses is damage on our side, not a
        // bad request: keep it for inspection and say what is wrong.
        throw httpError(500, 'storage', `the stored snapshot cannot be restored: ${err.message}. Nothing was changed; PUT /owners/:owner/snapshot with a backup replaces it`);
      }
    }
    this.loadedFrom = stored ? { bytes: stored.meta.bytes, chunks: stored.meta.chunks, ms: Date.now() - t0 } : 'empty';
    this.mem = mem;
    return mem;
  }

  /**
   * Opens the owner's database in the object's storage. Only the pages its queries touch
   * are read. An owner stored by the snapshot way (an earlier version of this Worker) is
   * imported on first use: restored page by page, then its snapshot keys are deleted.
   */
  async #loadPages() {
    const t0 = Date.now();
    await this.closing;
    const fresh = !this.#pagesStored();
    const cacheKiB = Number(this.env.CACHE_KIB) > 0 ? Number(this.env.CACHE_KIB) : undefined;
    const mem = await open({ storage: this.faults ? this.#faultyStorage() : this.ctx.storage, cacheKiB });
    this.loadedFrom = { pages: true, ms: Date.now() - t0 };
    if (fresh) {
      let stored = null;
      try {
        stored = await this.store.read();
      } catch (err) {
        if (!(err instanceof SnapshotStoreError)) throw err;
      }
      if (stored) {
        try {
          await mem.restore(stored.bytes);
        } catch (err) {
          await mem.close();
          throw httpError(500, 'storage', `the stored snapshot cannot be imported: ${err.message}. PUT /owners/:owner/snapshot with a backup replaces it`);
        }
        await this.store.clear();
        this.loadedFrom = { pages: true, importedSnapshot: { bytes: stored.meta.bytes }, ms: Date.now() - t0 };
      }
    }
    this.mem = mem;
    return mem;
  }

  /**
   * Tests only: the object's storage, whose transactionSync counts the transactions memcore
   * commits and throws, as a storage failure would, while faults.failCommits > 0.
   */
  #faultyStorage() {
    const storage = this.ctx.storage;
    const faults = this.faults;
    return {
      sql: storage.sql,
      transactionSync(fn) {
        if (faults.failCommits > 0) {
          faults.failCommits--;
          throw new Error('injected storage failure (TEST_FAULTS)');
        }
        faults.commits++;
        return storage.transactionSync(fn);
      },
    };
  }

  /**
   * GET …/snapshot with pages: the stored pages as they are, streamed straight from the
   * object's storage (64 pages per read), so that a backup of any size passes through the
   * isolate a few hundred KiB at a time instead of as a copy of the whole database (which
   * the engine's snapshot() makes). Every commit of the engine is in storage by the time a
   * request ends, so the pages are the database; the requests that come while it streams
   * wait for it (for at most STREAM_HOLD_MS, should the client stop reading).
   */
  async #streamPages() {
    // Let the requests already running end first: they may still commit.
    while (this.active > 1) await new Promise((r) => setTimeout(r, 5));
    const sql = this.ctx.storage.sql;
    const file = sql.exec("SELECT size, page_bytes FROM memcore_files WHERE file = 'memcore.db'").toArray()[0];
    if (!file) throw httpError(404, 'not_found', 'this owner has no database yet');
    const { size, page_bytes: pageBytes } = file;
    const pages = Math.ceil(size / pageBytes);
    let release;
    this.downloading = new Promise((r) => (release = r));
    const hold = setTimeout(() => done(), STREAM_HOLD_MS);
    const done = () => {
      clearTimeout(hold);
      this.downloading = null;
      release();
    };
    let next = 0;
    const body = new ReadableStream({
      type: 'bytes',
      pull(controller) {
        if (next >= pages) {
          controller.close();
          done();
          return;
        }
        const last = Math.min(pages, next + 64);
        const buf = new Uint8Array((last - next) * pageBytes); // a page never written reads as zeros
        for (const row of sql.exec("SELECT page, data FROM memcore_pages WHERE file = 'memcore.db' AND page >= ? AND page < ?", next, last)) {
          buf.set(new Uint8Array(row.data), (row.page - next) * pageBytes);
        }
        controller.enqueue(buf.subarray(0, Math.min(buf.length, size - next * pageBytes)));
        next = last;
      },
      cancel: done,
    });
    return new Response(body, {
      headers: {
        'content-type': 'application/vnd.sqlite3',
        'content-disposition': 'attachment; filename="memcore.db"',
        'content-length': String(size),
      },
    });
  }

  /** Whether the object's storage has the database's pages (see memcore's js/do-storage.js). */
  #pagesStored() {
    try {
      return this.ctx.storage.sql.exec("SELECT 1 FROM memcore_files WHERE file = 'memcore.db'").toArray().length > 0;
    } catch {
      return false; // no such table yet
    }
  }

  /** What the database takes in the object's storage: its pages and their bytes. */
  #pagesUsage() {
    const row = this.ctx.storage.sql
      .exec("SELECT count(*) AS pages, coalesce(sum(length(data)), 0) AS bytes FROM memcore_pages WHERE file = 'memcore.db'")
      .toArray()[0];
    return { pages: row.pages, bytes: row.bytes, databaseSize: this.ctx.storage.sql.databaseSize };
  }

  /**
   * Writes the database to storage. Persists are serialised, and a persist that has not
   * started yet is shared: its snapshot, taken when it starts, has every write before it.
   */
  persist() {
    if (!this.pendingPersist) {
      const p = this.persistQueue.then(async () => {
        if (this.pendingPersist === p) this.pendingPersist = null;
        const mem = this.mem;
        if (!mem) return null; // reset after an engine failure: storage has the last good state
        const bytes = await mem.snapshot();
        const { meta, chunksWritten } = await this.store.write(bytes);
        this.lastPersist = { bytes: meta.bytes, chunks: meta.chunks, chunksWritten, savedAt: meta.savedAt };
        return this.lastPersist;
      });
      this.pendingPersist = p;
      this.persistQueue = p.catch(() => {});
    }
    return this.pendingPersist;
  }

  /** A write: run it, then persist before answering, so a 200 means it is durable. */
  async write(fn) {
    const mem = await this.load();
    const result = await fn(mem);
    // Pages: the engine's commit was the storage transaction; workerd's output gate holds
    // this answer until that transaction is on disk.
    if (this.mode === 'pages') return result;
    try {
      await this.persist();
    } catch (err) {
      throw httpError(503, 'storage', `the change was made in memory but could not be stored (${err.message}); it is stored with the next write that succeeds`);
    }
    return result;
  }

  /** After a recall: persist the access counts it made, within heatFlush seconds. */
  async scheduleHeatFlush() {
    if (this.heatScheduled) return;
    this.heatScheduled = true;
    if ((await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.setAlarm(Date.now() + this.heatFlush * 1000);
    }
  }

  async alarm() {
    this.heatScheduled = false;
    if (this.mode === 'snapshot') {
      if (this.mem) await this.persist();
      return;
    }
    // Pages: the engine keeps recall's access counts in memory until its next write
    // transaction (or 256 of them); closing the database writes them. With a request in
    // flight, try again in a second; the next request opens the database again, cold.
    while (this.downloading) await this.downloading;
    if (!this.mem) return;
    if (this.active > 0) {
      this.heatScheduled = true;
      await this.ctx.storage.setAlarm(Date.now() + 1000);
      return;
    }
    const mem = this.mem;
    this.mem = null;
    this.loading = null;
    this.closing = mem.close().catch(() => {});
    await this.closing;
  }

  async fetch(request) {
    this.active = (this.active ?? 0) + 1;
    try {
      return await this.#route(request);
    } catch (err) {
      if (err instanceof MemcoreError && err.code === 'internal' && this.mem) {
        // A bug, or the isolate's wasm engine stopped (every database in it is gone):
        // start over from storage on the next request. Writes answered 200 are stored.
        const mem = this.mem;
        this.mem = null;
        this.loading = null;
        this.store = new SnapshotStore(this.ctx.storage);
        this.closing = mem.close().catch(() => {});
      }
      return errorResponse(err);
    } finally {
      this.active--;
    }
  }

  async #route(request) {
    // While a download streams the stored pages, nothing else runs (see #streamPages).
    while (this.downloading) await this.downloading;
    const url = new URL(request.url);
    const rest = /^\/owners\/[^/]+(\/.*)?$/.exec(url.pathname)?.[1] ?? '';
    const method = request.method;
    const q = url.searchParams;

    if (rest === '/remember') {
      allow(method, ['POST']);
      const body = await readJSON(request);
      if (body === null || typeof body !== 'object') {
        throw httpError(400, 'invalid_argument', 'the body is a memory object ({"content": "…"}) or an array of them', 'body');
      }
      const stored = await this.write((mem) => mem.remember(body));
      return json(200, { memories: Array.isArray(stored) ? stored : [stored] });
    }

    if (rest === '/recall') {
      allow(method, ['GET', 'POST']);
      let query, opts;
      if (method === 'GET') {
        query = q.get('q') ?? q.get('query');
        opts = {
          limit: intParam(q, 'limit'),
          types: listParam(q, 'types'),
          tags: listParam(q, 'tags'),
          since: q.get('since') ?? undefined,
          until: q.get('until') ?? undefined,
          explain: boolParam(q, 'explain'),
          peek: boolParam(q, 'peek'),
        };
        if (query === null) throw httpError(400, 'invalid_argument', 'recall needs a query: ?q=…', 'query');
      } else {
        const body = await readJSON(request);
        if (body === null || typeof body !== 'object' || Array.isArray(body)) {
          throw httpError(400, 'invalid_argument', 'the body is an object {"query": "…", "limit"?: n, …}', 'body');
        }
        ({ query, ...opts } = body);
      }
      const mem = await this.load();
      const hits = await mem.recall(query, opts);
      if (hits.length && !opts.peek) await this.scheduleHeatFlush();
      return json(200, { hits });
    }

    if (rest === '/forget') {
      allow(method, ['POST']);
      const body = await readJSON(request);
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw httpError(400, 'invalid_argument', 'the body is {"id": …}, {"ids": […]} or {"filter": {…}}, with "purge"?: true', 'body');
      }
      const { id, ids, filter, purge, ...extra } = body;
      const unknown = Object.keys(extra)[0];
      if (unknown !== undefined) throw httpError(400, 'invalid_argument', `unknown field ${JSON.stringify(unknown)}`, unknown);
      const given = [id, ids, filter].filter((x) => x !== undefined).length;
      if (given !== 1) throw httpError(400, 'invalid_argument', 'give exactly one of id, ids, filter', 'id');
      const target = id ?? ids ?? filter;
      if (id !== undefined && typeof id !== 'string') throw httpError(400, 'invalid_argument', 'id is a string', 'id');
      if (ids !== undefined && !Array.isArray(ids)) throw httpError(400, 'invalid_argument', 'ids is an array of strings', 'ids');
      if (filter !== undefined && (filter === null || typeof filter !== 'object' || Array.isArray(filter))) {
        throw httpError(400, 'invalid_argument', 'filter is an object', 'filter');
      }
      const result = await this.write((mem) => mem.forget(target, purge === undefined ? undefined : { purge }));
      return json(200, result);
    }

    if (rest === '/memories') {
      allow(method, ['GET']);
      const mem = await this.load();
      return json(200, await mem.list({ limit: intParam(q, 'limit'), cursor: q.get('cursor') ?? undefined }));
    }

    const one = /^\/memories\/([^/]+)$/.exec(rest);
    if (one) {
      allow(method, ['GET', 'DELETE']);
      const id = decodeURIComponent(one[1]);
      if (method === 'GET') {
        const mem = await this.load();
        return json(200, { memory: await mem.get(id) });
      }
      const purge = boolParam(q, 'purge');
      return json(200, await this.write((mem) => mem.forget(id, purge ? { purge } : undefined)));
    }

    if (rest === '/test-faults' && this.faults) {
      allow(method, ['GET', 'POST']);
      if (method === 'POST') Object.assign(this.faults, await readJSON(request));
      return json(200, this.faults);
    }

    if (rest === '/stats') {
      allow(method, ['GET']);
      const mem = await this.load();
      const meta = this.store.meta;
      if (this.mode === 'pages') {
        return json(200, {
          stats: await mem.stats(),
          storage: { mode: 'pages', ...this.#pagesUsage(), isolateIO: storageIOCounts() },
          loadedFrom: this.loadedFrom,
          isolate: { wasmMemoryBytes: wasmMemoryBytes() },
        });
      }
      return json(200, {
        stats: await mem.stats(),
        storage: meta ? { bytes: meta.bytes, chunks: meta.chunks, chunkBytes: meta.chunkBytes, savedAt: meta.savedAt } : null,
        lastPersist: this.lastPersist,
        loadedFrom: this.loadedFrom,
        isolate: { wasmMemoryBytes: wasmMemoryBytes() },
      });
    }

    if (rest === '/snapshot') {
      allow(method, ['GET', 'PUT']);
      if (method === 'GET') {
        const mem = await this.load();
        if (this.mode === 'pages') return this.#streamPages();
        const bytes = await mem.snapshot();
        return new Response(bytes, {
          headers: { 'content-type': 'application/vnd.sqlite3', 'content-disposition': 'attachment; filename="memcore.db"' },
        });
      }
      const bytes = await readBytes(request, MAX_SNAPSHOT_UPLOAD);
      return json(200, { restored: await this.replace(bytes) });
    }

    throw httpError(404, 'not_found', `no route ${method} ${url.pathname}: see GET / for the routes`);
  }

  /**
   * Replaces the owner's database with uploaded snapshot bytes: memcore checks them in a
   * database of their own first, so a damaged upload changes nothing (400). This also
   * works when the stored snapshot could not be loaded: it is the way to repair it.
   */
  async replace(bytes) {
    let mem;
    try {
      mem = await this.load();
    } catch {
      mem = null; // the stored snapshot is unusable: restore into a fresh database
    }
    if (!mem && this.mode === 'pages') {
      throw httpError(500, 'storage', 'the database in this object\'s storage cannot be opened; nothing was changed');
    }
    if (!mem) {
      const fresh = await open({ path: ':memory:' });
      const result = await fresh.restore(bytes).catch(async (err) => {
        await fresh.close();
        throw err;
      });
      this.mem = fresh;
      this.loading = Promise.resolve(fresh);
      this.loadedFrom = 'upload';
      await this.persist();
      return result;
    }
    return this.write((m) => m.restore(bytes));
  }
}

// ─── HTTP helpers ───────────────────────────────────────────────────────────────────────

class HttpError extends Error {
  constructor(status, code, message, field) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

function httpError(status, code, message, field) {
  return new HttpError(status, code, message, field);
}

const STATUS = {
  invalid_argument: 400,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 422,
  closed: 503,
  storage: 503,
  internal: 500,
};

function errorResponse(err) {
  if (err instanceof HttpError) {
    return json(err.status, { error: { code: err.code, message: err.message, field: err.field } }, err.headers);
  }
  if (err instanceof MemcoreError) {
    return json(STATUS[err.code] ?? 500, { error: { code: err.code, message: err.message, field: err.field } });
  }
  console.error('memcore worker:', err?.stack ?? err);
  return json(500, { error: { code: 'internal', message: String(err?.message ?? err) } });
}

function json(status, value, headers = {}) {
  return new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

function allow(method, methods) {
  if (!methods.includes(method)) {
    const e = httpError(405, 'method_not_allowed', `${method} is not allowed here; use ${methods.join(' or ')}`);
    e.headers = { allow: methods.join(', ') };
    throw e;
  }
}

/** The request's body, at most max bytes; a larger one is 413 (and read to its end, unkept). */
async function readBytes(request, max) {
  if (!request.body) return new Uint8Array(0);
  const parts = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    // Over the limit, keep reading (and dropping) to the end: an HTTP client still
    // sending its body would see a reset connection instead of the 413.
    if (size <= max) parts.push(value);
  }
  if (size > max) throw httpError(413, 'too_large', `the body is ${size} bytes, over the ${max} this route takes`, 'body');
  if (parts.length === 1) return parts[0];
  const buf = new Uint8Array(size);
  let o = 0;
  for (const p of parts) {
    buf.set(p, o);
    o += p.length;
  }
  return buf;
}

async function readJSON(request) {
  const buf = await readBytes(request, MAX_BODY_BYTES);
  if (buf.length === 0) throw httpError(400, 'invalid_argument', 'the body is empty: send JSON', 'body');
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw httpError(400, 'invalid_argument', 'the body is not valid UTF-8', 'body');
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw httpError(400, 'invalid_argument', `the body is not JSON: ${err.message}`, 'body');
  }
}

function intParam(q, name) {
  const v = q.get(name);
  if (v === null || v === '') return undefined;
  if (!/^[0-9]{1,9}$/.test(v)) throw httpError(400, 'invalid_argument', `${name} is a whole number`, name);
  return Number(v);
}

function listParam(q, name) {
  const v = q.get(name);
  if (v === null || v === '') return undefined;
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

function boolParam(q, name) {
  const v = q.get(name);
  if (v === null) return undefined;
  if (v === '' || v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  throw httpError(400, 'invalid_argument', `${name} is 1/true or 0/false`, name);
}
