// open's busyTimeoutMs: how long a call waits for the file's lock while another process
// holds it (docs/RELIABILITY.md "Lock waits"). Checked, passed to the engine, and a write
// blocked by another process fails with the documented storage error. No time is asserted
// (the machine is shared); the wait is reported as a diagnostic.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';

import { frozenLockHolder, memcore, rejects, tempDir } from './helpers.mjs';

const { open, MemcoreError } = await memcore();

describe('busyTimeoutMs', () => {
  test('a negative, fractional, zero, absurd or non-number value is invalid_argument on busyTimeoutMs', async () => {
    for (const bad of [-1, 0, 1.5, 300_001, Number.NaN, Infinity, '5s', null]) {
      await rejects(() => open({ path: ':memory:', busyTimeoutMs: bad }), 'invalid_argument', 'busyTimeoutMs');
    }
    const mem = await open({ path: ':memory:', busyTimeoutMs: 300_000 });
    await mem.remember({ content: 'the largest wait is accepted' });
    await mem.close();
  });

  test('a write blocked by another process fails with storage "database is locked" after the given wait, and works once the lock is free', { timeout: 120_000 }, async (t) => {
    const file = path.join(tempDir(t), 'busy.db');
    const mem = await open({ path: file, busyTimeoutMs: 200 });
    await mem.remember({ content: 'before the other process' });

    // The other handle: a process that writes batches in a loop, frozen while it holds
    // the file's lock.
    const { child, exit } = await frozenLockHolder(file);
    try {
      const start = Date.now();
      const err = await mem.remember({ content: 'while the other process holds the lock' }).then(
        () => null,
        (e) => e,
      );
      t.diagnostic(`failed after ${Date.now() - start} ms (busyTimeoutMs 200; the default is 5000)`);
      assert.ok(err instanceof MemcoreError, `expected a MemcoreError, got ${err}`);
      assert.equal(err.code, 'storage');
      assert.match(err.message, /locked|busy/i, err.message);
    } finally {
      child.kill('SIGKILL');
    }
    await exit;
    // The holder is dead: its lock is taken over and the write goes through.
    const m = await mem.remember({ content: 'after the other process died' });
    assert.equal(m.version, 1);
    assert.ok((await mem.list()).memories.some((x) => x.content === 'before the other process'));
    await mem.close();
  });
});
