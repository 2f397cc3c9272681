// Several Node processes on one file database at once (the quick form of
// test/reliability/load.mjs, which make test-long runs at 2,000 writes per process): two
// writers and two readers; every acknowledged write is there exactly once, and SQLite's
// integrity check passes. Before the dot-file lock fix in js/node.js, a process could
// remove a lock another had just taken, two wrote at once, and this failed with "database
// disk image is malformed", duplicate keys and lost writes.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { integrity } from '../../test/reliability/harness.mjs';
import { memcore, spawnFixture, tempDir } from './helpers.mjs';

const { open } = await memcore();

test('two writers and two readers on one file: every write there once, integrity ok', { timeout: 300_000 }, async (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, 'multi.db');
  const stop = path.join(dir, 'stop');
  const COUNT = 100;
  await (await open({ path: file })).close();
  const readers = [0, 1].map((i) => spawnFixture('load-worker.mjs', [file, 'read', String(i), stop]));
  const writers = [0, 1].map((i) => spawnFixture('load-worker.mjs', [file, 'write', String(i), String(COUNT)]));
  const wres = await Promise.all(writers.map((w) => w.exit));
  fs.writeFileSync(stop, '');
  const rres = await Promise.all(readers.map((r) => r.exit));
  for (const e of [...wres, ...rres]) assert.equal(e.code, 0, e.stderr);
  const results = [...wres, ...rres].map((e) => JSON.parse(e.stdout.at(-1)));
  const timeouts = results.flatMap((r) => r.timeouts);
  for (const x of timeouts) assert.match(x.message, /locked|busy/i, `only busy timeouts are retried: ${x.message}`);

  const mem = await open({ path: file, namespace: 'load' });
  const keys = [];
  let cursor;
  do {
    const page = await mem.list({ limit: 500, ...(cursor ? { cursor } : {}) });
    keys.push(...page.memories.map((m) => m.key));
    cursor = page.nextCursor;
  } while (cursor);
  assert.equal(new Set(keys).size, keys.length, 'no key twice');
  const want = [0, 1].flatMap((w) => Array.from({ length: COUNT }, (_, i) => `w${w}-${i}`));
  assert.deepEqual(keys.sort(), want.sort());
  await integrity(mem, () => open({ path: ':memory:' }));
  await mem.close();
  t.diagnostic(`writes ${results.filter((r) => r.role === 'write').reduce((a, r) => a + r.ops, 0)}, recalls ${results.filter((r) => r.role === 'read').reduce((a, r) => a + r.ops, 0)}, busy timeouts ${timeouts.length}`);
});
