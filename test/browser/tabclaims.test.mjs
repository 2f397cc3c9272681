// BROWSER.md's claims about several tabs that tabs.test.mjs does not check (the claims
// audit, RELIABILITY.md): namespaces stay apart across tabs, a tab sees another's write as
// soon as it is acknowledged, a tab that is not the owner can do everything the owner
// can, a tab that cannot get the file gets a MemcoreError that says what to do, and the
// browser entry's busyTimeoutMs. Pages of one Chromium context share OPFS.
//
//   cd test/browser && node --test --test-concurrency=1 tabclaims.test.mjs

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { browserSuite, fixtureTab } from './helpers.mjs';

const env = browserSuite('memcore-chromium-tabclaims-');

/** A new tab of the test page; init runs in it before any of its scripts. */
const tab = (init) => fixtureTab(env, init);

/** Opens path in p as window.mem with options; returns whether this tab owns the file. */
function openIn(p, path, options = {}) {
  return p.evaluate(async ({ path, options }) => {
    window.mem = await window.memcore.open({ path, ...options });
    return (await window.mem.stats()).browser.owner;
  }, { path, options });
}

/** Runs fn (a function of mem, as a string's body) in p and returns {ok, value} or {code, field, message, cls}. */
function attempt(p, body, arg) {
  return p.evaluate(async ({ body, arg }) => {
    try {
      return { ok: true, value: await new Function('mem', 'memcore', 'arg', `return (async () => { ${body} })()`)(window.mem, window.memcore, arg) };
    } catch (err) {
      return { code: err.code, field: err.field, message: err.message, cls: err.constructor?.name, isError: err instanceof window.memcore.MemcoreError };
    }
  }, { body, arg });
}

describe('several tabs: the claims', () => {
  test('namespaces stay apart across tabs, and a tab sees another tab’s write once it is acknowledged', { timeout: 5 * 60_000 }, async () => {
    const a = await tab();
    const c = await tab();
    assert.equal(await openIn(a, 'claims/ns.db', { namespace: 'alice' }), true);
    assert.equal(await openIn(c, 'claims/ns.db', { namespace: 'bob' }), false);
    const aliceId = (await attempt(a, "return (await mem.remember({ content: 'Alice keeps bees 养蜂' })).id")).value;
    const bobId = (await attempt(c, "return (await mem.remember({ content: 'Bob keeps bees too 养蜂' })).id")).value;
    // Only alice has a turn about bees: bob's tab must not find it.
    await attempt(a, "await mem.appendTurns('s1', [{ role: 'user', content: 'I keep bees on the roof' }]);");
    // Each namespace sees its own memory only, through every read, from either tab.
    for (const [p, own, other, turns] of [[a, aliceId, bobId, 1], [c, bobId, aliceId, 0]]) {
      const r = await attempt(p, `
        const ids = (await mem.list()).memories.map((m) => m.id);
        const hits = (await mem.recall('bees 养蜂')).map((h) => h.memory.id);
        const turns = (await mem.searchTurns('bees')).length;
        let get = null;
        try { await mem.get(arg); } catch (err) { get = err.code + '/' + err.field; }
        let forget = null;
        try { await mem.forget(arg); } catch (err) { forget = err.code; }
        return { ids, hits, turns, get, forget, n: (await mem.stats()).memories };`, other);
      assert.deepEqual(r.value, { ids: [own], hits: [own], turns, get: 'not_found/id', forget: 'not_found', n: 1 });
    }
    // A view of alice's namespace in the other tab sees alice's next write at once.
    const seen = await c.evaluate(async () => {
      window.alice = window.mem.withNamespace('alice');
      return (await window.alice.list()).memories.length;
    });
    assert.equal(seen, 1);
    const newId = (await attempt(a, "return (await mem.remember({ content: 'Alice moved to Lisbon' })).id")).value;
    const afterWrite = await c.evaluate(async (id) => (await window.alice.get(id)).content, newId);
    assert.equal(afterWrite, 'Alice moved to Lisbon');
    await a.close();
    await c.close();
  });

  test('a tab that is not the owner can do everything the owner can', { timeout: 5 * 60_000 }, async () => {
    const owner = await tab();
    const other = await tab();
    assert.equal(await openIn(owner, 'claims/all.db'), true);
    assert.equal(await openIn(other, 'claims/all.db'), false);
    const r = await attempt(other, `
      const out = {};
      const m = await mem.remember({ content: '用户喜欢用 Python 写脚本', type: 'preference', key: 'py' });
      out.get = (await mem.get(m.id)).content;
      out.update = (await mem.update(m.id, { importance: 0.9 }, { expectVersion: 1 })).version;
      out.history = (await mem.history(m.id)).length;
      out.recall = (await mem.recall('脚本'))[0].memory.id === m.id;
      out.list = (await mem.list()).memories.length;
      await mem.appendTurns('s1', [{ role: 'user', content: 'My daughter Lily is allergic to peanuts.' }]);
      out.appendMessages = (await mem.appendMessages('s1', [{ role: 'assistant', content: 'Noted: no peanuts for Lily.' }])).length;
      out.searchTurns = (await mem.searchTurns('peanuts')).length;
      const msgs = [
        { role: 'user', content: '你好，我叫李明。' }, { role: 'assistant', content: '你好李明！' },
        { role: 'user', content: 'I live in Berlin.' }, { role: 'assistant', content: 'Nice.' },
        { role: 'user', content: 'I always use Vim.' }, { role: 'assistant', content: 'Got it.' },
      ];
      out.extract = (await mem.extractFacts(msgs, { commit: true, sessionId: 's2' })).memories.length > 0;
      out.context = (await mem.buildContext({ sessionId: 's2', messages: msgs, budgetTokens: 2000 })).messages.length > 0;
      out.compact = (await mem.compact(msgs)).messages.length;
      out.endSession = typeof (await mem.endSession('s1')).episode.id;
      out.episodes = (await mem.episodes()).length;
      out.documents = (await mem.documents.set('USER', '# User\\nLi Ming')).name;
      out.scratchpad = (await mem.scratchpad.set('s2', 'k', 'v')).value;
      out.plan = (await mem.plan.set('s2', { goal: 'ship', steps: [{ title: 'a' }] })).steps.length;
      out.state = (await mem.state.set('s2', 'cart: 2')).state;
      const t = await mem.tasks.create({ title: 'write tests' });
      out.tasks = (await mem.tasks.ready()).map((x) => x.id).includes(t.id);
      out.route = typeof (await mem.route('remember that I like tea')).layer;
      out.quota = (await mem.quota.set({ maxMemories: 100 })).maxMemories;
      out.consolidate = typeof (await mem.consolidate({ dryRun: true })).processed;
      out.tool = (await mem.handleToolCall({ id: 'c1', type: 'function', function: { name: 'search_conversation_traces', arguments: '{"query":"peanuts"}' } })).role;
      const exp = (await mem.export()).data;
      out.exportLines = exp.split('\\n').filter(Boolean).length;
      out.importDry = (await mem.import(exp, { dryRun: true })).dryRun;
      const snap = await mem.snapshot();
      out.snapshot = snap.length > 0;
      await mem.forget(m.id);
      out.forgotten = (await mem.stats()).memories;
      out.restore = (await mem.restore(snap)).bytes === snap.length;
      out.back = (await mem.get(m.id)).content;
      return out;`);
    assert.ok(r.ok, JSON.stringify(r));
    const v = r.value;
    assert.equal(v.get, '用户喜欢用 Python 写脚本');
    assert.equal(v.update, 2);
    assert.equal(v.history, 2);
    assert.equal(v.recall, true);
    assert.equal(v.appendMessages, 1);
    assert.ok(v.searchTurns >= 1);
    assert.equal(v.extract, true);
    assert.equal(v.context, true);
    assert.equal(v.endSession, 'string');
    assert.equal(v.episodes, 1);
    assert.equal(v.documents, 'USER');
    assert.equal(v.plan, 1);
    assert.equal(v.tasks, true);
    assert.equal(v.quota, 100);
    assert.equal(v.tool, 'tool');
    assert.equal(v.importDry, true);
    assert.equal(v.restore, true);
    assert.equal(v.back, '用户喜欢用 Python 写脚本', 'the restore brought the forgotten memory back');
    // The owner's tab sees the same database: what the other tab wrote and restored.
    const seen = await attempt(owner, `return {
      export: (await mem.export()).data.split('\\n').filter(Boolean).length,
      user: (await mem.documents.get('USER')).content,
      tasks: (await mem.tasks.list()).length,
      quota: (await mem.quota.get()).maxMemories,
    };`);
    assert.deepEqual(seen.value, { export: v.exportLines, user: '# User\nLi Ming', tasks: 1, quota: 100 });
    await owner.close();
    await other.close();
  });

  test('a tab that cannot coordinate (no BroadcastChannel) gets storage on path after the lock wait, with what to do; no fallback to memory', { timeout: 5 * 60_000 }, async () => {
    const owner = await tab();
    assert.equal(await openIn(owner, 'claims/held.db'), true);
    await attempt(owner, "await mem.remember({ content: 'held by the owner' });");
    const lone = await tab(() => {
      delete globalThis.BroadcastChannel;
    });
    for (const options of [{}, { fallback: 'memory' }]) {
      const r = await attempt(lone, `
        let fellBack = false;
        window.mem = await memcore.open({ path: 'claims/held.db', ...arg, onFallback: () => { fellBack = true; } });
        return fellBack;`, options);
      assert.equal(r.code, 'storage', JSON.stringify(r));
      assert.equal(r.field, 'path');
      assert.equal(r.isError, true, 'a MemcoreError');
      assert.match(r.message, /\/claims\/held\.db is open in another tab or worker of this site: an OPFS database has one owner at a time.*within 5s\. Close it there \(or that tab\), or open another path/);
    }
    // The owner is untouched, and once it closes the file the lone tab opens it.
    assert.equal((await attempt(owner, 'return (await mem.stats()).memories;')).value, 1);
    await attempt(owner, 'await mem.close();');
    const r = await attempt(lone, "window.mem = await memcore.open({ path: 'claims/held.db' }); return (await window.mem.list()).memories.map((m) => m.content);");
    assert.deepEqual(r.value, ['held by the owner'], JSON.stringify(r));
    await owner.close();
    await lone.close();
  });

  test('busyTimeoutMs in the browser entry: validated like Node’s, accepted per tab', { timeout: 5 * 60_000 }, async () => {
    const p = await tab();
    const bad = await p.evaluate(async () => {
      const out = [];
      for (const v of [0, -1, 1.5, '5000', 300_001, null]) {
        try {
          await window.memcore.open({ path: 'claims/busy.db', busyTimeoutMs: v });
          out.push('opened');
        } catch (err) {
          out.push(`${err.code}/${err.field}`);
        }
      }
      return out;
    });
    assert.deepEqual(bad, Array(6).fill('invalid_argument/busyTimeoutMs'));
    assert.equal(await openIn(p, 'claims/busy.db', { busyTimeoutMs: 300_000 }), true);
    // In one page a path has one set of options…
    const again = await attempt(p, "await memcore.open({ path: 'claims/busy.db', busyTimeoutMs: 1 });");
    assert.equal(`${again.code}/${again.field}`, 'invalid_argument/path');
    // …but another tab may choose its own: it gets a connection of its own at the owner.
    const q = await tab();
    assert.equal(await openIn(q, 'claims/busy.db', { busyTimeoutMs: 1 }), false);
    await attempt(q, "await mem.remember({ content: 'written with busyTimeoutMs 1' });");
    assert.equal((await attempt(p, 'return (await mem.list()).memories.length;')).value, 1);
    await p.close();
    await q.close();
  });

  test('no console errors', () => {
    assert.deepEqual(env.b.errors, []);
  });
});
