// One OPFS path a tab has open, and how the tabs share it (moved from browser-tabs.js):
// Group finds or becomes the owner, sends requests to it, serves the other tabs when it
// owns the file, and hands over when the owner goes. The protocol is browser-tabs.js's.

import { MemcoreError } from './errors.js';

/** Ops that read only: sent again to the next owner when the previous one vanished. */
const READS = new Set([
  'get', 'list', 'history', 'recall', 'searchTurns', 'stats', 'episodes.list', 'snapshot', 'export',
  'documents.get', 'documents.list', 'scratchpad.get', 'scratchpad.list', 'plan.get', 'state.get',
  'tasks.get', 'tasks.list', 'tasks.ready', 'memoryTools', 'route', 'open', 'close',
]);

function errorResponse(id, code, message, field) {
  return JSON.stringify({ id, ok: false, error: { code, message, ...(field ? { field } : {}) } });
}

/** One OPFS path that this page has open: who owns it, and the requests waiting. */
class Group {
  constructor(router, path) {
    this.r = router;
    this.path = path;
    this.tab = router.tab;
    this.handles = new Set();
    this.target = null; // null (no owner known yet), 'local', or the owner's tab id
    this.gen = 0; // changes of target
    this.queue = []; // ops waiting for an owner
    this.inflight = new Map(); // mid → op sent to another tab
    this.mid = 0;
    this.owner = null; // while this tab owns the path: {release, remote: Map<tab, Set<db>>, serving, leaving, idle}
    this.callbacks = new Map(); // cb → {tab, resolve}: host callbacks forwarded to other tabs
    this.cb = 0;
    this.closing = false;
    this.opens = 0; // opens of this page not answered yet
    this.switchingTo = undefined;
    this.byes = new Set(); // tabs that said bye: everything they answered has arrived
    this.byeWaiters = []; // {tab, resolve}
    this.abort = new AbortController();
    this.channel = new router.Channel(`memcore:tabs:${path}`);
    this.channel.onmessage = (ev) => this.#onMessage(ev.data);
  }

  #post(m) {
    if (!this.channel) return;
    this.channel.postMessage({ ...m, from: this.tab });
  }

  start() {
    const name = `memcore:owner:${this.path}`;
    this.r.locks.request(name, { ifAvailable: true }, (lock) => {
      if (lock) return this.#own();
      this.#post({ t: 'who' });
      this.r.locks.request(name, { signal: this.abort.signal }, () => this.#own()).catch(() => {});
      return undefined;
    }).catch(() => {});
  }

  /** Holds the owner lock: opens the file here, announces it, and serves until released. */
  async #own() {
    if (this.closing || this.r.stopped) return;
    let release;
    const held = new Promise((r) => (release = r));
    this.owner = { release, remote: new Map(), shared: new Map(), sharedByDb: new Map(), serving: 0, leaving: false, idle: null };
    await this.#switchTo('local');
    this.#post({ t: 'owner', tab: this.tab });
    await held;
  }

  /** Sends op (a request of this page) to the owner, or queues it until there is one. */
  request(req, h) {
    if (req.op === 'open') this.opens++;
    return new Promise((resolve) => this.#dispatch({ req, h, resolve, read: READS.has(req.op) }));
  }

  #dispatch(op) {
    if (this.target === null) {
      this.queue.push(op);
      return;
    }
    const { req, h } = op;
    if (h) {
      if (!this.r.handles.has(h.v)) return op.resolve(errorResponse(req.id, 'closed', 'this memcore database was closed: open() it again to use it'));
      if (h.broken) {
        if (req.op === 'close') {
          this.#closed(h);
          return op.resolve(JSON.stringify({ id: req.id, ok: true, result: {} }));
        }
        return op.resolve(errorResponse(req.id, h.broken.code, h.broken.message, h.broken.field));
      }
      if (h.where !== this.target) {
        // Not reopened at this owner (its previous owner vanished while it was reopened).
        if (req.op === 'close') {
          this.#closed(h);
          return op.resolve(JSON.stringify({ id: req.id, ok: true, result: {} }));
        }
        return op.resolve(errorResponse(req.id, 'storage', `${this.path} could not be opened again in the tab that owns it now: close and open it again`));
      }
      req.db = h.real;
    }
    const text = JSON.stringify(req);
    const target = this.target;
    if (target === 'local') {
      this.r.local.call(text).then((res) => this.#answered(op, res, 'local'));
    } else {
      const mid = ++this.mid;
      op.to = target;
      this.inflight.set(mid, op);
      this.#post({ t: 'call', to: target, mid, req: text });
    }
  }

  #answered(op, res, where) {
    const { req, h } = op;
    if (op.internal) return op.resolve(res);
    if (req.op === 'open') {
      this.opens--;
      const r = JSON.parse(res);
      if (!r.ok) {
        if (this.handles.size === 0 && this.opens === 0) this.#end(); // nothing of ours is open here
        return op.resolve(res);
      }
      const nh = this.r.adopt(this, r.result.db, where, JSON.stringify({ ...req, id: 0 }));
      r.result.db = nh.v;
      return op.resolve(JSON.stringify(r));
    }
    if (req.op === 'close' && h) this.#closed(h);
    op.resolve(res);
  }

  /** h was closed: when it was this page's last handle of the path, let go of the path. */
  #closed(h) {
    this.r.drop(h);
    if (this.handles.size === 0 && this.opens === 0) this.#end();
  }

  /** The owner changed to target: answer or requeue what the old one left, reopen, flush. */
  async #switchTo(target) {
    const gen = ++this.gen;
    this.target = null;
    this.switchingTo = target;
    // The lock (or the new owner's announcement) may overtake the old owner's last
    // answers: wait for them unless that tab is gone.
    const olds = new Set([...this.inflight.values()].map((op) => op.to).filter((t) => t !== target));
    for (const t of olds) await this.#settled(t);
    if (gen !== this.gen) return; // another owner meanwhile: that switch goes on
    for (const [mid, op] of this.inflight) {
      if (op.to === target) continue;
      this.inflight.delete(mid);
      this.#orphan(op);
    }
    for (const h of [...this.handles]) {
      if (h.where === target && !h.broken) continue;
      const text = h.openText;
      let res;
      if (target === 'local') res = await this.r.local.call(text);
      else res = await this.#send(target, text);
      if (gen !== this.gen) return; // another owner meanwhile: that switch reopens
      if (res === null) continue; // that owner vanished too: the next switch reopens
      if (!this.r.handles.has(h.v)) continue; // closed meanwhile
      const r = JSON.parse(res);
      if (h.where === 'local' && this.r.served.get(h.real)?.v === h.v) this.r.served.delete(h.real);
      if (r.ok) {
        h.real = r.result.db;
        h.where = target;
        h.broken = null;
        if (target === 'local') this.r.served.set(h.real, { v: h.v });
      } else {
        h.broken = r.error;
        h.where = null;
      }
    }
    if (gen !== this.gen) return;
    this.switchingTo = undefined;
    this.target = target;
    const queued = this.queue;
    this.queue = [];
    for (const op of queued) this.#dispatch(op);
  }

  /**
   * Resolves when tab has said bye (its channel messages are in order: every answer it
   * sent has arrived before) or is gone (its tab lock is free: it will answer nothing more).
   */
  async #settled(tab) {
    if (this.byes.has(tab)) return;
    let gone = false;
    try {
      gone = await this.r.locks.request(`memcore:tab:${tab}`, { ifAvailable: true }, (lock) => lock !== null);
    } catch {
      gone = true;
    }
    if (gone || this.byes.has(tab)) return;
    await new Promise((resolve) => {
      this.byeWaiters.push({ tab, resolve });
      setTimeout(resolve, 5000); // a live tab that never says bye: stop waiting
    });
  }

  /** An internal request to another tab: its response, or null if that tab vanished. */
  #send(target, text) {
    return new Promise((resolve) => {
      const mid = ++this.mid;
      this.inflight.set(mid, { internal: true, resolve, to: target });
      this.#post({ t: 'call', to: target, mid, req: text });
    });
  }

  /** An op sent to an owner that vanished before answering. */
  #orphan(op) {
    if (op.internal) return op.resolve(null);
    if (op.read) return this.#dispatch(op); // to the current owner, or queued until there is one
    op.resolve(errorResponse(op.req.id, 'storage',
      `the tab that owned ${this.path} went away while this ${op.req.op} was on its way to it, so it may or may not ` +
      'have been applied (it was not sent again, so that it is never applied twice): check before writing it again. ' +
      'Another tab now owns the database, and later requests go there.'));
  }

  #onMessage(m) {
    if (!m || typeof m !== 'object' || m.from === this.tab) return;
    if (m.to !== undefined && m.to !== this.tab) return;
    switch (m.t) {
      case 'who':
        if (this.owner && this.target === 'local' && !this.owner.leaving) this.#post({ t: 'owner', tab: this.tab });
        break;
      case 'owner':
        this.byes.delete(m.tab); // an owner again: wait for its next bye
        if (!this.owner && !this.closing && this.target !== m.tab && this.switchingTo !== m.tab) this.#switchTo(m.tab);
        break;
      case 'bye':
        // That owner answered or refused everything before it left; the next one will
        // announce itself.
        this.byes.add(m.tab);
        this.byeWaiters = this.byeWaiters.filter((w) => (w.tab === m.tab ? (w.resolve(), false) : true));
        if (this.target === m.tab || this.switchingTo === m.tab) {
          this.gen++;
          this.target = null;
          this.switchingTo = undefined;
        }
        for (const [mid, op] of this.inflight) {
          if (op.to !== m.tab) continue;
          this.inflight.delete(mid);
          this.#orphan(op);
        }
        break;
      case 'call':
        this.#serve(m);
        break;
      case 'res': {
        const op = this.inflight.get(m.mid);
        if (!op) break;
        this.inflight.delete(m.mid);
        if (op.internal) op.resolve(m.res);
        else this.#answered(op, m.res, op.to);
        break;
      }
      case 'nack': {
        // The owner was leaving and did not run it: safe to send again, writes included.
        const op = this.inflight.get(m.mid);
        if (!op) break;
        this.inflight.delete(m.mid);
        if (this.target === op.to || this.switchingTo === op.to) {
          this.gen++;
          this.target = null;
          this.switchingTo = undefined;
          this.#post({ t: 'who' });
        }
        if (op.internal) op.resolve(null);
        else this.#dispatch(op); // queued until the next owner announces itself
        break;
      }
      case 'host':
        this.#answerHost(m);
        break;
      case 'hostres': {
        const p = this.callbacks.get(m.cb);
        if (!p) break;
        this.callbacks.delete(m.cb);
        p.resolve(m.ok ? m.value : JSON.stringify({ error: { message: m.error } }));
        break;
      }
    }
  }

  // ─── The owner's side ─────────────────────────────────────────────────────────────────

  /** Runs another tab's request in this page's engine, if this tab owns the path. */
  async #serve(m) {
    const o = this.owner;
    if (!o || o.leaving || this.target !== 'local') {
      this.#post({ t: 'nack', to: m.from, mid: m.mid });
      return;
    }
    o.serving++;
    try {
      this.r.watch(m.from);
      const req = JSON.parse(m.req);
      const shared = await this.#serveShared(o, m.from, req);
      const res = shared ?? (await this.r.local.call(m.req));
      if (shared) {
        // answered by #serveShared
      } else if (req.op === 'open') {
        const r = JSON.parse(res);
        if (r.ok) {
          this.r.served.set(r.result.db, { tab: m.from, group: this });
          if (!o.remote.has(m.from)) o.remote.set(m.from, new Set());
          o.remote.get(m.from).add(r.result.db);
        }
      } else if (req.op === 'close' && o.remote.get(m.from)?.delete(req.db)) {
        this.r.served.delete(req.db);
      }
      this.#post({ t: 'res', to: m.from, mid: m.mid, res });
    } finally {
      if (--o.serving === 0) o.idle?.();
    }
  }

  /**
   * Opens and closes of other tabs' databases without host functions (no embed, no llm)
   * share one engine database per set of options, counted by tab: one SQLite connection
   * and page cache for all of them, and no lock waits between them. Returns the response,
   * or null for a request it does not handle.
   */
  async #serveShared(o, tab, req) {
    if (req.op === 'open') {
      if (req.args?.embed || req.args?.llm) return null;
      const key = JSON.stringify(req.args);
      let e = o.shared.get(key);
      if (!e) {
        e = { key, db: 0, result: null, users: 0 };
        o.shared.set(key, e);
        e.ready = this.r.local.call(JSON.stringify(req)).then((res) => {
          const r = JSON.parse(res);
          if (r.ok) {
            e.db = r.result.db;
            e.result = r.result;
            o.sharedByDb.set(e.db, e);
          } else if (o.shared.get(key) === e) {
            o.shared.delete(key);
          }
          return r;
        });
      }
      const r = await e.ready;
      if (!r.ok) return JSON.stringify({ ...r, id: req.id });
      e.users++;
      if (!o.remote.has(tab)) o.remote.set(tab, new Set());
      o.remote.get(tab).add(e.db);
      return JSON.stringify({ id: req.id, ok: true, result: e.result });
    }
    if (req.op === 'close' && o.sharedByDb.has(req.db)) {
      // Only a tab that has it open lets go of it; the others' use goes on.
      if (!o.remote.get(tab)?.delete(req.db)) return JSON.stringify({ id: req.id, ok: true, result: { closed: false } });
      return this.#unshare(o, req.db, req.id);
    }
    return null;
  }

  /** One tab less on shared database db: closed in the engine when it was the last. */
  async #unshare(o, db, id) {
    const e = o.sharedByDb.get(db);
    if (--e.users > 0) return JSON.stringify({ id, ok: true, result: { closed: true } });
    o.sharedByDb.delete(db);
    if (o.shared.get(e.key) === e) o.shared.delete(e.key);
    return this.r.local.call(JSON.stringify({ v: 1, id, op: 'close', args: {}, db }));
  }

  /** An engine callback for a database that tab opened: asked there, answered here. */
  remoteHost(tab, db, kind, payload) {
    return new Promise((resolve) => {
      const cb = ++this.cb;
      this.callbacks.set(cb, { tab, resolve });
      this.#post({ t: 'host', to: tab, cb, db, kind, payload });
    });
  }

  /** A callback from the owner for one of this tab's databases: run it here. */
  async #answerHost(m) {
    let value;
    const h = [...this.handles].find((x) => x.where === m.from && x.real === m.db);
    if (!h) value = JSON.stringify({ error: { message: `this tab has no database ${m.db} at the owner` } });
    else value = await this.r.client.host(h.v, m.kind, m.payload);
    this.#post({ t: 'hostres', to: m.from, cb: m.cb, ok: true, value });
  }

  /** Tab has gone (closed, reloaded, crashed): close what it had open here. */
  async tabGone(tab) {
    for (const [cb, p] of this.callbacks) {
      if (p.tab !== tab) continue;
      this.callbacks.delete(cb);
      p.resolve(JSON.stringify({ error: { message: 'the tab that opened this database has gone' } }));
    }
    const o = this.owner;
    const dbs = o?.remote.get(tab);
    if (!dbs) return;
    o.remote.delete(tab);
    for (const db of dbs) {
      if (o.sharedByDb.has(db)) {
        await this.#unshare(o, db, 0);
        continue;
      }
      this.r.served.delete(db);
      await this.r.local.call(JSON.stringify({ v: 1, id: 0, op: 'close', args: {}, db }));
    }
  }

  // ─── Letting go ───────────────────────────────────────────────────────────────────────

  /** The page closed its last database of the path: hand the file to the next tab. */
  #end() {
    if (this.closing) return;
    this.closing = true;
    this.abort.abort(); // no longer waiting for the owner lock
    this.ending = (async () => {
      const o = this.owner;
      if (o) {
        o.leaving = true; // new calls are answered "nack": the next owner runs them
        if (o.serving) await new Promise((r) => (o.idle = r));
        for (const tab of [...o.remote.keys()]) await this.tabGone(tab);
        this.#post({ t: 'bye', tab: this.tab }); // before the lock: after every answer, ahead of the next owner
        o.release();
        this.owner = null;
      }
      this.channel.close();
      this.channel = null;
      if (this.r.groups.get(this.path) === this) this.r.groups.delete(this.path);
    })();
  }

  /** The engine stopped: fail what waits, release the lock, and tell the others. */
  abandon() {
    this.closing = true;
    this.abort.abort();
    const err = new MemcoreError('internal', "memcore's engine stopped");
    for (const op of this.queue) op.internal ? op.resolve(null) : op.resolve(errorResponse(op.req.id, err.code, err.message));
    this.queue = [];
    if (this.owner) {
      this.#post({ t: 'bye', tab: this.tab });
      this.owner.release();
      this.owner = null;
    }
    this.channel?.close();
    this.channel = null;
  }
}

export { Group, errorResponse };
