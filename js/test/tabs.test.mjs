// js/browser-tabs.js under Node: several "tabs" (TabRouters) in one process, each with a
// fake engine over one shared store, a fake origin-wide LockManager (whose kill() is a
// tab that vanishes) and Node's BroadcastChannel. The protocol between tabs is tested
// here moment by moment; test/browser/tabs.test.mjs tests the real thing in Chromium.

import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';

import { TabRouter } from '../browser-tabs.js';

/** An origin's Web Locks: exclusive, FIFO, ifAvailable, signal; kill(tab) drops a tab's locks. */
class Locks {
  held = new Map(); // name → grant
  queues = new Map(); // name → [grant]

  for(tab) {
    return { request: (name, a, b) => this.#request(tab, name, typeof a === 'function' ? {} : a, typeof a === 'function' ? a : b) };
  }

  #request(tab, name, opts, cb) {
    return new Promise((resolve, reject) => {
      const g = { tab, name, cb, resolve, reject, done: false };
      if (!this.held.has(name) && !(this.queues.get(name)?.length)) return this.#grant(g);
      if (opts.ifAvailable) {
        Promise.resolve().then(() => cb(null)).then(resolve, reject);
        return;
      }
      if (!this.queues.has(name)) this.queues.set(name, []);
      this.queues.get(name).push(g);
      opts.signal?.addEventListener('abort', () => {
        const q = this.queues.get(name);
        const i = q.indexOf(g);
        if (i >= 0) {
          q.splice(i, 1);
          reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
        }
      });
    });
  }

  #grant(g) {
    this.held.set(g.name, g);
    Promise.resolve()
      .then(() => g.cb({ name: g.name }))
      .then(g.resolve, g.reject)
      .finally(() => this.#release(g));
  }

  #release(g) {
    if (g.done) return;
    g.done = true;
    if (this.held.get(g.name) === g) this.held.delete(g.name);
    const next = this.queues.get(g.name)?.shift();
    if (next) this.#grant(next);
  }

  /** The tab vanished (closed, crashed): the browser releases its locks and drops its requests. */
  kill(tab) {
    for (const q of this.queues.values()) for (let i = q.length - 1; i >= 0; i--) if (q[i].tab === tab) q.splice(i, 1);
    for (const g of [...this.held.values()]) if (g.tab === tab) this.#release(g);
  }
}

const ok = (id, result) => JSON.stringify({ id, ok: true, result });

/** A tab's engine over the shared store: open/close/remember/list, and recall calls embed back. */
function fakeEngine(store) {
  const e = {
    version: 'test',
    calls: 0,
    holdWrites: null, // a Promise that remember waits for (a request in flight at this engine)
    dead: false,
    next: 0,
    dbs: new Set(),
    router: null,
    async call(text) {
      const req = JSON.parse(text);
      e.calls++;
      if (req.op === 'remember' && e.holdWrites) await e.holdWrites;
      if (e.dead) return new Promise(() => {});
      switch (req.op) {
        case 'open':
          e.dbs.add(++e.next);
          return ok(req.id, { db: e.next });
        case 'close':
          e.dbs.delete(req.db);
          return ok(req.id, {});
        case 'remember': {
          if (!e.dbs.has(req.db)) return JSON.stringify({ id: req.id, ok: false, error: { code: 'closed', message: `no db ${req.db}` } });
          for (const m of req.args.memories) store.push(m.content);
          return ok(req.id, { memories: req.args.memories });
        }
        case 'list':
          return ok(req.id, { memories: [...store] });
        case 'recall': {
          const reply = await e.router.host(req.db, 'embed', JSON.stringify({ texts: [req.args.query] }));
          return ok(req.id, { hits: [], embedded: JSON.parse(reply) });
        }
        default:
          return JSON.stringify({ id: req.id, ok: false, error: { code: 'invalid_argument', message: 'unknown op' } });
      }
    },
  };
  return e;
}

const tabsMade = [];

function origin() {
  const locks = new Locks();
  const store = [];
  let n = 0;
  const tab = () => {
    const engine = fakeEngine(store);
    const router = new TabRouter(engine, { locks: locks.for(`t${++n}`), Channel: BroadcastChannel });
    engine.router = router;
    const hostCalls = [];
    router.client = { host: async (db, kind, payload) => (hostCalls.push({ db, kind, payload }), JSON.stringify({ vectors: [[1, 2]] })) };
    let id = 0;
    const req = async (op, args = {}, db) => JSON.parse(await router.call(JSON.stringify({ v: 1, id: ++id, op, args, ...(db ? { db } : {}) })));
    const t = { name: `t${n}`, engine, router, hostCalls, req, kill: () => {
      engine.dead = true;
      locks.kill(t.name);
      for (const g of router.groups.values()) g.channel?.close();
      router.groups.clear();
    } };
    tabsMade.push(t);
    return t;
  };
  return { tab, store };
}

afterEach(() => {
  for (const t of tabsMade.splice(0)) {
    for (const g of t.router.groups.values()) g.channel?.close();
  }
});

const OPEN = { path: '/agent.db', vfs: 'opfs' };
const until = async (f) => {
  for (let i = 0; i < 500 && !(await f()); i++) await new Promise((r) => setTimeout(r, 2));
  assert.ok(await f(), 'condition not reached');
};

test('TabRouter: a non-owner tab\'s requests run in the owner\'s engine, with the owner\'s answers', async () => {
  const o = origin();
  const a = o.tab();
  const b = o.tab();
  const da = (await a.req('open', OPEN)).result.db;
  const db = (await b.req('open', OPEN)).result.db;
  const before = b.engine.calls;
  assert.equal((await b.req('remember', { memories: [{ content: 'from b' }] }, db)).ok, true);
  assert.equal((await a.req('remember', { memories: [{ content: 'from a' }] }, da)).ok, true);
  assert.deepEqual(o.store, ['from b', 'from a']);
  assert.equal(b.engine.calls, before, 'b\'s engine ran nothing');
  assert.deepEqual((await b.req('list', {}, db)).result.memories, ['from b', 'from a']);
  const bad = await b.req('nope', {}, db);
  assert.deepEqual(bad.error, { code: 'invalid_argument', message: 'unknown op' }, 'the owner engine\'s error, as is');
});

test('TabRouter: the owner closes with a write of another tab in flight: it finishes, later ones go to the next owner, each applied once', async () => {
  const o = origin();
  const a = o.tab();
  const b = o.tab();
  const da = (await a.req('open', OPEN)).result.db;
  const db = (await b.req('open', OPEN)).result.db;
  let release;
  a.engine.holdWrites = new Promise((r) => (release = r));
  const first = b.req('remember', { memories: [{ content: 'in flight' }] }, db);
  await until(() => a.engine.calls >= 3); // a's engine has b's write
  const closing = a.req('close', {}, da); // a lets go: it waits for b's write first
  await new Promise((r) => setTimeout(r, 10));
  const second = b.req('remember', { memories: [{ content: 'while leaving' }] }, db); // refused by a, run by b
  await new Promise((r) => setTimeout(r, 10));
  release();
  const c1 = await closing;
  assert.equal(c1.ok, true, JSON.stringify(c1));
  const f1 = await first;
  assert.equal(f1.ok, true, JSON.stringify(f1));
  const s2 = await second;
  assert.equal(s2.ok, true, JSON.stringify(s2));
  assert.deepEqual(o.store, ['in flight', 'while leaving']);
  assert.ok(b.engine.dbs.size === 1, 'b owns the file now and opened it');
});

test('TabRouter: the owner vanishes: a write in flight fails clearly (never applied twice), a read is sent again', async () => {
  const o = origin();
  const a = o.tab();
  const b = o.tab();
  await a.req('open', OPEN);
  const db = (await b.req('open', OPEN)).result.db;
  a.engine.holdWrites = new Promise(() => {}); // never answers
  const write = b.req('remember', { memories: [{ content: 'lost?' }] }, db);
  await until(() => a.engine.calls >= 3);
  a.engine.dead = true; // and reads hang too: the tab is gone
  const read = b.req('list', {}, db);
  a.kill();
  const w = await write;
  assert.equal(w.ok, false);
  assert.equal(w.error.code, 'storage');
  assert.match(w.error.message, /may or may not have been applied/);
  const r = await read;
  assert.equal(r.ok, true, JSON.stringify(r));
  assert.equal((await b.req('remember', { memories: [{ content: 'after' }] }, db)).ok, true);
  assert.deepEqual(o.store, ['after']);
});

test('TabRouter: a third tab follows the new owner after a takeover', async () => {
  const o = origin();
  const a = o.tab();
  const b = o.tab();
  const c = o.tab();
  await a.req('open', OPEN);
  const db = (await b.req('open', OPEN)).result.db;
  const dc = (await c.req('open', OPEN)).result.db;
  a.kill();
  // (A write sent before c learns of the new owner goes to the vanished one and fails:
  // the previous test.) c follows b, which waited for the lock first.
  await until(() => c.router.groups.get('/agent.db')?.target === b.router.tab);
  const rc = await c.req('remember', { memories: [{ content: 'c after a' }] }, dc);
  assert.equal(rc.ok, true, JSON.stringify(rc));
  assert.equal((await b.req('remember', { memories: [{ content: 'b after a' }] }, db)).ok, true);
  assert.deepEqual(o.store.sort(), ['b after a', 'c after a']);
  assert.equal(b.engine.dbs.size, 2, 'b\'s engine has the file: b\'s database and c\'s');
  assert.equal(c.engine.dbs.size, 0, 'c opened nothing itself');
});

test('TabRouter: the engine\'s callbacks for a non-owner\'s database run on that tab', async () => {
  const o = origin();
  const a = o.tab();
  const b = o.tab();
  await a.req('open', OPEN);
  const db = (await b.req('open', { ...OPEN, embed: true })).result.db; // the engine calls back only with embed
  const r = await b.req('recall', { query: 'cat' }, db);
  assert.deepEqual(r.result.embedded, { vectors: [[1, 2]] });
  assert.equal(b.hostCalls.length, 1);
  assert.equal(b.hostCalls[0].db, db, 'called with b\'s own handle');
  assert.equal(a.hostCalls.length, 0);
});

test('TabRouter: other tabs with the same options share one engine database at the owner, closed with the last of them', async () => {
  const o = origin();
  const a = o.tab();
  const b = o.tab();
  const c = o.tab();
  await a.req('open', OPEN);
  const db = (await b.req('open', OPEN)).result.db;
  const dc = (await c.req('open', OPEN)).result.db;
  assert.equal(a.engine.dbs.size, 2, 'a\'s own database and one shared by b and c');
  assert.equal((await b.req('close', {}, db)).ok, true);
  assert.equal(a.engine.dbs.size, 2, 'c still uses it');
  assert.equal((await c.req('remember', { memories: [{ content: 'c still here' }] }, dc)).ok, true);
  assert.equal((await c.req('close', {}, dc)).ok, true);
  assert.equal(a.engine.dbs.size, 1, 'closed with the last tab');
  // With host functions (embed, llm), each tab has its own: its callbacks go to it.
  const withEmbed = { ...OPEN, embed: true };
  const b2 = (await b.req('open', withEmbed)).result.db;
  const c2 = (await c.req('open', withEmbed)).result.db;
  assert.equal(a.engine.dbs.size, 3);
  await b.req('close', {}, b2);
  await c.req('close', {}, c2);
  assert.equal(a.engine.dbs.size, 1);
});

test('TabRouter: a tab that goes releases its share of a shared database', async () => {
  const o = origin();
  const a = o.tab();
  const b = o.tab();
  const c = o.tab();
  await a.req('open', OPEN);
  await b.req('open', OPEN);
  const dc = (await c.req('open', OPEN)).result.db;
  b.kill();
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(a.engine.dbs.size, 2, 'c still uses the shared database');
  c.kill();
  await until(() => a.engine.dbs.size === 1);
  void dc;
});
