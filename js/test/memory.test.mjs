// The Memory API against the packed and installed package: remember/recall in Chinese and
// English, get/list/update/forget/history, turns, namespaces, errors, closing.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { memcore, tempDir } from './helpers.mjs';

const { open, MemcoreError, Memory, ERROR_CODES, VERSION } = await memcore();

/** Asserts that fn() rejects (or throws) a MemcoreError with code and field. */
async function rejects(fn, code, field) {
  let err;
  try {
    await fn();
  } catch (e) {
    err = e;
  }
  assert.ok(err, `expected a MemcoreError ${code}, nothing was thrown`);
  assert.ok(err instanceof MemcoreError, `expected a MemcoreError, got ${err?.constructor?.name}: ${err?.message}`);
  assert.ok(err instanceof Error);
  assert.equal(err.name, 'MemcoreError');
  assert.equal(err.code, code, `code of: ${err.message}`);
  assert.equal(err.field, field, `field of: ${err.message}`);
  assert.equal(typeof err.message, 'string');
  assert.ok(err.message.length > 0);
  return err;
}

describe('remember and recall', () => {
  let mem;
  before(async () => {
    mem = await open({ path: ':memory:' });
  });
  after(() => mem.close());

  test('Chinese: a two-character word inside a sentence', async () => {
    const m = await mem.remember({ type: 'preference', content: '用户喜欢用 Python 写脚本', importance: 0.8 });
    await mem.remember([{ content: '用户住在上海' }, { content: '明天下午三点开会' }]);
    const hits = await mem.recall('脚本');
    assert.equal(hits.length, 1);
    assert.equal(hits[0].memory.id, m.id);
    assert.equal(hits[0].memory.content, '用户喜欢用 Python 写脚本');
    assert.equal(typeof hits[0].score, 'number');
    assert.equal(hits[0].components, undefined, 'components only with explain');
  });

  test('English, with explain', async () => {
    await mem.remember({ content: 'The user runs Linux on a ThinkPad', tags: ['hardware'] });
    await mem.remember({ content: 'The user prefers dark mode in every editor', type: 'preference' });
    const hits = await mem.recall('what laptop does the user run?', { limit: 5, explain: true });
    assert.ok(hits.length >= 1);
    assert.equal(hits[0].memory.content, 'The user runs Linux on a ThinkPad');
    const c = hits[0].components;
    for (const k of ['bm25', 'relevance', 'recency', 'importance', 'heat']) assert.equal(typeof c[k], 'number', k);
    assert.equal(c.relevance, 1);
  });

  test('one memory in, one record out; an array in, an array out', async () => {
    const one = await mem.remember({ content: 'single' });
    assert.ok(!Array.isArray(one));
    assert.equal(one.content, 'single');
    assert.equal(one.version, 1);
    assert.equal(one.namespace, 'default');
    assert.equal(one.type, 'note');
    assert.deepEqual(one.tags, []);
    assert.match(one.id, /^[0-9A-Z]{26}$/);
    assert.match(one.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    const many = await mem.remember([{ content: 'a1' }, { content: 'a2', type: 'fact', expiresAt: new Date(Date.now() + 3600_000) }]);
    assert.ok(Array.isArray(many));
    assert.deepEqual(many.map((m) => m.content), ['a1', 'a2']);
    assert.ok(Date.parse(many[1].expiresAt) > Date.now(), 'a Date is sent as RFC 3339');
  });

  test('recall counts as access unless peek', async () => {
    const m = await mem.remember({ content: 'zebra crossing at the corner' });
    await mem.recall('zebra', { peek: true });
    assert.equal((await mem.get(m.id)).accessCount, 0);
    await mem.recall('zebra');
    const got = await mem.get(m.id);
    assert.equal(got.accessCount, 1);
    assert.ok(got.lastAccessedAt);
  });
});

describe('get, list, update, forget, history', () => {
  let mem;
  before(async () => {
    mem = await open({ path: ':memory:' });
  });
  after(() => mem.close());

  test('list pages with nextCursor, newest first, filtered', async () => {
    const stored = await mem.remember(Array.from({ length: 5 }, (_, i) => ({ content: `item ${i}`, type: i % 2 ? 'fact' : 'note' })));
    const p1 = await mem.list({ limit: 2 });
    assert.equal(p1.memories.length, 2);
    assert.equal(p1.memories[0].id, stored[4].id);
    assert.equal(typeof p1.nextCursor, 'string');
    const p2 = await mem.list({ limit: 2, cursor: p1.nextCursor });
    const p3 = await mem.list({ limit: 2, cursor: p2.nextCursor });
    assert.equal(p3.memories.length, 1);
    assert.equal(p3.nextCursor, undefined);
    const facts = await mem.list({ types: ['fact'] });
    assert.deepEqual(facts.memories.map((m) => m.content).sort(), ['item 1', 'item 3']);
    assert.equal((await mem.list()).memories.length, 5);
  });

  test('update with expectVersion; a stale one is a conflict', async () => {
    const m = await mem.remember({ content: 'likes tea', importance: 0.4 });
    const u = await mem.update(m.id, { importance: 0.9, tags: ['drinks'] }, { expectVersion: 1 });
    assert.equal(u.version, 2);
    assert.equal(u.importance, 0.9);
    assert.deepEqual(u.tags, ['drinks']);
    await rejects(() => mem.update(m.id, { content: 'likes coffee' }, { expectVersion: 1 }), 'conflict', 'expectVersion');
    assert.equal((await mem.get(m.id)).content, 'likes tea', 'a conflicting update writes nothing');
    const u3 = await mem.update(m.id, { content: 'likes coffee' });
    assert.equal(u3.version, 3);
    const h = await mem.history(m.id);
    assert.deepEqual(h.map((e) => [e.version, e.op]), [[1, 'create'], [2, 'update'], [3, 'update']]);
    assert.equal(h[0].memory.content, 'likes tea');
  });

  test('forget keeps history; forget with purge leaves nothing', async () => {
    const [a, b] = await mem.remember([{ content: 'to forget' }, { content: 'to purge' }]);
    const { receipt, ...forgot } = await mem.forget(a.id);
    assert.deepEqual(forgot, { forgotten: 1, ids: [a.id] });
    assert.equal(receipt.memories, 1);
    await rejects(() => mem.get(a.id), 'not_found', 'id');
    assert.equal((await mem.history(a.id)).at(-1).op, 'forget');

    const r = await mem.forget([b.id], { purge: true });
    assert.equal(r.forgotten, 1);
    await rejects(() => mem.get(b.id), 'not_found', 'id');
    await rejects(() => mem.history(b.id), 'not_found', 'id');
    assert.deepEqual(await mem.recall('purge'), []);
  });

  test('forget by filter', async () => {
    await mem.remember([{ content: 'tmp one', tags: ['scratch'] }, { content: 'tmp two', tags: ['scratch'] }]);
    const r = await mem.forget({ tags: ['scratch'] }, { purge: true });
    assert.equal(r.forgotten, 2);
    await rejects(() => mem.forget({}), 'invalid_argument', 'filter');
  });
});

describe('turns', () => {
  test('appendTurns numbers turns per session; searchTurns finds them', async () => {
    const mem = await open({ path: ':memory:' });
    const turns = await mem.appendTurns('s1', [
      { role: 'user', content: '我明天要去北京出差' },
      { role: 'assistant', content: '好的，祝你旅途顺利' },
    ]);
    assert.deepEqual(turns.map((t) => [t.seq, t.role, t.sessionId]), [[1, 'user', 's1'], [2, 'assistant', 's1']]);
    const more = await mem.appendTurns('s1', [{ role: 'tool', name: 'calendar', content: 'booked: Beijing, 9:00' }]);
    assert.equal(more[0].seq, 3);
    assert.equal(more[0].name, 'calendar');
    const hits = await mem.searchTurns('北京', { sessionId: 's1', limit: 5 });
    assert.equal(hits[0].turn.content, '我明天要去北京出差');
    assert.equal(typeof hits[0].score, 'number');
    const st = await mem.stats();
    assert.equal(st.turns, 3);
    assert.equal(st.sessions, 1);
    await rejects(() => mem.appendTurns('s1', [{ role: 'robot', content: 'x' }]), 'invalid_argument', 'turns[0].role');
    await mem.close();
  });
});

describe('namespaces', () => {
  test('withNamespace is a view on the same database that sees only its namespace', async (t) => {
    const dir = tempDir(t);
    const mem = await open({ path: path.join(dir, 'ns.db') });
    const alice = mem.withNamespace('alice');
    const bob = alice.withNamespace('鲍勃');
    assert.equal(mem.namespace, 'default');
    assert.equal(alice.namespace, 'alice');
    assert.ok(alice instanceof Memory);

    const a = await alice.remember({ content: 'Alice keeps bees' });
    await bob.remember({ content: 'Bob keeps bees too' });
    assert.equal(a.namespace, 'alice');
    assert.deepEqual(await mem.recall('bees'), []);
    assert.deepEqual((await alice.recall('bees')).map((h) => h.memory.content), ['Alice keeps bees']);
    await rejects(() => bob.get(a.id), 'not_found', 'id');
    await rejects(() => bob.update(a.id, { content: 'stolen' }), 'not_found', 'id');
    await rejects(() => bob.forget(a.id), 'not_found', 'id');
    assert.equal((await alice.stats()).memories, 1);
    assert.equal((await mem.stats()).memories, 0);
    assert.equal((await alice.stats()).namespace, 'alice');

    // The view binds the namespace: per-call namespaces are refused, not silently ignored.
    await rejects(() => alice.recall('bees', { namespace: 'default' }), 'invalid_argument', 'namespace');
    assert.throws(() => mem.withNamespace(''), (e) => e instanceof MemcoreError && e.field === 'namespace');
    assert.throws(() => mem.withNamespace('a\nb'), (e) => e instanceof MemcoreError && e.code === 'invalid_argument');
    assert.throws(() => mem.withNamespace('x'.repeat(129)), (e) => e instanceof MemcoreError && e.field === 'namespace');

    // Closing any view closes the database for all of them.
    await bob.close();
    assert.equal(mem.closed, true);
    await rejects(() => alice.recall('bees'), 'closed', undefined);
    await rejects(() => mem.stats(), 'closed', undefined);
    assert.throws(() => mem.withNamespace('carol'), (e) => e instanceof MemcoreError && e.code === 'closed');
  });

  test('open with a namespace', async () => {
    const mem = await open({ path: ':memory:', namespace: 'team-7' });
    const m = await mem.remember({ content: 'x y z' });
    assert.equal(m.namespace, 'team-7');
    await mem.close();
  });
});

describe('errors', () => {
  let mem;
  before(async () => {
    mem = await open({ path: ':memory:' });
  });
  after(() => mem.close());

  const cases = [
    // [what, call, code, field]
    ['remember(42)', (m) => m.remember(42), 'invalid_argument', 'memory'],
    ['remember(null)', (m) => m.remember(null), 'invalid_argument', 'memory'],
    ['remember("text")', (m) => m.remember('text'), 'invalid_argument', 'memory'],
    ['empty content', (m) => m.remember({ content: '' }), 'invalid_argument', 'memory.content'],
    ['blank content', (m) => m.remember({ content: '  \n ' }), 'invalid_argument', 'memory.content'],
    ['missing content', (m) => m.remember({ type: 'fact' }), 'invalid_argument', 'memory.content'],
    ['importance 2', (m) => m.remember({ content: 'x', importance: 2 }), 'invalid_argument', 'memory.importance'],
    ['importance NaN', (m) => m.remember({ content: 'x', importance: NaN }), 'invalid_argument', 'memory.importance'],
    ['importance "high"', (m) => m.remember({ content: 'x', importance: 'high' }), 'invalid_argument', 'memory.importance'],
    ['unknown type', (m) => m.remember({ content: 'x', type: 'gossip' }), 'invalid_argument', 'memory.type'],
    ['unknown field', (m) => m.remember({ content: 'x', colour: 'red' }), 'invalid_argument', 'memory.colour'],
    ['bigint', (m) => m.remember({ content: 'x', importance: 1n }), 'invalid_argument', 'memory.importance'],
    ['content over 64 KiB', (m) => m.remember({ content: 'x'.repeat(64 * 1024 + 1) }), 'too_large', 'memory.content'],
    ['CJK content over 64 KiB', (m) => m.remember({ content: '记'.repeat(22_000) }), 'too_large', 'memory.content'],
    ['batch: the bad one is named', (m) => m.remember([{ content: 'ok' }, { content: 'ok' }, { content: '' }]), 'invalid_argument', 'memories[2].content'],
    ['empty batch', (m) => m.remember([]), 'invalid_argument', 'memories'],
    ['batch over 1000', (m) => m.remember(Array.from({ length: 1001 }, () => ({ content: 'x' }))), 'too_large', 'memories'],
    ['33 tags', (m) => m.remember({ content: 'x', tags: Array.from({ length: 33 }, (_, i) => `t${i}`) }), 'too_large', 'memory.tags'],
    ['recall(42)', (m) => m.recall(42), 'invalid_argument', 'query'],
    ['recall()', (m) => m.recall(), 'invalid_argument', 'query'],
    ['recall("")', (m) => m.recall(''), 'invalid_argument', 'query'],
    ['recall options not an object', (m) => m.recall('x', 5), 'invalid_argument', 'options'],
    ['recall limit "ten"', (m) => m.recall('x', { limit: 'ten' }), 'invalid_argument', 'limit'],
    ['recall unknown option', (m) => m.recall('x', { bogus: true }), 'invalid_argument', 'bogus'],
    ['query over 2 KiB', (m) => m.recall('q'.repeat(3000)), 'too_large', 'query'],
    ['get(42)', (m) => m.get(42), 'invalid_argument', 'id'],
    ['get unknown', (m) => m.get('01M80T47WT40BZGED4VAME7QPH'), 'not_found', 'id'],
    ['update(id, 42)', (m) => m.update('x', 42), 'invalid_argument', 'patch'],
    ['update unknown', (m) => m.update('01M80T47WT40BZGED4VAME7QPH', { content: 'y' }), 'not_found', 'id'],
    ['forget(42)', (m) => m.forget(42), 'invalid_argument', 'id'],
    ['list unknown filter', (m) => m.list({ bogus: 1 }), 'invalid_argument', 'bogus'],
    ['list filter not an object', (m) => m.list('fact'), 'invalid_argument', 'filter'],
    ['appendTurns(1, [])', (m) => m.appendTurns(1, []), 'invalid_argument', 'sessionId'],
    ['appendTurns("s", "hi")', (m) => m.appendTurns('s', 'hi'), 'invalid_argument', 'turns'],
    ['searchTurns(null)', (m) => m.searchTurns(null), 'invalid_argument', 'query'],
    ['recall query as an option too', (m) => m.recall('x', { query: 'y' }), 'invalid_argument', 'query'],
    ['update id as an option too', (m) => m.update('x', {}, { id: 'y' }), 'invalid_argument', 'id'],
    ['a cycle', (m) => { const o = { content: 'x' }; o.card = { self: o }; return m.remember(o); }, 'invalid_argument', 'memory.card.self'],
  ];
  for (const [what, call, code, field] of cases) {
    test(what, () => rejects(() => call(mem), code, field));
  }

  test('nothing of a failed batch is stored', async () => {
    const before = (await mem.stats()).memories;
    await rejects(() => mem.remember([{ content: 'fine' }, { content: 'x', importance: 7 }]), 'invalid_argument', 'memories[1].importance');
    assert.equal((await mem.stats()).memories, before);
  });

  test('ERROR_CODES is the closed set', () => {
    assert.deepEqual([...ERROR_CODES].sort(), ['closed', 'conflict', 'internal', 'invalid_argument', 'not_found', 'storage', 'too_large', 'unsupported']);
  });
});

describe('open', () => {
  test('options are checked', async (t) => {
    await rejects(() => open(), 'invalid_argument', 'options');
    await rejects(() => open('agent.db'), 'invalid_argument', 'options');
    await rejects(() => open({}), 'invalid_argument', 'path');
    await rejects(() => open({ path: '' }), 'invalid_argument', 'path');
    await rejects(() => open({ path: 42 }), 'invalid_argument', 'path');
    await rejects(() => open({ path: new URL('https://example.com/agent.db') }), 'invalid_argument', 'path');
    await rejects(() => open({ path: ':memory:', namespace: '' }), 'invalid_argument', 'namespace');
    await rejects(() => open({ path: ':memory:', namespce: 'x' }), 'invalid_argument', 'namespce');
    // A misspelt option or op field says which names there are, or which one was meant.
    await assert.rejects(() => open({ pth: 'x.db' }), /unknown option "pth" of open \(options: path, .*namespace/);
    const m = await open({ path: ':memory:' });
    await assert.rejects(() => m.buildContext({ sessionId: 's', messages: [], budget: 800 }), /unknown field "budget" \(did you mean "budgetTokens"\?\)/);
    await assert.rejects(() => m.recall('x', { limt: 5 }), /did you mean "limit"/);
    await m.close();
    await rejects(() => open({ path: ':memory:', embed: 'yes' }), 'invalid_argument', 'embed');
    await rejects(() => open({ path: ':memory:', cacheKiB: -1 }), 'invalid_argument', 'cacheKiB');
    await rejects(() => open({ path: ':memory:', limits: { maxContent: 5 } }), 'invalid_argument', 'limits.maxContent');
    await rejects(() => open({ path: ':memory:', scoring: { relevance: 'high' } }), 'invalid_argument', 'scoring.relevance');
    await rejects(() => open({ path: ':memory:', llm: 'gpt' }), 'invalid_argument', 'llm');
    const dir = tempDir(t);
    await rejects(() => open({ path: path.join(dir, 'no', 'such', 'dir', 'x.db') }), 'storage', 'path');
  });

  test('limits and partial scoring reach the engine', async () => {
    const mem = await open({ path: ':memory:', limits: { maxContentBytes: 10, maxBatch: 2 }, scoring: { importance: 0.5 } });
    await mem.remember({ content: '0123456789' });
    await rejects(() => mem.remember({ content: '0123456789A' }), 'too_large', 'memory.content');
    await rejects(() => mem.remember([{ content: 'a' }, { content: 'b' }, { content: 'c' }]), 'too_large', 'memories');
    const hits = await mem.recall('0123456789', { explain: true });
    assert.equal(hits.length, 1, 'the other weights keep their defaults (minRelevance, candidatePool, …)');
    await mem.close();
  });

  test('a file path is resolved against the working directory', async (t) => {
    const dir = tempDir(t);
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const mem = await open({ path: 'rel.db' });
      await mem.remember({ content: 'relative' });
      await mem.close();
    } finally {
      process.chdir(cwd);
    }
    const again = await open({ path: new URL(`file://${path.join(dir, 'rel.db')}`) });
    assert.equal((await again.stats()).memories, 1);
    await again.close();
  });

  test('two opens of one file share its database; other options are refused', async (t) => {
    const dir = tempDir(t);
    const file = path.join(dir, 'shared.db');
    const a = await open({ path: file });
    const b = await open({ path: path.join(dir, '.', 'shared.db'), namespace: 'other' });
    await a.remember({ content: 'seen by both handles' });
    assert.equal((await b.withNamespace('default').stats()).memories, 1);
    await rejects(() => open({ path: file, cacheKiB: 1024 }), 'invalid_argument', 'path');
    await rejects(() => open({ path: file, embed: async (t) => t.map(() => [1]) }), 'invalid_argument', 'path');
    await rejects(() => open({ path: file, llm: async () => '' }), 'invalid_argument', 'path');
    await a.close();
    assert.equal(a.closed, true);
    assert.equal(b.closed, false, 'closing one open() leaves the others open');
    assert.equal((await b.withNamespace('default').recall('seen')).length, 1);
    await b.close();
    const c = await open({ path: file, cacheKiB: 1024 }); // closed everywhere: other options are fine now
    await c.close();
  });

  test('close is idempotent and every method then fails with closed', async () => {
    const mem = await open({ path: ':memory:' });
    const m = await mem.remember({ content: 'x' });
    await Promise.all([mem.close(), mem.close()]);
    await mem.close();
    for (const call of [
      () => mem.remember({ content: 'y' }),
      () => mem.get(m.id),
      () => mem.list(),
      () => mem.update(m.id, { content: 'z' }),
      () => mem.forget(m.id),
      () => mem.history(m.id),
      () => mem.recall('x'),
      () => mem.stats(),
      () => mem.appendTurns('s', [{ role: 'user', content: 'hi' }]),
      () => mem.searchTurns('hi'),
    ]) {
      await rejects(call, 'closed', undefined);
    }
  });

  test('requests in flight when close is called finish', async () => {
    const mem = await open({ path: ':memory:' });
    const pending = mem.remember(Array.from({ length: 200 }, (_, i) => ({ content: `in flight ${i}` })));
    const closing = mem.close();
    assert.equal((await pending).length, 200);
    await closing;
  });

  test('Memory cannot be constructed directly', () => {
    assert.throws(() => new Memory(), TypeError);
  });

  test('VERSION is the package version', () => {
    assert.equal(VERSION, '0.1.0');
  });

  test('nothing is added to globalThis', async () => {
    const mem = await open({ path: ':memory:' });
    for (const k of ['fs', 'path', 'Go', '__memcore', '__memcore_host', '__memcore_ready', 'require']) {
      assert.equal(Object.hasOwn(globalThis, k), false, k);
    }
    await mem.close();
  });
});
