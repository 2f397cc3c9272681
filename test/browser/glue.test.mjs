// The web demo's Export and Import buttons, as a person uses them: a memory is exported
// to a downloaded JSON Lines file, the memories are erased, the file is picked for import,
// and the memory is back; a damaged file is refused and changes nothing.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { launch, serve, tempDir } from './helpers.mjs';

const READY = 180_000;
let server;
let demo;
const dirs = [];

before(async () => {
  ({ server, url: demo } = await serve({ port: 0 }));
});

after(() => {
  server?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function ready(page) {
  await page.waitForSelector('#status[data-state="ready"]', { timeout: READY });
  await page.waitForSelector('body[data-busy="0"]', { timeout: READY });
}

describe('web demo: export and import', () => {
  test('export downloads JSON Lines; import brings the memories back; a bad file changes nothing', { timeout: 10 * 60_000 }, async () => {
    const profile = tempDir('memcore-chromium-');
    const files = tempDir('memcore-transfer-');
    dirs.push(profile, files);
    const b = await launch(profile);
    try {
      await b.page.goto(demo);
      await ready(b.page);
      await b.page.fill('#add-content', '用户喜欢喝绿茶');
      await b.page.click('#add-form button[type=submit]');
      await b.page.waitForFunction(() => document.querySelector('#status').dataset.memories === '1' && document.body.dataset.busy === '0', null, { timeout: 60_000 });

      await b.page.click('#settings-open');
      const [download] = await Promise.all([b.page.waitForEvent('download'), b.page.click('#export')]);
      const file = path.join(files, download.suggestedFilename());
      await download.saveAs(file);
      assert.match(download.suggestedFilename(), /^memcore-\d{4}-\d\d-\d\d\.jsonl$/);
      const lines = fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      assert.equal(lines[0].kind, 'header');
      assert.ok(lines.some((l) => l.kind === 'memory' && l.memory?.content === '用户喜欢喝绿茶'), 'the memory is in the file');

      // Erase everything, then import the file.
      await b.page.click('#reset');
      await ready(b.page);
      await b.page.waitForFunction(() => document.querySelector('#status').dataset.memories === '0', null, { timeout: 60_000 });
      await b.page.click('#settings-open');
      await b.page.setInputFiles('#import-file', file);
      await b.page.waitForFunction(() => /imported [1-9]/.test(document.querySelector('#transfer-result').textContent), null, { timeout: 60_000 });
      await b.page.waitForFunction(() => document.querySelector('#status').dataset.memories === '1', null, { timeout: 60_000 });
      const texts = await b.page.locator('#memory-list .memory .content').allTextContents();
      assert.deepEqual(texts, ['用户喜欢喝绿茶']);

      // A damaged file: an error, nothing written.
      const bad = path.join(files, 'bad.jsonl');
      fs.writeFileSync(bad, `${fs.readFileSync(file, 'utf8')}{"kind":"memory","namespace":"demo"}\n`);
      await b.page.setInputFiles('#import-file', bad);
      await b.page.waitForFunction(() => document.querySelector('#status').dataset.state === 'error', null, { timeout: 60_000 });
      // The code, then the field that says which line (the demo shows both), then why.
      assert.match(await b.page.textContent('#status-text'), /^invalid_argument \(data\[\d+\][^)]*\): /);
      assert.equal(await b.page.locator('#memory-list .memory').count(), 1);
      assert.deepEqual(b.errors, []);
    } finally {
      await b.context.close();
    }
  });
});
