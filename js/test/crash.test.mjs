// The crash matrix in Node (docs/RELIABILITY.md): a child process writes numbered
// batches to a file database and is killed with SIGKILL at a seeded random moment,
// MEMCORE_KILLS times (a few by default; make test-long runs 100+). After each kill the
// database is reopened here: every acknowledged batch is fully there, the batch in
// flight all or nothing, SQLite's integrity check passes and the file takes writes.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { batchOfSource, checkRun, crashSeed, integrity, killCount, listRun, rng, summary } from '../../test/reliability/harness.mjs';
import { memcore, spawnFixture, tempDir } from './helpers.mjs';

const { open } = await memcore();

const KILLS = killCount(4);
const SIZE = 25; // memories per batch (one remember call)
const MAX_DELAY = 1500; // ms after "ready" within which the kill falls

test(`SIGKILL at random moments of batch writes: ${KILLS} kills`, { timeout: 120_000 + KILLS * 20_000 }, async (t) => {
  const seed = crashSeed();
  t.diagnostic(`seed ${seed} (MEMCORE_SEED=${seed} repeats this run's kill delays)`);
  const random = rng(seed);
  const file = path.join(tempDir(t), 'crash.db');
  const s = { seed, kills: 0, midTx: 0, batches: 0, memories: 0, inflight: 0, integrity: 0 };
  const counts = new Map(); // run → memories found after its kill
  for (let run = 0; run < KILLS; run++) {
    const { child, lines, exit } = spawnFixture('crash-writer.mjs', [file, String(run), String(SIZE)], { env: { MEMCORE_BATCH_OF: batchOfSource } });
    await lines(1); // "ready"
    const delay = Math.floor(random() * MAX_DELAY);
    await new Promise((r) => setTimeout(r, delay));
    const midTx = fs.existsSync(`${file}-journal`);
    child.kill('SIGKILL');
    const e = await exit;
    assert.equal(e.signal, 'SIGKILL', `run ${run}: the writer exited by itself (${e.code}): ${e.stderr}`);
    const acks = e.stdout.filter((l) => l.startsWith('ack ')).map((l) => Number(l.slice(4)));
    const acked = acks.length ? Math.max(...acks) : -1;

    const mem = await open({ path: file, namespace: 'crash' }).catch((err) => {
      const lock = fs.existsSync(`${file}.lock`) ? `lock ${JSON.stringify(fs.readFileSync(`${file}.lock`, 'utf8'))}` : 'no lock';
      throw new Error(`run ${run}: reopening after the kill (pid ${child.pid}, ${lock}): ${err.message}`, { cause: err });
    });
    try {
      const got = await listRun((f) => mem.list(f), run);
      const r = checkRun(got, { run, acked, size: SIZE });
      counts.set(run, got.length);
      // Earlier runs are exactly as their checks left them (every 25th run and the last: a full scan).
      if (run % 25 === 24 || run === KILLS - 1) {
        for (const [r0, n] of counts) assert.equal((await listRun((f) => mem.list(f), r0)).length, n, `run ${r0} changed after run ${run}`);
      }
      await integrity(mem, () => open({ path: ':memory:' }));
      const probe = await mem.withNamespace('probe').remember({ content: `written after kill ${run}` });
      assert.equal(probe.version, 1);
      s.kills++;
      s.midTx += midTx ? 1 : 0;
      s.batches += r.batches;
      s.memories += got.length;
      s.inflight += r.inflight ? 1 : 0;
      s.integrity++;
      if (KILLS <= 10 || run % 10 === 9) t.diagnostic(`run ${run}: killed ${delay} ms after ready${midTx ? ' (journal present)' : ''}, ${acked + 1} acked, ${r.batches} batches there`);
    } finally {
      await mem.close();
    }
  }
  const mem = await open({ path: file, namespace: 'probe' });
  assert.equal((await mem.stats()).memories, KILLS, 'every probe write after a kill is there');
  await mem.close();
  t.diagnostic(summary('node', s));
});
