// The crash matrix in workerd (docs/RELIABILITY.md; the design of
// test/reliability/harness.mjs): this test writes numbered batches — one POST /remember of
// 25 memories each, one memcore write, one storage transaction — to a Durable Object
// (its database in DO storage page by page), an acknowledged batch being one answered
// 200, and kills workerd with SIGKILL at a seeded random moment, MEMCORE_KILLS times (2
// by default; make test-long runs 100+). After each kill, with workerd restarted: every
// acknowledged batch is fully there, the batch in flight all or nothing, the stored
// database passes SQLite's integrity check (GET /snapshot, then PUT /snapshot into
// another owner runs integrity_check before it accepts the bytes) and takes writes.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { batchOf, checkRun, crashSeed, killCount, listRun, rng, summary } from '../../../test/reliability/harness.mjs';
import { build } from '../build.mjs';
import { startWorkerd } from './workerd.mjs';

const KILLS = killCount(2);
const SIZE = 25;
const MAX_DELAY = 1500;
let storageDir;
let w;

async function call(method, route, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = body instanceof Uint8Array ? body : JSON.stringify(body);
    if (!(body instanceof Uint8Array)) init.headers['content-type'] = 'application/json';
  }
  const res = await fetch(w.url + route, init);
  if (res.headers.get('content-type') === 'application/vnd.sqlite3') {
    return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
  }
  return { status: res.status, json: await res.json() };
}

/** list(filter) over GET /memories (the route lists everything: the run is filtered here). */
function lister(owner) {
  return async ({ metadata, limit, cursor }) => {
    const r = await call('GET', `/owners/${owner}/memories?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return { ...r.json, memories: r.json.memories.filter((m) => m.metadata?.run === metadata.run) };
  };
}

before(async () => {
  await build({ quiet: true });
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memcore-edge-crash-'));
  w = await startWorkerd({ storageDir });
});

after(async () => {
  await w?.stop();
  if (storageDir) fs.rmSync(storageDir, { recursive: true, force: true });
});

test(`workerd killed at random moments of batch writes: ${KILLS} kills`, { timeout: 180_000 + KILLS * 30_000 }, async (t) => {
  const seed = crashSeed();
  t.diagnostic(`seed ${seed} (MEMCORE_SEED=${seed} repeats this run's kill delays)`);
  const random = rng(seed);
  const s = { seed, kills: 0, midTx: 0, batches: 0, memories: 0, inflight: 0, integrity: 0 };
  for (let run = 0; run < KILLS; run++) {
    const owner = `crash-${run % 10}`; // ten databases, each killed into again and again
    let acked = -1;
    let stop = false;
    let inFlight = false;
    const writer = (async () => {
      for (let n = 0; !stop; n++) {
        inFlight = true;
        const r = await call('POST', `/owners/${owner}/remember`, batchOf(run, n, SIZE)).catch(() => null);
        inFlight = false;
        if (r?.status !== 200) return;
        acked = n;
      }
    })();
    const delay = Math.floor(random() * MAX_DELAY);
    await new Promise((r) => setTimeout(r, delay));
    const midTx = inFlight;
    process.kill(w.pid, 'SIGKILL');
    await w.exited;
    stop = true;
    await writer;
    w = await startWorkerd({ storageDir });

    const got = await listRun(lister(owner), run);
    const r = checkRun(got, { run, acked, size: SIZE });
    const snap = await call('GET', `/owners/${owner}/snapshot`);
    assert.equal(snap.status, 200);
    const v = await call('PUT', `/owners/verify-${run % 10}/snapshot`, snap.bytes);
    assert.equal(v.status, 200, `run ${run}: the stored database is not sound: ${JSON.stringify(v.json)}`);
    const probe = await call('POST', `/owners/${owner}/remember`, { content: `written after kill ${run}` });
    assert.equal(probe.status, 200);
    s.kills++;
    s.midTx += midTx ? 1 : 0;
    s.batches += r.batches;
    s.memories += got.length;
    s.inflight += r.inflight ? 1 : 0;
    s.integrity++;
    if (KILLS <= 10 || run % 10 === 9) t.diagnostic(`run ${run}: killed ${delay} ms in${midTx ? ' (a batch in flight)' : ''}, ${acked + 1} acked, ${r.batches} batches there`);
  }
  t.diagnostic(`${summary('workerd', s)} ("mid-transaction": a request was in flight)`);
});
