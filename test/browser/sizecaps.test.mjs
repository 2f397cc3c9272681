// The size caps of restore and import in the browser entry, at the default limits
// (64 MiB a request): the page sends a snapshot to its worker as base64 inside the JSON
// request, so restore carries at most ¾ of it (about 48 MiB); an import's JSON Lines go
// inside one request too. Over the cap: too_large on data, a message that says what to
// do, and nothing changed. Node's binary path: js/test/sizecaps.test.mjs.
//
//   cd test/browser && node --test --test-concurrency=1 sizecaps.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { browserSuite, fixtureTab } from './helpers.mjs';

const env = browserSuite('memcore-chromium-sizecaps-');

test('restore and import over the request cap: too_large on data, nothing changed', { timeout: 5 * 60_000 }, async () => {
  const p = env.b.page;
  await p.goto(`${env.origin}/test/browser/fixtures/page.html`);
  await p.waitForFunction(() => document.title === 'ready');
  const r = await p.evaluate(async () => {
    const MiB = 1 << 20;
    const mem = await window.memcore.open({ path: 'caps/agent.db' });
    await mem.remember({ content: 'still here' });
    const attempt = async (fn) => {
      try {
        await fn();
        return 'ok';
      } catch (err) {
        return { code: err.code, field: err.field, message: err.message };
      }
    };
    const out = {
      max: window.memcore.DEFAULT_LIMITS.maxRequestBytes,
      // ¾ of 64 MiB is 48 MiB: a page more is refused for its size, a page less is read.
      restoreOver: await attempt(() => mem.restore(new Uint8Array(48 * MiB + 4096))),
      restoreUnder: await attempt(() => mem.restore(new Uint8Array(48 * MiB - 4096))),
    };
    const line = JSON.stringify({ kind: 'memory', content: 'x'.repeat(1000) });
    out.importOver = await attempt(() => mem.import(`${line}\n`.repeat(Math.ceil((64 * MiB) / line.length))));
    out.memories = (await mem.stats()).memories;
    await mem.close();
    return out;
  });
  assert.equal(r.max, 64 * 1024 * 1024);
  assert.equal(r.restoreOver.code, 'too_large', JSON.stringify(r.restoreOver));
  assert.equal(r.restoreOver.field, 'data');
  assert.match(r.restoreOver.message, /the limit is 67108864 \(limits\.maxRequestBytes\) for the whole restore request; a snapshot restored as base64 is at most ¾ of that/);
  assert.equal(r.restoreUnder.code, 'invalid_argument', JSON.stringify(r.restoreUnder));
  assert.equal(r.restoreUnder.field, 'data');
  assert.equal(r.importOver.code, 'too_large', JSON.stringify(r.importOver));
  assert.equal(r.importOver.field, 'data');
  assert.match(r.importOver.message, /for the whole import request: import one namespace at a time/);
  assert.equal(r.memories, 1, 'nothing changed');
  assert.deepEqual(env.b.errors, []);
});

test('a batch that does not fit the storage quota: storage error, none of the batch written, every earlier batch kept', { timeout: 5 * 60_000 }, async () => {
  const p = await fixtureTab(env);
  await p.evaluate(async () => {
    window.mem = await window.memcore.open({ path: 'quota-batch/agent.db' });
  });
  const cdp = await env.b.context.newCDPSession(p);
  const { usage } = await p.evaluate(() => navigator.storage.estimate());
  // Room for a few batches of 20 memories of 4 KB (80 KB each) beyond what the origin holds.
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: env.origin, quotaSize: usage + 400_000 });
  try {
    const r = await p.evaluate(async () => {
      const big = 'x'.repeat(4000);
      let batches = 0;
      for (let i = 0; i < 200; i++) {
        try {
          await window.mem.remember(Array.from({ length: 20 }, (_, j) => ({ content: `batch ${i} memory ${j} ${big}` })));
          batches++;
        } catch (err) {
          const now = (await window.mem.stats()).memories;
          await window.mem.close().catch(() => {});
          window.mem = await window.memcore.open({ path: 'quota-batch/agent.db' });
          const reopened = (await window.mem.stats()).memories;
          const failedBatch = (await window.mem.list({ limit: 500 })).memories.filter((m) => m.content.startsWith(`batch ${i} `)).length;
          return { batches, error: { code: err.code, message: err.message }, now, reopened, failedBatch };
        }
      }
      return { batches, error: null };
    });
    assert.ok(r.error, `no error after ${r.batches} batches of 80 KB under a 400 KB quota`);
    assert.ok(r.batches > 0, 'something fitted');
    assert.equal(r.error.code, 'storage');
    assert.match(r.error.message, /the storage is full .*nothing was written/);
    assert.equal(r.now, 20 * r.batches, 'only whole batches, before and after the failed one');
    assert.equal(r.reopened, 20 * r.batches, 'after closing and opening again');
    assert.equal(r.failedBatch, 0, 'none of the failed batch');
  } finally {
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: env.origin });
  }
  await p.evaluate(() => window.mem.close());
  await p.close();
  assert.deepEqual(env.b.errors, []);
});

test('snapshot of a database over ¾ of maxRequestBytes: too_large saying what to do; under it, it round-trips', { timeout: 5 * 60_000 }, async () => {
  const p = await fixtureTab(env);
  const r = await p.evaluate(async () => {
    const limits = { maxRequestBytes: 400_000 };
    const mem = await window.memcore.open({ path: 'caps/snap.db', limits });
    await mem.remember({ content: 'small at first' });
    const small = await mem.snapshot();
    const big = 'x'.repeat(4000);
    for (let i = 0; i < 40; i++) await mem.remember({ content: `memory ${i} ${big}` });
    let over = null;
    try {
      await mem.snapshot();
    } catch (err) {
      over = { code: err.code, field: err.field, message: err.message };
    }
    const restored = await mem.restore(small);
    const n = (await mem.stats()).memories;
    await mem.close();
    return { small: small.length, over, restored: restored.memories, n };
  });
  assert.ok(r.small < 299_232, `the small snapshot is ${r.small} bytes`);
  assert.equal(r.over?.code, 'too_large', JSON.stringify(r.over));
  assert.match(r.over.message, /as base64 it would not fit in one restore request \(limits\.maxRequestBytes is 400000, so at most 299232 bytes\): open the engine with a larger maxRequestBytes/);
  assert.equal(r.restored, 1);
  assert.equal(r.n, 1);
  assert.deepEqual(env.b.errors, []);
  await p.close();
});
