// Documents and working memory (scratchpad, plan, business state) through the packed
// package: happy paths, the engine's rules surfacing as MemcoreErrors, JavaScript-side
// checks, namespaces, and closed databases.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { memcore, rejects } from './helpers.mjs';

const { open } = await memcore();

const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

describe('documents', () => {
  let mem;
  before(async () => {
    mem = await open({ path: ':memory:' });
  });
  after(() => mem.close());

  test('set, get, list, delete', async () => {
    const doc = await mem.documents.set('USER', '# User\nAda, a data analyst in Berlin. 住在柏林。');
    assert.equal(doc.name, 'USER');
    assert.match(doc.updatedAt, TIME);
    assert.deepEqual(await mem.documents.get('USER'), doc);
    await mem.documents.set('daily/2026-03-04', '');
    const list = await mem.documents.list();
    assert.deepEqual(list.map((d) => d.name), ['USER', 'daily/2026-03-04']);
    assert.equal(list[0].bytes, new TextEncoder().encode(doc.content).length);
    assert.equal(list[1].bytes, 0);
    assert.equal(list[0].content, undefined, 'list has no content');
    assert.deepEqual(await mem.documents.delete('daily/2026-03-04'), { deleted: true, name: 'daily/2026-03-04' });
    assert.deepEqual((await mem.documents.list()).map((d) => d.name), ['USER']);
    assert.deepEqual(await mem.withNamespace('other').documents.list(), [], 'documents are per namespace');
  });

  test('errors', async () => {
    await rejects(() => mem.documents.get('SOUL'), 'not_found', 'name');
    await rejects(() => mem.documents.delete('SOUL'), 'not_found', 'name');
    await rejects(() => mem.documents.get('identity'), 'invalid_argument', 'name');
    await rejects(() => mem.documents.set('daily/2026-02-30', 'x'), 'invalid_argument', 'name');
    await rejects(() => mem.documents.get(1), 'invalid_argument', 'name');
    await rejects(() => mem.documents.set('USER'), 'invalid_argument', 'content');
    await rejects(() => mem.documents.set('USER', { text: 'x' }), 'invalid_argument', 'content');
    await rejects(() => mem.documents.set('USER', 'x'.repeat(64 * 1024 + 1)), 'too_large', 'content');
    await rejects(() => mem.documents.set('MEMORY', '- line\n'.repeat(201)), 'too_large', 'content');
  });
});

describe('scratchpad', () => {
  let mem;
  before(async () => {
    mem = await open({ path: ':memory:' });
  });
  after(() => mem.close());

  test('set, get, list, delete, per session', async () => {
    const e = await mem.scratchpad.set('s1', 'subagent_result::research', 'Found 3 papers on CJK tokenisation.');
    assert.equal(e.key, 'subagent_result::research');
    assert.equal(e.value, 'Found 3 papers on CJK tokenisation.');
    assert.match(e.updatedAt, TIME);
    await mem.scratchpad.set('s1', 'draft', '');
    await mem.scratchpad.set('s1', '草稿', '第一版');
    await mem.scratchpad.set('s2', 'draft', 'other session');
    assert.deepEqual(await mem.scratchpad.get('s1', 'subagent_result::research'), e);
    assert.deepEqual((await mem.scratchpad.list('s1')).map((x) => [x.key, x.value]), [
      ['draft', ''],
      ['subagent_result::research', 'Found 3 papers on CJK tokenisation.'],
      ['草稿', '第一版'],
    ]);
    const replaced = await mem.scratchpad.set('s1', 'draft', 'v2');
    assert.equal((await mem.scratchpad.get('s1', 'draft')).value, 'v2');
    assert.equal(replaced.value, 'v2');
    assert.deepEqual(await mem.scratchpad.delete('s1', 'draft'), { deleted: true, key: 'draft' });
    assert.equal((await mem.scratchpad.list('s1')).length, 2);
    assert.equal((await mem.scratchpad.get('s2', 'draft')).value, 'other session');
    assert.deepEqual(await mem.scratchpad.list('never'), []);
  });

  test('errors', async () => {
    await rejects(() => mem.scratchpad.get('s1', 'missing'), 'not_found', 'key');
    await rejects(() => mem.scratchpad.delete('s1', 'missing'), 'not_found', 'key');
    await rejects(() => mem.scratchpad.set('s1', '__internal__', 'x'), 'invalid_argument', 'key');
    await rejects(() => mem.scratchpad.set('s1', 'a\nb', 'x'), 'invalid_argument', 'key');
    await rejects(() => mem.scratchpad.set('s1', '', 'x'), 'invalid_argument', 'key');
    await rejects(() => mem.scratchpad.set('s1', 'k'.repeat(257), 'x'), 'too_large', 'key');
    await rejects(() => mem.scratchpad.set('s1', 'k', 42), 'invalid_argument', 'value');
    await rejects(() => mem.scratchpad.set('s1', 'k'), 'invalid_argument', 'value');
    await rejects(() => mem.scratchpad.set(1, 'k', 'v'), 'invalid_argument', 'sessionId');
    await rejects(() => mem.scratchpad.list(''), 'invalid_argument', 'sessionId');
    await rejects(() => mem.scratchpad.get('s1', null), 'invalid_argument', 'key');
  });
});

describe('plan', () => {
  let mem;
  before(async () => {
    mem = await open({ path: ':memory:' });
  });
  after(() => mem.close());

  test('set, get, updateStep', async () => {
    const p = await mem.plan.set('s1', { goal: 'Deploy Atlas', steps: [{ title: 'build' }, { title: 'test', status: 'in_progress' }, { title: 'deploy' }] });
    assert.equal(p.sessionId, 's1');
    assert.equal(p.goal, 'Deploy Atlas');
    assert.deepEqual(p.steps, [
      { title: 'build', status: 'pending' },
      { title: 'test', status: 'in_progress' },
      { title: 'deploy', status: 'pending' },
    ]);
    assert.match(p.updatedAt, TIME);
    assert.deepEqual(await mem.plan.get('s1'), p);
    const u = await mem.plan.updateStep('s1', 1, 'completed');
    assert.equal(u.steps[1].status, 'completed');
    const v = await mem.plan.updateStep('s1', 2, 'in_progress');
    assert.deepEqual(v.steps.map((s) => s.status), ['pending', 'completed', 'in_progress']);
    await rejects(() => mem.plan.updateStep('s1', 0, 'in_progress'), 'conflict', 'status');
    const replaced = await mem.plan.set('s1', { goal: '只有目标' });
    assert.deepEqual(replaced.steps, []);
  });

  test('errors', async () => {
    await rejects(() => mem.plan.get('none'), 'not_found', 'sessionId');
    await rejects(() => mem.plan.updateStep('none', 0, 'completed'), 'not_found', 'sessionId');
    await mem.plan.set('s2', { goal: 'g', steps: [{ title: 'a' }] });
    await rejects(() => mem.plan.updateStep('s2', 5, 'completed'), 'invalid_argument', 'index');
    await rejects(() => mem.plan.updateStep('s2', -1, 'completed'), 'invalid_argument', 'index');
    await rejects(() => mem.plan.updateStep('s2', 0.5, 'completed'), 'invalid_argument', 'index');
    await rejects(() => mem.plan.updateStep('s2', '0', 'completed'), 'invalid_argument', 'index');
    await rejects(() => mem.plan.updateStep('s2', 0, 'done'), 'invalid_argument', 'status');
    await rejects(() => mem.plan.updateStep('s2', 0), 'invalid_argument', 'status');
    await rejects(() => mem.plan.set('s2', { goal: '' }), 'invalid_argument', 'goal');
    await rejects(() => mem.plan.set('s2', 'Deploy'), 'invalid_argument', 'plan');
    await rejects(() => mem.plan.set('s2', { goal: 'g', sessionId: 's3' }), 'invalid_argument', 'sessionId');
    await rejects(() => mem.plan.set('s2', { goal: 'g', steps: [{ title: 'a', status: 'in_progress' }, { title: 'b', status: 'in_progress' }] }), 'invalid_argument', 'steps[1].status');
    await rejects(() => mem.plan.set('s2', { goal: 'g', steps: [{ title: '' }] }), 'invalid_argument', 'steps[0].title');
    await rejects(() => mem.plan.set('s2', { goal: 'g', steps: Array.from({ length: 101 }, (_, i) => ({ title: `s${i}` })) }), 'too_large', 'steps');
    await rejects(() => mem.plan.set('s2', { goal: 'g', owner: 'me' }), 'invalid_argument', 'owner');
  });
});

describe('business state', () => {
  test('set, get, clear', async () => {
    const mem = await open({ path: ':memory:' });
    assert.deepEqual(await mem.state.get('s1'), { sessionId: 's1', state: '' });
    assert.deepEqual(await mem.state.set('s1', 'cart: 2 items; 购物车：两件'), { sessionId: 's1', state: 'cart: 2 items; 购物车：两件' });
    assert.equal((await mem.state.get('s1')).state, 'cart: 2 items; 购物车：两件');
    await mem.state.set('s1', '');
    assert.equal((await mem.state.get('s1')).state, '');
    await rejects(() => mem.state.set('s1', null), 'invalid_argument', 'state');
    await rejects(() => mem.state.set('s1', 'x'.repeat(64 * 1024 + 1)), 'too_large', 'state');
    await rejects(() => mem.state.get(), 'invalid_argument', 'sessionId');
    await mem.close();
  });
});

describe('closed', () => {
  test('every new method fails with closed, before checking its arguments', async () => {
    const mem = await open({ path: ':memory:' });
    const { documents, scratchpad, plan, state } = mem; // detached: still bound to mem
    await mem.close();
    for (const call of [
      () => mem.extractFacts([]),
      () => mem.consolidate(),
      () => mem.compact([]),
      () => mem.buildContext({ sessionId: 's', messages: [], budgetTokens: 100 }),
      () => mem.buildContext(),
      () => mem.endSession('s'),
      () => mem.episodes(),
      () => mem.snapshot(),
      () => mem.restore(new Uint8Array(1)),
      () => mem.restore('not bytes'),
      () => documents.get('USER'),
      () => documents.set('USER', 'x'),
      () => documents.list(),
      () => documents.delete('USER'),
      () => scratchpad.set('s', 'k', 'v'),
      () => scratchpad.get('s', 'k'),
      () => scratchpad.list('s'),
      () => scratchpad.delete('s', 'k'),
      () => plan.set('s', { goal: 'g' }),
      () => plan.get('s'),
      () => plan.updateStep('s', 0, 'completed'),
      () => state.set('s', 'x'),
      () => state.get(42),
    ]) {
      await rejects(call, 'closed', undefined);
    }
  });

  test('the sub-APIs are stable, frozen objects', async () => {
    const mem = await open({ path: ':memory:' });
    assert.equal(mem.documents, mem.documents);
    assert.ok(Object.isFrozen(mem.scratchpad));
    assert.notEqual(mem.withNamespace('x').plan, mem.plan);
    assert.deepEqual(Object.keys(mem.documents).sort(), ['delete', 'get', 'list', 'set']);
    assert.deepEqual(Object.keys(mem.scratchpad).sort(), ['delete', 'get', 'list', 'set']);
    assert.deepEqual(Object.keys(mem.plan).sort(), ['get', 'set', 'updateStep']);
    assert.deepEqual(Object.keys(mem.state).sort(), ['get', 'set']);
    assert.deepEqual(Object.keys(mem.tasks).sort(), ['create', 'delete', 'get', 'list', 'ready', 'update']);
    assert.ok(Object.isFrozen(mem.tasks));
    await mem.close();
  });
});
