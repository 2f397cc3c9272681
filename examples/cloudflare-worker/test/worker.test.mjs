// The example Worker in workerd, end to end over HTTP on 127.0.0.1: memories written,
// the runtime restarted, the memories recalled from the Durable Objects' storage; bad
// requests answered with 4xx JSON errors; damaged snapshots refused.
//
// Needs `npm ci` in this directory and dist/memcore.wasm built (make test-edge does both).

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { build } from '../build.mjs';
import { exampleDir, startWorkerd } from './workerd.mjs';

const TOKEN = 'test-token-0123456789';
let storageDir;
let w; // the running workerd

async function call(method, route, body, { headers = {}, raw = false } = {}) {
  const init = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body);
    if (!(body instanceof Uint8Array)) init.headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(w.url + route, init);
  if (raw) return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    assert.fail(`${method} ${route} → ${res.status} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  return { status: res.status, json, headers: res.headers };
}

/** Asserts a 4xx JSON error with the code (and field) given. */
async function refused(method, route, body, status, code, field, opts) {
  const r = await call(method, route, body, opts);
  assert.equal(r.status, status, `${method} ${route}: ${JSON.stringify(r.json)}`);
  assert.equal(r.json.error?.code, code, JSON.stringify(r.json));
  assert.equal(typeof r.json.error.message, 'string');
  assert.ok(r.json.error.message.length > 0);
  if (field !== undefined) assert.equal(r.json.error.field, field, JSON.stringify(r.json));
  return r.json.error;
}

let modeEnv = {};

async function restart(env = {}) {
  const r = await w.stop();
  assert.ok(r.code === 0 || r.signal === 'SIGTERM', `workerd stopped with ${JSON.stringify(r)}:\n${w.log()}`);
  w = await startWorkerd({ storageDir, env: { ...modeEnv, ...env } });
}

// The same Worker with each owner's database in its object's storage page by page (the
// default, 'pages') and the earlier way, in memory with chunked snapshots ('snapshot').
for (const mode of ['pages', 'snapshot']) describe(`the example Worker in workerd (${mode})`, () => {
  before(async () => {
    const { notes } = await build({ quiet: true });
    for (const n of notes) console.log(`# ${n}`);
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memcore-edge-'));
    modeEnv = { MEMCORE_STORAGE_MODE: mode };
    w = await startWorkerd({ storageDir, env: { ...modeEnv, MEMCORE_HEAT_FLUSH_SECONDS: '1' } });
  });

  after(async () => {
    await w?.stop();
    if (storageDir) fs.rmSync(storageDir, { recursive: true, force: true });
  });

  const ids = {};

  test('GET / lists the routes', async () => {
    const r = await call('GET', '/');
    assert.equal(r.status, 200);
    assert.ok(r.json.routes.includes('POST /owners/:owner/remember'));
  });

  test('remember one memory and a batch; each owner has a database of its own', async () => {
    let r = await call('POST', '/owners/alice/remember', { type: 'preference', content: '用户喜欢用 Python 写脚本', importance: 0.8, tags: ['tools'] });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.memories.length, 1);
    assert.equal(r.json.memories[0].content, '用户喜欢用 Python 写脚本');
    ids.python = r.json.memories[0].id;

    r = await call('POST', '/owners/alice/remember', [
      { content: 'The user runs Linux on a ThinkPad', tags: ['hardware'] },
      { type: 'fact', content: 'Alice is travelling to Beijing on Monday' },
      { type: 'rule', content: 'Never deploy on Fridays' },
    ]);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.memories.length, 3);
    ids.thinkpad = r.json.memories[0].id;
    ids.friday = r.json.memories[2].id;

    r = await call('POST', '/owners/bob/remember', { content: 'Bob prefers tea over coffee' });
    assert.equal(r.status, 200);

    assert.equal((await call('GET', '/owners/alice/stats')).json.stats.memories, 4);
    assert.equal((await call('GET', '/owners/bob/stats')).json.stats.memories, 1);
    const none = await call('GET', '/owners/bob/recall?q=ThinkPad');
    assert.deepEqual(none.json.hits, []);
  });

  test('several owners written and recalled at once: one object per owner, routed by owner id', async () => {
    const owners = ['p1', 'p2', 'p3', 'p4'];
    await Promise.all(owners.flatMap((o) => Array.from({ length: 6 }, (_, i) =>
      call('POST', `/owners/${o}/remember`, { content: `${o} memory ${i}: ${o} likes colour ${i}` }).then((r) => assert.equal(r.status, 200, JSON.stringify(r.json))))));
    const hits = await Promise.all(owners.map((o) => call('GET', `/owners/${o}/recall?q=${o}&limit=10`)));
    for (const [k, o] of owners.entries()) {
      assert.equal(hits[k].json.hits.length, 6);
      assert.ok(hits[k].json.hits.every((h) => h.memory.content.startsWith(`${o} `)), `${o} sees only its own memories`);
    }
  });

  test('recall by GET and POST, in Chinese and English', async () => {
    let r = await call('GET', `/owners/alice/recall?q=${encodeURIComponent('脚本')}&limit=5`);
    assert.equal(r.status, 200);
    assert.equal(r.json.hits[0].memory.id, ids.python);

    r = await call('POST', '/owners/alice/recall', { query: 'what laptop does the user run?', limit: 3, explain: true });
    assert.equal(r.status, 200);
    assert.equal(r.json.hits[0].memory.id, ids.thinkpad);
    assert.equal(typeof r.json.hits[0].components.bm25, 'number');

    r = await call('GET', '/owners/alice/recall?q=deploy&types=rule&peek=1');
    assert.equal(r.json.hits.length, 1);
    assert.equal(r.json.hits[0].memory.id, ids.friday);
  });

  test('forget by id (POST /forget and DELETE /memories/:id)', async () => {
    let r = await call('POST', '/owners/alice/forget', { id: ids.friday });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.forgotten, 1);
    assert.deepEqual((await call('GET', '/owners/alice/recall?q=deploy')).json.hits, []);

    const extra = (await call('POST', '/owners/alice/remember', { content: 'temporary note to delete' })).json.memories[0];
    r = await call('DELETE', `/owners/alice/memories/${extra.id}?purge=1`);
    assert.equal(r.status, 200);
    assert.deepEqual(r.json.ids, [extra.id]);
    await refused('GET', `/owners/alice/memories/${extra.id}`, undefined, 404, 'not_found', 'id');
  });

  test('bad requests get 4xx JSON errors, never 500', async () => {
    await refused('POST', '/owners/alice/remember', '{"content": ', 400, 'invalid_argument', 'body');
    await refused('POST', '/owners/alice/remember', '', 400, 'invalid_argument', 'body');
    await refused('POST', '/owners/alice/remember', '"just a string"', 400, 'invalid_argument', 'body');
    await refused('POST', '/owners/alice/remember', { content: '' }, 400, 'invalid_argument', 'memory.content');
    await refused('POST', '/owners/alice/remember', { content: 'x', importance: 3 }, 400, 'invalid_argument', 'memory.importance');
    await refused('POST', '/owners/alice/remember', { content: 'x', colour: 'red' }, 400, 'invalid_argument', 'memory.colour');
    await refused('POST', '/owners/alice/remember', [{ content: 'ok' }, { content: 'x', type: 'bogus' }], 400, 'invalid_argument', 'memories[1].type');
    await refused('POST', '/owners/alice/remember', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), 400, 'invalid_argument', 'body');
    const batch = Array.from({ length: 1001 }, (_, i) => ({ content: `m${i}` }));
    await refused('POST', '/owners/alice/remember', batch, 413, 'too_large');
    await refused('POST', '/owners/alice/remember', { content: 'x'.repeat(70_000) }, 413, 'too_large', 'memory.content');
    await refused('POST', '/owners/alice/remember', `"${'x'.repeat(9 << 20)}"`, 413, 'too_large', 'body');

    await refused('GET', '/owners/alice/recall', undefined, 400, 'invalid_argument', 'query');
    await refused('GET', '/owners/alice/recall?q=', undefined, 400, 'invalid_argument', 'query');
    await refused('GET', '/owners/alice/recall?q=x&limit=abc', undefined, 400, 'invalid_argument', 'limit');
    await refused('GET', '/owners/alice/recall?q=x&limit=5000', undefined, 400, 'invalid_argument', 'limit');
    await refused('GET', '/owners/alice/recall?q=x&explain=maybe', undefined, 400, 'invalid_argument', 'explain');
    await refused('POST', '/owners/alice/recall', { query: 42 }, 400, 'invalid_argument', 'query');
    await refused('POST', '/owners/alice/recall', { query: 'x', namespace: 'other' }, 400, 'invalid_argument', 'namespace');
    await refused('POST', '/owners/alice/recall', [], 400, 'invalid_argument', 'body');

    await refused('POST', '/owners/alice/forget', { id: 'no-such-id' }, 404, 'not_found');
    await refused('POST', '/owners/alice/forget', { id: 'a', ids: ['b'] }, 400, 'invalid_argument');
    await refused('POST', '/owners/alice/forget', {}, 400, 'invalid_argument');
    await refused('POST', '/owners/alice/forget', { id: 7 }, 400, 'invalid_argument', 'id');
    await refused('POST', '/owners/alice/forget', { id: 'a', everything: true }, 400, 'invalid_argument', 'everything');

    await refused('GET', '/owners/al%20ice/stats', undefined, 400, 'invalid_argument', 'owner');
    await refused('GET', `/owners/${'a'.repeat(129)}/stats`, undefined, 400, 'invalid_argument', 'owner');
    await refused('GET', '/owners/%E0%A4%A/stats', undefined, 400, 'invalid_argument', 'owner');
    await refused('GET', '/nowhere', undefined, 404, 'not_found');
    await refused('GET', '/owners/alice/nowhere', undefined, 404, 'not_found');
    const e = await refused('GET', '/owners/alice/remember', undefined, 405, 'method_not_allowed');
    assert.match(e.message, /POST/);
    await refused('DELETE', '/owners/alice/stats', undefined, 405, 'method_not_allowed');

    // Nothing of the refused writes was stored.
    assert.equal((await call('GET', '/owners/alice/stats')).json.stats.memories, 3);
  });

  test('a snapshot downloads, and restore refuses damaged or foreign bytes with a clear error', async () => {
    const snap = await call('GET', '/owners/alice/snapshot', undefined, { raw: true });
    assert.equal(snap.status, 200);
    assert.equal(snap.headers.get('content-type'), 'application/vnd.sqlite3');
    assert.equal(new TextDecoder().decode(snap.bytes.subarray(0, 15)), 'SQLite format 3');
    assert.equal(snap.bytes.length % 4096, 0);

    let e = await refused('PUT', '/owners/alice/snapshot', new Uint8Array(0), 400, 'invalid_argument', 'data');
    assert.match(e.message, /empty/);
    e = await refused('PUT', '/owners/alice/snapshot', new TextEncoder().encode('not a database at all'), 400, 'invalid_argument', 'data');
    assert.match(e.message, /not an SQLite database/);
    e = await refused('PUT', '/owners/alice/snapshot', snap.bytes.subarray(0, snap.bytes.length - 4096), 400, 'invalid_argument', 'data');
    assert.match(e.message, /truncated/);
    const damaged = snap.bytes.slice();
    damaged.fill(0xa5, 4096 * 2, 4096 * 3); // a b-tree page overwritten
    e = await refused('PUT', '/owners/alice/snapshot', damaged, 400, 'invalid_argument', 'data');
    assert.match(e.message, /damaged|not a usable/);

    // Refusals changed nothing.
    assert.equal((await call('GET', '/owners/alice/stats')).json.stats.memories, 3);

    // A good snapshot restores: into another owner, as a copy.
    const r = await call('PUT', '/owners/carol/snapshot', snap.bytes);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.restored.memories, 3);
    assert.equal(r.json.restored.bytes, snap.bytes.length);
    const hits = (await call('GET', '/owners/carol/recall?q=ThinkPad')).json.hits;
    assert.equal(hits[0].memory.id, ids.thinkpad);
  });

  test('a database of many chunks is stored and restored', async () => {
    for (let b = 0; b < 3; b++) {
      const batch = Array.from({ length: 400 }, (_, i) => ({
        content: `Note ${b * 400 + i}: the deployment pipeline step ${i} uses runner pool ${b} and takes ${i % 17} minutes`,
        tags: [`batch${b}`],
      }));
      const r = await call('POST', '/owners/dave/remember', batch);
      assert.equal(r.status, 200, JSON.stringify(r.json).slice(0, 300));
    }
    const s = (await call('GET', '/owners/dave/stats')).json;
    assert.equal(s.stats.memories, 1200);
    if (mode === 'pages') {
      assert.equal(s.storage.mode, 'pages');
      assert.ok(s.storage.pages > 100, `expected a row per page, got ${JSON.stringify(s.storage)}`);
    } else {
      assert.ok(s.storage.chunks > 1, `expected several chunks, got ${JSON.stringify(s.storage)}`);
    }
    assert.equal(s.storage.bytes, s.stats.dbBytes);
    // The whole database downloads (pages: streamed from storage, 64 pages at a time) and
    // restores elsewhere, SQLite's checks included.
    const snap = await call('GET', '/owners/dave/snapshot', undefined, { raw: true });
    assert.equal(snap.status, 200);
    assert.equal(snap.bytes.length, s.stats.dbBytes);
    const r = await call('PUT', '/owners/dave-copy/snapshot', snap.bytes);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.restored.memories, 1200);
  });

  test('recall heat is stored by the alarm', async () => {
    const before = (await call('GET', `/owners/alice/memories/${ids.thinkpad}`)).json.memory.accessCount;
    await call('GET', '/owners/alice/recall?q=ThinkPad');
    await new Promise((r) => setTimeout(r, 2500)); // MEMCORE_HEAT_FLUSH_SECONDS=1
    ids.thinkpadAccess = before + 1;
  });

  test('after a restart of workerd, every owner recalls what was stored', async () => {
    await restart({ MEMCORE_API_TOKEN: TOKEN });
    const auth = { headers: { authorization: `Bearer ${TOKEN}` } };

    await refused('GET', '/owners/alice/stats', undefined, 401, 'unauthorized');
    await refused('GET', '/owners/alice/stats', undefined, 401, 'unauthorized', undefined, { headers: { authorization: 'Bearer wrong' } });

    const s = await call('GET', '/owners/alice/stats', undefined, auth);
    assert.equal(s.status, 200);
    assert.equal(s.json.stats.memories, 3);
    if (mode === 'pages') assert.equal(s.json.loadedFrom.pages, true);
    else assert.equal(s.json.loadedFrom.bytes, s.json.storage.bytes);

    let r = await call('GET', `/owners/alice/recall?q=${encodeURIComponent('脚本')}`, undefined, auth);
    assert.equal(r.json.hits[0].memory.id, ids.python);
    r = await call('GET', '/owners/alice/recall?q=deploy%20Fridays', undefined, auth);
    assert.deepEqual(r.json.hits, [], 'a forgotten memory stays forgotten');
    const m = (await call('GET', `/owners/alice/memories/${ids.thinkpad}`, undefined, auth)).json.memory;
    assert.equal(m.accessCount, ids.thinkpadAccess, 'the access count of the recall before the restart');

    r = await call('GET', '/owners/bob/recall?q=tea', undefined, auth);
    assert.equal(r.json.hits.length, 1);
    assert.equal((await call('GET', '/owners/carol/stats', undefined, auth)).json.stats.memories, 3);
    const d = (await call('GET', '/owners/dave/stats', undefined, auth)).json;
    assert.equal(d.stats.memories, 1200);
    r = await call('POST', '/owners/dave/recall', { query: 'note 1199', limit: 1 }, auth);
    assert.match(r.json.hits[0].memory.content, /^Note 1199:/);

    // And writes go on from the restored state.
    r = await call('POST', '/owners/alice/remember', { content: 'Written after the restart' }, auth);
    assert.equal(r.status, 200);
    assert.equal((await call('GET', '/owners/alice/stats', undefined, auth)).json.stats.memories, 4);
  });

  test('workerd logged no uncaught error', () => {
    assert.doesNotMatch(w.log(), /Uncaught|uncaught exception|internal error/i, w.log());
  });
});

test('wrangler.toml and workerd.capnp describe the same Worker', () => {
  const toml = fs.readFileSync(path.join(exampleDir, 'wrangler.toml'), 'utf8');
  const capnp = fs.readFileSync(path.join(exampleDir, 'workerd.capnp'), 'utf8');
  const date = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  assert.ok(date, 'wrangler.toml sets compatibility_date');
  assert.match(capnp, new RegExp(`compatibilityDate = "${date}"`));
  assert.match(toml, /^main\s*=\s*"src\/worker\.js"/m);
  assert.match(toml, /name\s*=\s*"MEMORY_OWNER"\s*\n\s*class_name\s*=\s*"MemoryOwner"/);
  assert.match(capnp, /name = "MEMORY_OWNER", durableObjectNamespace = "MemoryOwner"/);
  assert.match(toml, /new_sqlite_classes\s*=\s*\[\s*"MemoryOwner"\s*\]/);
  assert.match(capnp, /className = "MemoryOwner".*enableSql = true/);
});
