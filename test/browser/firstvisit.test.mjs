// The first visit's OPFS root (docs/BROWSER.md, "Fourth round"): the browser worker asks
// for navigator.storage.getDirectory() when it starts (globalThis.__memcore_opfs_root),
// and an open uses that answer instead of asking again; when the early request failed,
// the open asks again and works. Also: the in-page fixture of bench-cold.mjs
// (fixtures/cold.html) opens, recalls and reports its times.
//
//   make test-browser        (or: cd test/browser && node --test firstvisit.test.mjs)

import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';

import { launch, serve, tempDir } from './helpers.mjs';

const READY = 180_000; // a cold wasm start on a busy 2-core machine
let server;
let origin;
const profiles = [];

before(async () => {
  ({ server, origin } = await serve({ port: 0 }));
});

after(() => {
  server?.close();
  for (const p of profiles) fs.rmSync(p, { recursive: true, force: true });
});

async function withPage(fn) {
  const dir = tempDir('memcore-chromium-');
  profiles.push(dir);
  const b = await launch(dir);
  try {
    await b.page.goto(`${origin}/test/browser/fixtures/page.html`);
    await b.page.waitForFunction(() => document.title === 'ready', null, { timeout: READY });
    await b.page.evaluate(() => window.memcore.preload({ warm: false }));
    return await fn(b.page);
  } finally {
    await b.context.close();
  }
}

/** Opens name, remembers and recalls one memory; returns the recalled contents. */
function roundTrip(page, name) {
  return page.evaluate(async (name) => {
    const mem = await window.memcore.open({ path: name });
    await mem.remember({ content: `first visit root ${name} 根目录` });
    const hits = await mem.recall('根目录', { limit: 5, peek: true });
    await mem.close();
    return hits.map((h) => h.memory.content);
  }, name);
}

describe('OPFS root asked for at the worker start', () => {
  test('the worker holds the early request, and an open works with it', { timeout: 5 * 60_000 }, async () => {
    await withPage(async (page) => {
      const [worker] = page.workers();
      assert.ok(worker, 'the engine runs in a Dedicated Worker');
      const early = await worker.evaluate(async () => {
        const p = self.__memcore_opfs_root;
        if (!(p instanceof Promise)) return { promise: false };
        const dir = await p;
        return { promise: true, kind: dir.kind, same: await dir.isSameEntry(await navigator.storage.getDirectory()) };
      });
      assert.deepEqual(early, { promise: true, kind: 'directory', same: true });
      assert.deepEqual(await roundTrip(page, 'early-root.db'), ['first visit root early-root.db 根目录']);
    });
  });

  for (const [name, value] of [
    ['rejected', 'Promise.reject(new Error("no OPFS for the early request"))'],
    ['resolved to a non-object', 'Promise.resolve(42)'],
    ['not a Promise', '"not a promise"'],
  ]) {
    test(`an early request ${name}: the open asks again and works`, { timeout: 5 * 60_000 }, async () => {
      await withPage(async (page) => {
        await page.workers()[0].evaluate((expr) => {
          // eslint-disable-next-line no-new-func
          const v = new Function(`return ${expr}`)();
          if (v instanceof Promise) v.catch(() => {});
          self.__memcore_opfs_root = v;
        }, value);
        assert.deepEqual(await roundTrip(page, `again-${name.replaceAll(' ', '-')}.db`), [`first visit root again-${name.replaceAll(' ', '-')}.db 根目录`]);
      });
    });
  }
});

describe("bench-cold.mjs's in-page visit", () => {
  test('cold.html opens, recalls and reports its times, on the first visit and after a reload', { timeout: 5 * 60_000 }, async () => {
    const dir = tempDir('memcore-chromium-');
    profiles.push(dir);
    const b = await launch(dir);
    try {
      for (const visit of ['first', 'reload']) {
        await b.page.goto(`${origin}/test/browser/fixtures/cold.html`);
        await b.page.waitForFunction(() => document.title === 'done', null, { timeout: READY });
        const r = await b.page.evaluate(() => window.coldResult);
        assert.equal(r.error, undefined, `${visit}: ${r.error}`);
        for (const k of ['pageReady', 'open', 'firstRecall', 'openToRecall', 'sincePageStart']) {
          assert.ok(typeof r[k] === 'number' && r[k] >= 0, `${visit}: ${k} = ${r[k]}`);
        }
        assert.ok(r.sincePageStart >= r.openToRecall, `${visit}: page start → recall includes open → recall`);
        assert.equal(typeof r.engine?.compile, 'number', `${visit}: engine timing`);
      }
      assert.deepEqual(b.errors, []);
    } finally {
      await b.context.close();
    }
  });
});
