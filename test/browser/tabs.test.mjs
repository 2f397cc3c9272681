// Several tabs of one origin on one OPFS database (js/browser-tabs.js): the first tab's
// worker owns the file and the others' requests go to it; when the owner closes, another
// tab takes over without losing a committed write. In headless Chromium, like e2e.test.mjs.
//
//   make test-browser        (or: cd test/browser && node --test tabs.test.mjs)

import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';

import { browserSuite, fixtureTab, tempDir } from './helpers.mjs';

const READY = 180_000; // a cold wasm start on a busy 2-core machine
const shots = process.env.MEMCORE_SHOTS || tempDir('memcore-browser-shots-');
const env = browserSuite('memcore-chromium-tabs-');

const tab = (init) => fixtureTab(env, init);

/** Opens path in page p as window.mem (options: embed → a counting embedder on the page). */
function openIn(p, dbPath, { embed = false } = {}) {
  return p.evaluate(async ({ dbPath, embed }) => {
    window.embedCalls = 0;
    const options = { path: dbPath };
    if (embed) {
      options.embed = (texts) => {
        window.embedCalls++;
        return texts.map((s) => [s.includes('猫') || /cat|kitten/i.test(s) ? 1 : 0, 1]);
      };
    }
    window.mem = await window.memcore.open(options);
    return (await window.mem.stats()).memories;
  }, { dbPath, embed });
}

/** Remembers n memories one by one (one transaction each) in page p; returns what was acknowledged and what failed. */
function writeIn(p, label, n) {
  return p.evaluate(async ({ label, n }) => {
    const acked = [];
    const failed = [];
    for (let i = 0; i < n; i++) {
      try {
        const m = await window.mem.remember({ content: `${label} memory ${i} 记忆`, tags: [label] });
        acked.push(m.id);
      } catch (err) {
        failed.push(`${err.code}: ${err.message}`);
      }
    }
    return { acked, failed };
  }, { label, n });
}

/** Every memory id page p sees (list, page by page). */
function idsIn(p) {
  return p.evaluate(async () => {
    const ids = [];
    let cursor;
    do {
      const r = await window.mem.list({ limit: 500, cursor });
      ids.push(...r.memories.map((m) => m.id));
      cursor = r.nextCursor;
    } while (cursor);
    return ids;
  }, null, { timeout: READY });
}

describe('several tabs', () => {
  test('three tabs write 300 memories each at once: 900 in every view; same errors', { timeout: 10 * 60_000 }, async () => {
    const tabs = [await tab(), await tab(), await tab()];
    for (const p of tabs) assert.equal(await openIn(p, 'tabs/three.db'), 0);
    const results = await Promise.all(tabs.map((p, i) => writeIn(p, `tab${i}`, 300)));
    for (const [i, r] of results.entries()) {
      assert.deepEqual(r.failed, [], `tab ${i}`);
      assert.equal(r.acked.length, 300);
    }
    const all = new Set(results.flatMap((r) => r.acked));
    assert.equal(all.size, 900);
    for (const [i, p] of tabs.entries()) {
      const ids = await idsIn(p);
      assert.equal(ids.length, 900, `tab ${i} sees ${ids.length}`);
      assert.ok(ids.every((id) => all.has(id)), `tab ${i}`);
      // A tab's error is the engine's, as with one tab.
      const e = await p.evaluate(async () => {
        try {
          await window.mem.update('nope', { content: 'x' });
          return null;
        } catch (err) {
          return { code: err.code, field: err.field, cls: err.constructor.name };
        }
      });
      assert.deepEqual(e, { code: 'not_found', field: 'id', cls: 'MemcoreError' }, `tab ${i}`);
    }
    // Each tab's recall sees the others' memories (tab 2's search for tab 0's label).
    const hits = await tabs[2].evaluate(async () => (await window.mem.recall('tab0 memory 7', { limit: 3 })).map((h) => h.memory.content));
    assert.ok(hits.includes('tab0 memory 7 记忆'), `hits: ${hits}`);
    for (const p of tabs) await p.evaluate(() => window.mem.close());
    for (const p of tabs) await p.close();
  });

  test('a tab that is not the owner gets its embed callbacks on its own page', { timeout: 5 * 60_000 }, async () => {
    const owner = await tab();
    const other = await tab();
    await openIn(owner, 'tabs/embed.db');
    await openIn(other, 'tabs/embed.db', { embed: true });
    const r = await other.evaluate(async () => {
      await window.mem.remember({ content: '家里有一只猫叫 Mochi' });
      const hits = await window.mem.recall('kitten');
      return { hit: hits[0]?.memory.content, calls: window.embedCalls };
    });
    assert.ok(r.calls >= 2, `embed calls on the other tab: ${JSON.stringify(r)}`);
    assert.equal(r.hit, '家里有一只猫叫 Mochi', 'found through the other tab’s vectors');
    assert.equal(await owner.evaluate(() => window.embedCalls), 0, 'the owner’s page was not asked');
    await owner.close();
    await other.close();
  });

  // How the owner goes: it closes its database (a handover: nothing fails), or its tab
  // closes or crashes (a write on its way to it fails clearly, nothing is applied twice).
  for (const how of ['closes its database', 'closes its tab', 'reloads its tab', 'crashes']) {
    test(`the owner ${how} mid-stream: the others keep working, nothing acknowledged is lost`, { timeout: 10 * 60_000 }, async () => {
      const file = `tabs/takeover-${how.replaceAll(' ', '-')}.db`;
      const tabs = [await tab(), await tab(), await tab()];
      for (const p of tabs) await openIn(p, file); // tabs[0] opened first: the owner
      const writing = tabs.slice(1).map((p, i) => writeIn(p, `w${i}`, 100));
      // The writes are under way (the wait's own timeout is the liveness bound, not a clock).
      await tabs[1].waitForFunction(async () => (await window.mem.stats()).memories >= 40, null, { timeout: READY, polling: 50 });
      const before = await tabs[1].evaluate(async () => (await window.mem.stats()).memories);
      if (how === 'closes its database') {
        await tabs[0].evaluate(() => window.mem.close());
      } else if (how === 'closes its tab') {
        await tabs[0].close();
      } else if (how === 'reloads its tab') {
        await tabs[0].reload(); // and comes back, opening the database again, as a non-owner
        await tabs[0].waitForFunction(() => document.title === 'ready');
        await openIn(tabs[0], file);
      } else {
        const cdp = await env.b.context.newCDPSession(tabs[0]);
        const crashed = new Promise((resolve) => tabs[0].once('crash', resolve));
        cdp.send('Page.crash').catch(() => {});
        await crashed;
      }
      const results = await Promise.all(writing);
      const acked = new Set(results.flatMap((r) => r.acked));
      assert.ok(before < 160, `the owner went after ${before} of 200 writes: not mid-stream`);
      for (const [i, r] of results.entries()) {
        if (how === 'closes its database') {
          // A handover: the owner answered or refused (not run) every request before it let go.
          assert.deepEqual(r.failed, [], `tab ${i + 1}`);
        } else {
          // A write on its way to the vanished owner fails clearly (one per tab at most:
          // each tab writes one at a time); every other one succeeds at the next owner.
          assert.ok(r.failed.length <= 1, `tab ${i + 1}: ${r.failed}`);
          for (const f of r.failed) assert.match(f, /^storage: .*may or may not have been applied/);
        }
        assert.equal(r.acked.length + r.failed.length, 100, `tab ${i + 1}`);
      }
      for (const p of how === 'reloads its tab' ? tabs : tabs.slice(1)) {
        const ids = new Set(await idsIn(p));
        const lost = [...acked].filter((id) => !ids.has(id));
        assert.deepEqual(lost, [], 'acknowledged memories lost');
        assert.ok(ids.size <= acked.size + 2, `${ids.size} memories for ${acked.size} acknowledged`);
      }
      if (how === 'crashes') await tabs[1].screenshot({ path: path.join(shots, 'tabs-after-takeover.png') });

      // Reload every tab: everything is there.
      const live = how === 'closes its database' || how === 'reloads its tab' ? tabs : tabs.slice(1);
      if (how === 'crashes') await tabs[0].close().catch(() => {});
      for (const p of live) await p.reload();
      for (const p of live) await p.waitForFunction(() => document.title === 'ready');
      for (const p of live) await openIn(p, file);
      for (const p of live) {
        const ids = new Set(await idsIn(p));
        assert.ok([...acked].every((id) => ids.has(id)), 'after reload');
      }
      for (const p of live) await p.close();
    });
  }

  test('a full storage quota: a clear storage error, and a database that still opens', { timeout: 5 * 60_000 }, async () => {
    const p = await tab();
    await openIn(p, 'quota/agent.db');
    const cdp = await env.b.context.newCDPSession(p);
    const { usage } = await p.evaluate(() => navigator.storage.estimate());
    // Room for about 100 memories of 4 KB beyond what the origin holds now.
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: env.origin, quotaSize: usage + 400_000 });
    try {
      const r = await p.evaluate(async () => {
        const big = 'x'.repeat(4000);
        const acked = [];
        for (let i = 0; i < 2000; i++) {
          try {
            acked.push((await window.mem.remember({ content: `quota memory ${i} ${big}` })).id);
          } catch (err) {
            return { acked, error: { code: err.code, message: err.message } };
          }
        }
        return { acked, error: null };
      });
      assert.ok(r.error, `no error after ${r.acked.length} memories of 4 KB under a 400 KB quota`);
      assert.ok(r.acked.length > 0, 'something fitted');
      assert.equal(r.error.code, 'storage');
      assert.match(r.error.message, /the storage is full .*site's storage quota.*nothing was written/);
      // Still readable now, and after closing and opening again, with every acknowledged memory.
      const after = await p.evaluate(async () => {
        const hits = (await window.mem.recall('quota memory 3', { limit: 1 })).length;
        // Closing writes the recalls' access counts, for which there is no room: it says so,
        // and the database is closed all the same.
        let closeError = null;
        await window.mem.close().catch((err) => (closeError = `${err.code}: ${err.message}`));
        window.mem = await window.memcore.open({ path: 'quota/agent.db' });
        const s = await window.mem.stats();
        return { hits, memories: s.memories, browser: s.browser, closeError };
      });
      if (after.closeError) assert.match(after.closeError, /^storage: closed, without the access counts .*storage is full/);
      assert.equal(after.hits, 1);
      assert.equal(after.memories, r.acked.length);
      assert.equal(typeof after.browser.persisted, 'boolean');
      assert.equal(after.browser.owner, true);
      assert.ok(after.browser.usageBytes > 0, JSON.stringify(after.browser));
    } finally {
      await cdp.send('Storage.overrideQuotaForOrigin', { origin: env.origin });
    }
    // With room again, writes work.
    await p.evaluate(() => window.mem.remember({ content: 'room again' }));
    await p.evaluate(() => window.mem.close());
    await p.close();
  });

  test('preload() starts and warms the engine before open(); its warm-up leaves nothing behind', { timeout: 5 * 60_000 }, async () => {
    const p = await tab();
    const r = await p.evaluate(async () => {
      const { open, preload } = window.memcore;
      let bad = null;
      try {
        await preload({ warm: 'yes' });
      } catch (err) {
        bad = `${err.code}/${err.field}`;
      }
      const info = await preload();
      const mem = await open({ path: 'preload/agent.db' });
      const warmNs = await mem.withNamespace('warm-up').stats();
      await mem.remember({ content: 'after preload' });
      const n = (await mem.stats()).memories;
      await mem.close();
      return { bad, version: info.version, streaming: info.streaming, warm: warmNs.memories, n };
    });
    assert.equal(r.bad, 'invalid_argument/warm');
    assert.equal(typeof r.version, 'string');
    assert.equal(r.streaming, true);
    assert.equal(r.warm, 0, 'the warm-up wrote to an in-memory database only');
    assert.equal(r.n, 1);
    await p.close();
  });

  test('no console errors', () => {
    assert.deepEqual(env.b.errors, []);
  });
});
