// Load (docs/RELIABILITY.md, "Load and soak"): N Node processes (2, then 4; LOAD_WRITERS=
// "2 4") each remember LOAD_COUNT (2,000) memories, one remember call each, into ONE file
// database while LOAD_READERS (2) other processes recall from it. Every write must be there
// at the end, exactly once. Lock waits are SQLite's busy timeout (5,000 ms, fixed: see
// docs/RELIABILITY.md): a write whose wait runs out fails with a `storage` MemcoreError
// ("database is locked") — the writer counts it and retries the same key. Prints a
// Markdown table, a row as each run ends; exits non-zero when a check fails. LOAD_DEBUG=1 keeps the database and
// prints each process's counts.
//
//   node test/reliability/load.mjs        (make test-long; needs dist/memcore.wasm)

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { memcore, spawnFixture, tempDir } from '../../js/test/helpers.mjs';
import { integrity } from './harness.mjs';

const { open } = await memcore();
const COUNT = Number(process.env.LOAD_COUNT || 2000);
const READERS = Number(process.env.LOAD_READERS || 2);
const WRITERS = (process.env.LOAD_WRITERS || '2 4').split(/\s+/).filter(Boolean).map(Number);

const rows = [];
console.log(`load: ${COUNT} memories per writer, one remember each, ${READERS} readers recalling meanwhile, one file (Node ${process.version}, js build)\n`);
console.log('| writers | readers | writes there | recalls | seconds | write p50 ms | write p99 ms | write max ms | recall p99 ms | ops over 1 s | busy timeouts (retried) | longest timed-out wait ms |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const n of WRITERS) {
  const dir = tempDir();
  const file = path.join(dir, 'load.db');
  const stop = path.join(dir, 'stop');
  // Create the schema first, so that the processes race on writes, not on the migration.
  await (await open({ path: file })).close();
  const t0 = performance.now();
  const readers = Array.from({ length: READERS }, (_, i) => spawnFixture('load-worker.mjs', [file, 'read', String(i), stop]));
  const writers = Array.from({ length: n }, (_, i) => spawnFixture('load-worker.mjs', [file, 'write', String(i), String(COUNT)]));
  const wres = await Promise.all(writers.map((w) => w.exit));
  const secs = (performance.now() - t0) / 1000;
  fs.writeFileSync(stop, '');
  const rres = await Promise.all(readers.map((r) => r.exit));
  const results = [...wres, ...rres].map((e, i) => {
    assert.equal(e.code, 0, `process ${i} exited with ${e.code ?? e.signal}: ${e.stderr}`);
    return JSON.parse(e.stdout.at(-1));
  });
  if (process.env.LOAD_DEBUG) console.error(file, JSON.stringify(results));
  // Every write there, exactly once.
  const mem = await open({ path: file, namespace: 'load' });
  const st = await mem.stats();
  const keys = new Set();
  let cursor;
  do {
    const page = await mem.list({ limit: 1000, ...(cursor ? { cursor } : {}) });
    for (const m of page.memories) {
      assert.ok(!keys.has(m.key), `${m.key} twice`);
      keys.add(m.key);
    }
    cursor = page.nextCursor;
  } while (cursor);
  const missing = [];
  for (let w = 0; w < n; w++) for (let i = 0; i < COUNT; i++) if (!keys.has(`w${w}-${i}`)) missing.push(`w${w}-${i}`);
  assert.deepEqual(missing, [], `${n} writers: ${missing.length} acknowledged writes missing (stats: ${st.memories} of ${n * COUNT})`);
  assert.equal(st.memories, n * COUNT, `${n} writers: ${st.memories} memories, want ${n * COUNT}`);
  await integrity(mem, () => open({ path: ':memory:' })); // SQLite's integrity_check (harness.mjs)
  await mem.close();
  const timeouts = results.flatMap((r) => r.timeouts);

  for (const t of timeouts) assert.match(t.message, /locked|busy/i, `a timed-out wait says why: ${t.message}`);
  const w = results.filter((r) => r.role === 'write');
  const r = results.filter((r) => r.role === 'read');
  rows.push({
    writers: n,
    readers: READERS,
    writes: w.reduce((a, x) => a + x.ops, 0),
    recalls: r.reduce((a, x) => a + x.ops, 0),
    secs: secs.toFixed(1),
    writeP50: Math.max(...w.map((x) => x.p50)),
    writeP99: Math.max(...w.map((x) => x.p99)),
    writeMax: Math.max(...w.map((x) => x.max)),
    recallP99: Math.max(0, ...r.map((x) => x.p99)),
    over1s: results.reduce((a, x) => a + x.over1s, 0),
    timeouts: timeouts.length,
    timeoutMaxMs: Math.max(0, ...timeouts.map((t) => t.ms)),
    example: timeouts[0]?.message,
  });
  const x = rows.at(-1);
  console.log(`| ${x.writers} | ${x.readers} | ${x.writes} | ${x.recalls} | ${x.secs} | ${x.writeP50} | ${x.writeP99} | ${x.writeMax} | ${x.recallP99} | ${x.over1s} | ${x.timeouts} | ${x.timeoutMaxMs} |`);
  if (!process.env.LOAD_DEBUG) fs.rmSync(dir, { recursive: true, force: true });
}

for (const x of rows) if (x.example) console.log(`\n${x.writers} writers: a timed-out wait says: ${x.example}`);
