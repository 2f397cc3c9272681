// Migration: an owner stored the earlier way (the database in memory, chunked snapshots in
// the object's key-value storage) is imported into page storage on its first request once
// the Worker runs with the default storage, and its snapshot keys are deleted; the data is
// then in the object's SQLite, page by page, across restarts.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { build } from '../build.mjs';
import { startWorkerd } from './workerd.mjs';

let storageDir;
let w;

async function call(method, route, body) {
  const res = await fetch(w.url + route, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
  return { status: res.status, json: await res.json() };
}

before(async () => {
  await build({ quiet: true });
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memcore-edge-migrate-'));
});

after(async () => {
  await w?.stop();
  if (storageDir) fs.rmSync(storageDir, { recursive: true, force: true });
});

test('a snapshot-stored owner is imported into page storage on first use', async () => {
  w = await startWorkerd({ storageDir, env: { MEMCORE_STORAGE_MODE: 'snapshot' } });
  const batch = Array.from({ length: 40 }, (_, i) => ({ content: `old-way memory ${i} about the garden hose ${i}` }));
  assert.equal((await call('POST', '/owners/old/remember', batch)).status, 200);
  let s = (await call('GET', '/owners/old/stats')).json;
  assert.ok(s.storage.chunks >= 1, JSON.stringify(s.storage));
  await w.stop();

  w = await startWorkerd({ storageDir });
  s = (await call('GET', '/owners/old/stats')).json;
  assert.equal(s.stats.memories, 40);
  assert.equal(s.storage.mode, 'pages');
  assert.ok(s.loadedFrom.importedSnapshot?.bytes > 0, JSON.stringify(s.loadedFrom));
  // Every byte of the database is stored, in whole rows: a restored snapshot keeps its
  // own SQLite page size (4 KiB from an in-memory database), so the last 8 KiB row may be
  // half used and the stored bytes are the file's size rounded up to a row.
  const row = s.storage.bytes / s.storage.pages;
  assert.ok(s.storage.pages > 0 && s.storage.bytes === Math.ceil(s.stats.dbBytes / row) * row, JSON.stringify({ storage: s.storage, dbBytes: s.stats.dbBytes }));
  assert.equal((await call('POST', '/owners/old/remember', { content: 'written after the import' })).status, 200);
  await w.stop();

  w = await startWorkerd({ storageDir });
  s = (await call('GET', '/owners/old/stats')).json;
  assert.equal(s.stats.memories, 41);
  assert.equal(s.loadedFrom.importedSnapshot, undefined, 'imported once: the snapshot keys are gone');
  const hits = (await call('GET', '/owners/old/recall?q=hose%2017&limit=1')).json.hits;
  assert.match(hits[0].memory.content, /memory 17 /);
  await w.stop();

  // And the snapshot way, started again, finds no snapshot: the owner moved.
  w = await startWorkerd({ storageDir, env: { MEMCORE_STORAGE_MODE: 'snapshot' } });
  assert.equal((await call('GET', '/owners/old/stats')).json.stats.memories, 0);
});
