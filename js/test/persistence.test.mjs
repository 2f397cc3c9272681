// Files: persistence across close/reopen and across processes, all-or-nothing batches
// when a writer is killed mid-transaction, and cross-process locking (dot-file locks).

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';

import { frozenLockHolder, memcore, runFixture, spawnFixture, tempDir, until } from './helpers.mjs';

const { open, MemcoreError } = await memcore();

describe('persistence', () => {
  test('close and reopen in one process', async (t) => {
    const file = path.join(tempDir(t), 'p.db');
    const mem = await open({ path: file });
    const m = await mem.remember({ type: 'preference', content: '用户喜欢用 Python 写脚本', tags: ['tools'] });
    await mem.update(m.id, { importance: 0.9 });
    await mem.appendTurns('s1', [{ role: 'user', content: 'remember me' }]);
    await mem.close();
    assert.ok(fs.statSync(file).size > 0);

    const again = await open({ path: file });
    const got = await again.get(m.id);
    assert.equal(got.content, '用户喜欢用 Python 写脚本');
    assert.equal(got.version, 2);
    assert.equal((await again.recall('脚本'))[0].memory.id, m.id);
    assert.equal((await again.stats()).turns, 1);
    await again.close();
  });

  test('a child process writes, this one reads', async (t) => {
    const file = path.join(tempDir(t), 'x.db');
    const [line] = await runFixture('writer.mjs', [file, 'kids', 'the child wrote this', '子进程写的记忆']);
    const written = JSON.parse(line);
    assert.equal(written.length, 2);
    const mem = await open({ path: file, namespace: 'kids' });
    assert.equal((await mem.get(written[1].id)).content, '子进程写的记忆');
    assert.equal((await mem.recall('子进程'))[0].memory.id, written[1].id);
    assert.equal((await mem.recall('child wrote'))[0].memory.id, written[0].id);
    await mem.close();
  });

  test('an open database sees what another process wrote since', async (t) => {
    const file = path.join(tempDir(t), 'live.db');
    const mem = await open({ path: file });
    await mem.remember({ content: 'written by the parent' });
    await runFixture('writer.mjs', [file, 'default', 'written by the child afterwards']);
    const all = await mem.list();
    assert.deepEqual(all.memories.map((m) => m.content).sort(), ['written by the child afterwards', 'written by the parent']);
    await mem.close();
  });
});

describe('files', () => {
  test('readOnly reads and refuses writes with storage; a missing file is not created', async (t) => {
    const dir = tempDir(t);
    const file = path.join(dir, 'ro.db');
    const w = await open({ path: file });
    await w.remember({ content: 'hello read-only world' });
    await w.close();
    const r = await open({ path: file, readOnly: true });
    assert.equal((await r.recall('hello'))[0].memory.content, 'hello read-only world');
    await assert.rejects(r.remember({ content: 'x' }), (e) => e instanceof MemcoreError && e.code === 'storage');
    await r.close();
    await assert.rejects(open({ path: path.join(dir, 'missing.db'), readOnly: true }), (e) => e.code === 'storage');
    assert.equal(fs.existsSync(path.join(dir, 'missing.db')), false);
  });

  test('a file that is not a memcore database is refused with storage and left as it was', async (t) => {
    const file = path.join(tempDir(t), 'notes.txt');
    const text = 'this is not a database, just text\n'.repeat(200);
    fs.writeFileSync(file, text);
    await assert.rejects(open({ path: file }), (e) => e instanceof MemcoreError && e.code === 'storage');
    assert.equal(fs.readFileSync(file, 'utf8'), text);
  });

  test('concurrent calls on one database and across databases', async (t) => {
    const dir = tempDir(t);
    const a = await open({ path: path.join(dir, 'a.db') });
    const b = await open({ path: ':memory:' });
    const ops = [];
    for (let i = 0; i < 120; i++) {
      const m = i % 2 ? a : b;
      ops.push(i % 3 ? m.remember({ content: `parallel ${i} 并行写入` }) : m.recall('parallel 并行'));
    }
    await Promise.all(ops);
    assert.equal((await a.stats()).memories + (await b.stats()).memories, 80);
    await Promise.all([a.close(), b.close()]);
  });
});

describe('crash safety', () => {
  // A child opens the file and remembers a batch of 1,000 in one remember call (one
  // transaction); it is killed with SIGKILL at different moments of that transaction.
  // Reopened here, the database is intact — earlier rounds' data is all there, queries
  // work — and holds all of the killed batch or none of it.
  test('SIGKILL during a 1,000-memory remember: all or nothing, never corrupt', { timeout: 240_000 }, async (t) => {
    const file = path.join(tempDir(t), 'crash.db');
    const lock = `${file}.lock`;
    // Milliseconds to wait, once the child holds the database lock, before killing it:
    // 0 and small values land inside the transaction; large ones after its commit.
    const delays = [0, 5, 25, 60, 120, 250, 500, 2000];
    const expected = new Map();
    let killedInside = 0;
    for (const [round, delay] of delays.entries()) {
      const ns = `round-${round}`;
      const { child, lines, exit } = spawnFixture('batch.mjs', [file, ns]);
      await lines(1); // "ready": opened, about to remember
      // The js build's lock file holds the pid of the process in a transaction.
      await until(() => {
        try {
          return fs.readFileSync(lock, 'utf8') === String(child.pid);
        } catch {
          return false;
        }
      }, { ms: 1, timeout: 60_000 }).catch(() => {});
      if (delay) await new Promise((r) => setTimeout(r, delay));
      const inside = fs.existsSync(`${file}-journal`) && fs.existsSync(lock);
      child.kill('SIGKILL');
      const e = await exit;
      const finished = e.stdout.includes('done');
      // Killed, or (with the longest delays) done and exited normally before the kill.
      assert.ok(e.signal === 'SIGKILL' || (e.code === 0 && finished), `round ${round}: exit ${e.code}: ${e.stderr}`);
      if (inside && !finished) killedInside++;

      const mem = await open({ path: file, namespace: ns });
      const st = await mem.stats();
      assert.ok(st.memories === 0 || st.memories === 1000, `round ${round} (kill after ${delay} ms): ${st.memories} memories`);
      if (finished) assert.equal(st.memories, 1000, 'a batch the child saw committed is durable');
      expected.set(ns, st.memories);
      const hits = await mem.recall('崩溃测试', { limit: 3, peek: true });
      assert.equal(hits.length, st.memories ? 3 : 0);
      // Every earlier round is still exactly as it was.
      for (const [other, n] of expected) {
        assert.equal((await mem.withNamespace(other).stats()).memories, n, `${other} after round ${round}`);
      }
      // And the database takes writes again.
      const probe = await mem.withNamespace('probe').remember({ content: `after round ${round}` });
      assert.equal(probe.version, 1);
      await mem.close();
      t.diagnostic(`round ${round}: kill ${delay} ms after the lock → ${st.memories} memories${inside ? ' (killed mid-transaction)' : ''}`);
    }
    assert.ok(killedInside >= 1, 'at least one child was killed inside its transaction');
    const mem = await open({ path: file, namespace: 'probe' });
    assert.equal((await mem.stats()).memories, delays.length);
    await mem.close();
  });
});

describe('locking across processes', () => {
  test('a writer blocked by another process gets storage (busy), not corruption; a dead holder\'s lock is taken over', { timeout: 120_000 }, async (t) => {
    const file = path.join(tempDir(t), 'locked.db');
    const lock = `${file}.lock`;
    const mem = await open({ path: file });
    await mem.remember({ content: 'before the other process' });

    const { child, exit } = await frozenLockHolder(file); // frozen while it holds the lock
    try {
      const err = await mem.remember({ content: 'while the other process holds the lock' }).then(
        () => null,
        (e) => e,
      );
      assert.ok(err instanceof MemcoreError, `expected a MemcoreError, got ${err}`);
      assert.equal(err.code, 'storage');
      // SQLite's busy handler gave up (busy_timeout), not some other failure.
      assert.match(err.message, /locked|busy/i, err.message);
    } finally {
      child.kill('SIGKILL');
    }
    await exit;
    assert.equal(fs.readFileSync(lock, 'utf8'), String(child.pid), 'the killed holder left its lock behind');

    // Its owner is gone: the lock is stale, taken over, and the hot journal rolled back.
    const m = await mem.remember({ content: 'after the other process died' });
    assert.equal(m.version, 1);
    const child1 = mem.withNamespace('child');
    assert.equal((await child1.stats()).memories % 1000, 0);
    assert.deepEqual((await mem.list()).memories.map((x) => x.content).sort(), ['after the other process died', 'before the other process']);
    await mem.close();
    assert.equal(fs.existsSync(lock), false, 'no lock is left once nothing is open');
  });
});
