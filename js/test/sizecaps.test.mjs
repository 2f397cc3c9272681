// The size caps of restore and import in Node, at the default limits (64 MiB a request):
// restore's bytes cross beside the JSON (binary), so its cap is the whole 64 MiB, and an
// import's JSON Lines go inside one request. Over the cap: too_large on data, a message
// that says what to do, and nothing changed. The browser's base64 path (¾ of it, about
// 48 MiB) is test/browser/sizecaps.test.mjs's.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { memcore, rejects } from './helpers.mjs';

const { open, DEFAULT_LIMITS } = await memcore();
const MiB = 1 << 20;

test('TestSizeCaps_nodeRestoreIsCappedAtMaxRequestBytes', async () => {
  assert.equal(DEFAULT_LIMITS.maxRequestBytes, 64 * MiB);
  const mem = await open({ path: ':memory:' });
  await mem.remember({ content: 'still here' });
  // One byte over: refused for its size, before anything is read.
  const over = new Uint8Array(64 * MiB + 1);
  const e = await rejects(() => mem.restore(over), 'too_large', 'data');
  assert.match(e.message, /67108865 bytes; a request carries at most 67108864 \(limits\.maxRequestBytes\)/);
  // Under it, the same junk is read and refused for what it is: the cap is not lower.
  await rejects(() => mem.restore(new Uint8Array(64 * MiB - 4096)), 'invalid_argument', 'data');
  assert.equal((await mem.stats()).memories, 1, 'nothing changed');
  await mem.close();
});

test('TestSizeCaps_nodeImportIsCappedAtMaxRequestBytes', async () => {
  const mem = await open({ path: ':memory:' });
  await mem.remember({ content: 'still here' });
  const line = JSON.stringify({ kind: 'memory', content: 'x'.repeat(1000) });
  const data = `${line}\n`.repeat(Math.ceil((64 * MiB) / line.length));
  const e = await rejects(() => mem.import(data), 'too_large', 'data');
  assert.match(e.message, /the limit is 67108864 \(limits\.maxRequestBytes\) for the whole import request: import one namespace at a time/);
  assert.equal((await mem.stats()).memories, 1, 'nothing changed');
  await mem.close();
});
