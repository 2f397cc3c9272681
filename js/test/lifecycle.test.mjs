// The memory lifecycle through the package: keys and metadata, supersede, update
// strategies, forget receipts with alsoTurns, consolidate with onProgress and dryRun,
// quotas (per namespace and at open), the embedding cache.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { memcore } from './helpers.mjs';

const { open, MemcoreError } = await memcore();

async function rejects(fn, code, field) {
  let err;
  try {
    await fn();
  } catch (e) {
    err = e;
  }
  assert.ok(err instanceof MemcoreError, `expected a MemcoreError ${code}, got ${err}`);
  assert.equal(err.code, code, err.message);
  assert.equal(err.field, field, err.message);
}

describe('lifecycle', () => {
  let mem;
  before(async () => {
    mem = await open({ path: ':memory:' });
  });
  after(() => mem.close());

  test('a key upserts, expectVersion guards it, metadata filters', async () => {
    const a = await mem.remember({ key: 'user.diet', content: 'vegetarian', metadata: { source: 'form' } });
    assert.equal(a.key, 'user.diet');
    assert.deepEqual(a.metadata, { source: 'form' });
    const r = await mem.remember({ key: 'user.diet', content: 'vegan', expectVersion: 1 }, { detailed: true });
    assert.deepEqual(r.upserted, [a.id]);
    assert.equal(r.memories[0].version, 2);
    await rejects(() => mem.remember({ key: 'user.diet', content: 'x', expectVersion: 1 }), 'conflict', 'memory.expectVersion');
    await rejects(() => mem.remember({ content: 'x' }, { detailed: 'yes' }), 'invalid_argument', 'detailed');
    const page = await mem.list({ metadata: { source: 'form' } });
    assert.deepEqual(page.memories.map((m) => m.id), [a.id]);
    assert.equal((await mem.list({ metadata: { source: 'chat' } })).memories.length, 0);
    const h = await mem.history(a.id);
    assert.deepEqual(h.map((e) => e.memory.content), ['vegetarian', 'vegan']);
  });

  test('same subject and predicate supersedes; strategies', async () => {
    const berlin = await mem.remember({ type: 'profile', content: 'The user lives in Berlin', subject: 'user', predicate: 'location' });
    const r = await mem.remember({ type: 'profile', content: 'The user moved to Lisbon', subject: 'user', predicate: 'location' }, { detailed: true });
    assert.deepEqual(r.superseded, [{ id: berlin.id, by: r.memories[0].id }]);
    const hits = await mem.recall('Berlin Lisbon');
    assert.deepEqual(hits.map((h) => h.memory.id), [r.memories[0].id]);
    const m = await mem.remember({ content: 'Standup at nine', tags: ['work'] });
    const u = await mem.update(m.id, { content: 'Moved to ten' }, { strategy: 'append' });
    assert.match(u.content, /^Standup at nine\n\(\d{4}-\d\d-\d\d\) Moved to ten$/);
    const d = await mem.update(m.id, { tags: ['team'] }, { strategy: 'merge', detailed: true });
    assert.deepEqual(d.memory.tags, ['work', 'team']);
    await rejects(() => mem.update(m.id, {}, { strategy: 'blend' }), 'invalid_argument', 'strategy');
  });

  test('forget with purge and alsoTurns returns a receipt', async () => {
    const [t] = await mem.appendTurns('s1', [{ role: 'user', content: 'my locker code is quokka' }]);
    const m = await mem.remember({ content: 'locker code: quokka', source: { sessionId: 's1', turnIds: [t.id] } });
    const res = await mem.forget(m.id, { purge: true, alsoTurns: true });
    assert.equal(res.receipt.turns, 1);
    assert.equal(res.receipt.memories, 1);
    assert.equal(res.receipt.indexRewritten, true);
    assert.equal((await mem.searchTurns('quokka')).length, 0);
    await rejects(() => mem.forget('x', { alsoTurns: true }), 'invalid_argument', 'alsoTurns');
  });

  test('consolidate: dry run, then steps with progress', async () => {
    const x = await mem.remember([{ type: 'preference', content: 'The user prefers tabs' }, { type: 'preference', content: 'the user PREFERS tabs' }]);
    const dry = await mem.consolidate({ dryRun: true });
    assert.equal(dry.dryRun, true);
    assert.deepEqual(dry.steps, ['extraction', 'decay', 'expired', 'fold', 'index']);
    assert.ok(dry.plan.some((a) => a.op === 'fold' && a.id === x[0].id && a.into === x[1].id));
    assert.equal((await mem.get(x[0].id)).supersededBy, undefined);
    const seen = [];
    const res = await mem.consolidate({ steps: ['index', 'fold'], onProgress: (p) => seen.push(`${p.index}/${p.total} ${p.step}`) });
    assert.deepEqual(seen, ['0/2 fold', '1/2 index']);
    assert.deepEqual(res.steps, ['fold', 'index']);
    assert.equal(res.fold.folded, 1);
    assert.equal(res.index.memoryChanged, true);
    assert.equal((await mem.get(x[0].id)).supersededBy, x[1].id);
    await rejects(() => mem.consolidate({ onProgress: 5 }), 'invalid_argument', 'onProgress');
    await rejects(() => mem.consolidate({ steps: ['vacuum'], onProgress() {} }), 'invalid_argument', 'steps[0]');
    await rejects(() => mem.consolidate({ steps: ['vacuum'] }), 'invalid_argument', 'steps[0]');
  });

  test('quotas: per namespace and at open', async () => {
    const q = mem.withNamespace('quota');
    const info = await q.quota.set({ maxMemories: 1 });
    assert.equal(info.own, true);
    await q.remember({ content: 'one' });
    await rejects(() => q.remember({ content: 'two' }), 'too_large', 'quota.maxMemories');
    await q.quota.set({ maxMemories: 1, onExceed: 'evict' });
    const r = await q.remember({ content: 'two' }, { detailed: true });
    assert.equal(r.evicted.length, 1);
    await q.quota.set(null);
    assert.equal((await q.quota.get()).own, false);
    await rejects(() => q.quota.set(3), 'invalid_argument', 'quota');

    const bounded = await open({ path: ':memory:', quota: { maxBytes: 10 } });
    try {
      await rejects(() => bounded.remember({ content: 'more than ten bytes' }), 'too_large', 'quota.maxBytes');
      assert.equal((await bounded.quota.get()).maxBytes, 10);
    } finally {
      await bounded.close();
    }
    await rejects(() => open({ path: ':memory:', quota: { onExceed: 'drop' } }), 'invalid_argument', 'quota.onExceed');
  });

  test('embeddings are cached by content and batched', async () => {
    const calls = [];
    const e = await open({ path: ':memory:', embed: async (texts) => { calls.push(texts); return texts.map((t) => [t.length, 1, 2]); } });
    try {
      await e.remember([{ content: 'same text' }, { content: 'same text' }, { content: 'other' }]);
      await e.remember({ content: 'same text' });
      assert.deepEqual(calls, [['same text', 'other']]);
      const st = await e.stats();
      assert.equal(st.embedCalls, 1);
      assert.equal(st.embedCacheHits, 1);
    } finally {
      await e.close();
    }
  });
});
