// Every tab of an origin uses the one OPFS database (docs/BROWSER.md, "Several tabs").
//
// An OPFS file has one sync access handle at a time, so one tab's worker owns each
// database: the tab that holds the Web Lock "memcore:owner:<path>". The other tabs of the
// origin that open the same path send their protocol requests (already JSON strings) to
// the owner over a BroadcastChannel ("memcore:tabs:<path>"); the owner runs them in its
// worker and posts the responses back, and forwards the engine's host callbacks (embed,
// llm) of a database that another tab opened to that tab, so that results, errors and
// callbacks are what one tab alone would see.
//
// TabRouter is the `api` an EngineClient calls: it hands out its own database handles
// ("virtual" handles) and maps each to the handle that the current owner's engine gave,
// so that a change of owner is invisible to the Memory objects above it: when the owner
// closes the database, or its tab closes, reloads or crashes, the next tab waiting for the
// lock becomes the owner, opens the file in its own worker (SQLite's rollback journal
// makes every committed write safe) and announces itself; every tab then opens its
// databases again there. A request that the vanished owner had not answered is sent again
// only if it does not write (it cannot have changed anything); a write fails with a
// `storage` error saying that it may or may not have been applied — it is never applied
// twice. Requests that an owner refused because it was leaving (it answers "nack") were
// not applied and are sent again, writes included.
//
// Channel messages ({t, to, from, …}; `to` is the addressed tab's id):
//   who                      a tab asks which tab owns the path
//   owner {tab}              the owner announces itself (after it opened the file)
//   call {mid, req}          a request for the owner's engine; answered by
//   res {mid, res} | nack {mid}
//   host {cb, db, kind, payload}  an engine callback for a database this tab opened; answered by
//   hostres {cb, ok, value | error}
//   bye {tab}                the owner let go of the path (after answering every call)
// Each tab also holds the Web Lock "memcore:tab:<id>" for its lifetime: an owner waits
// for it to learn that a tab whose databases it serves has gone, and closes them.

import { Group, errorResponse } from './browser-tabs-group.js';

/** Whether this context can coordinate tabs (Web Locks and BroadcastChannel). */
export function tabsSupported() {
  return typeof BroadcastChannel === 'function' && typeof navigator === 'object' &&
    typeof navigator.locks?.request === 'function';
}

function newTabId() {
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * stats() of an OPFS database gains `browser`: whether the origin's storage is persistent
 * (navigator.storage.persisted(): not evicted under storage pressure), the origin's usage
 * and quota in bytes (navigator.storage.estimate()), and whether this tab owns the file.
 */
async function withBrowserStats(res, group) {
  const r = JSON.parse(res);
  if (!r.ok) return res;
  const storage = globalThis.navigator?.storage;
  let persisted = null;
  let usageBytes = null;
  let quotaBytes = null;
  try {
    if (typeof storage?.persisted === 'function') persisted = await storage.persisted();
  } catch {
    // Some contexts refuse to tell: null.
  }
  try {
    if (typeof storage?.estimate === 'function') ({ usage: usageBytes = null, quota: quotaBytes = null } = await storage.estimate());
  } catch {
    // idem
  }
  r.result.browser = { persisted, usageBytes, quotaBytes, owner: group.target === 'local' };
  return JSON.stringify(r);
}

/**
 * The EngineClient's api for a page: requests for OPFS databases go to the tab that owns
 * the file (this one or another), everything else to this page's worker (local).
 */
export class TabRouter {
  /** This tab's id on the channels. */
  tab = newTabId();
  /**
   * local: {version, call(text): Promise<text>}, this page's worker. env (for tests):
   * {locks, Channel}, the LockManager and the BroadcastChannel class, by default the
   * browser's navigator.locks and BroadcastChannel.
   */
  constructor(local, env = {}) {
    this.local = local;
    this.locks = env.locks ?? navigator.locks;
    this.Channel = env.Channel ?? BroadcastChannel;
    this.client = null; // the EngineClient that answers host callbacks of our own handles
    this.next = 0; // virtual handles
    this.handles = new Map(); // virtual → Handle
    this.groups = new Map(); // path → Group
    this.served = new Map(); // local engine handle → {v} (ours) | {tab, group} (another tab's)
    this.watched = new Set(); // tabs whose end this owner waits for
    this.stopped = false;
    let held;
    this.tabLock = new Promise((r) => (held = r));
    this.locks.request(`memcore:tab:${this.tab}`, () => {
      held();
      return new Promise(() => {}); // held until this page goes
    }).catch(() => held());
  }

  get version() {
    return this.local.version;
  }

  /** One protocol request (JSON), answered with its JSON response; never rejects. */
  async call(text) {
    const req = JSON.parse(text);
    if (req.op === 'open') {
      const path = req.args?.vfs === 'opfs' && typeof req.args.path === 'string' ? req.args.path : null;
      if (path === null) return this.#openLocal(req, text);
      let g = this.groups.get(path);
      while (g?.closing) {
        await g.ending;
        g = this.groups.get(path);
      }
      if (!g) {
        await this.tabLock;
        g = this.groups.get(path); // another open of the path may have made it meanwhile
        while (g?.closing) {
          await g.ending;
          g = this.groups.get(path);
        }
      }
      if (!g) {
        g = new Group(this, path);
        this.groups.set(path, g);
        g.start();
      }
      return g.request(req, null);
    }
    if (!req.db) return this.local.call(text);
    const h = this.handles.get(req.db);
    if (!h) return errorResponse(req.id, 'closed', 'this memcore database was closed: open() it again to use it');
    if (h.group) {
      const res = await h.group.request(req, h);
      return req.op === 'stats' ? withBrowserStats(res, h.group) : res;
    }
    req.db = h.real;
    const res = await this.local.call(JSON.stringify(req));
    if (req.op === 'close') this.drop(h);
    return res;
  }

  async #openLocal(req, text) {
    const res = await this.local.call(text);
    const r = JSON.parse(res);
    if (!r.ok) return res;
    const h = this.adopt(null, r.result.db, 'local', null);
    r.result.db = h.v;
    return JSON.stringify(r);
  }

  /** A new virtual handle for engine handle real at where ('local' or the owner's tab). */
  adopt(group, real, where, openText) {
    const h = { v: ++this.next, group, real, where, openText, broken: null };
    this.handles.set(h.v, h);
    if (where === 'local') this.served.set(real, { v: h.v });
    group?.handles.add(h);
    return h;
  }

  drop(h) {
    this.handles.delete(h.v);
    if (h.where === 'local' && this.served.get(h.real)?.v === h.v) this.served.delete(h.real);
    h.group?.handles.delete(h);
  }

  /** __memcore_host of this page's worker: a callback for one of its engine handles. */
  host(db, kind, payload) {
    const s = this.served.get(db);
    if (s?.tab) return s.group.remoteHost(s.tab, db, kind, payload);
    return this.client.host(s ? s.v : db, kind, payload);
  }

  /** Closes, in this page's engine, the databases that tab opened: it has gone. */
  watch(tab) {
    if (this.watched.has(tab)) return;
    this.watched.add(tab);
    this.locks.request(`memcore:tab:${tab}`, async () => {
      this.watched.delete(tab);
      for (const g of this.groups.values()) await g.tabGone(tab);
    }).catch(() => {});
  }

  /** This page's engine stopped: give up every database it owned. */
  stop() {
    this.stopped = true;
    for (const g of this.groups.values()) g.abandon();
    this.groups.clear();
  }
}
