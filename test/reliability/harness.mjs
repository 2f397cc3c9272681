// The crash harness shared by every runtime's crash test (Node, Chromium, workerd; the
// wazero one in wasm/crash_test.go follows the same design in Go): docs/RELIABILITY.md.
//
// A writer writes numbered batches — batch n of run r is ONE remember call of `size`
// memories with keys `r<r>-b<n>-<i>` and metadata {run: r, batch: n} — and acknowledges
// each batch once that call has returned. The test kills the writer at a seeded random
// moment, reopens the database and checks, with checkRun: every acknowledged batch is
// fully there, the one batch in flight is all there or not at all, nothing later exists;
// then SQLite's integrity check (integrity) and one more write. This module holds no
// runtime-specific code and imports nothing of memcore's, so that every test imports it.

/** The number of kills a crash test makes: MEMCORE_KILLS, else its default (a few). */
export function killCount(fallback) {
  const n = Number(process.env.MEMCORE_KILLS || fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`MEMCORE_KILLS=${process.env.MEMCORE_KILLS}: want a positive integer`);
  return n;
}

/** The seed of a crash run: MEMCORE_SEED, else a fresh one. Tests print it. */
export function crashSeed() {
  const s = process.env.MEMCORE_SEED;
  return s ? Number(s) >>> 0 : (Math.random() * 2 ** 32) >>> 0;
}

/** A small seeded generator (mulberry32): a float in [0, 1) per call. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The memories of batch n of run r: what the writers remember, in one call. */
export function batchOf(run, n, size) {
  return Array.from({ length: size }, (_, i) => ({
    key: `r${run}-b${n}-${i}`,
    content: `crash run ${run} batch ${n} memory ${i}: 第 ${i} 条崩溃矩阵记忆 ${'lorem ipsum dolor sit amet '.repeat(4)}`,
    tags: ['crash', `b${n}`],
    metadata: { run, batch: n },
    importance: (i % 10) / 10,
  }));
}

/** The source of batchOf, for writers that run where this module cannot be imported. */
export const batchOfSource = batchOf.toString();

/**
 * Every memory of run r, through list (the caller's `list(filter)` of a Memory, or a
 * function that speaks to one over HTTP), following cursors.
 */
export async function listRun(list, run) {
  const out = [];
  let cursor;
  do {
    const page = await list({ metadata: { run }, limit: 200, ...(cursor ? { cursor } : {}) });
    out.push(...page.memories);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/**
 * Checks run r's memories against what the writer acknowledged (acked: the highest
 * acknowledged batch number, -1 for none). Throws an Error that says what is wrong;
 * returns {batches: complete batches found, inflight: whether the unacknowledged batch
 * in flight at the kill is there (all of it)}.
 */
export function checkRun(memories, { run, acked, size }) {
  const byBatch = new Map();
  for (const m of memories) {
    const n = m.metadata?.batch;
    if (m.metadata?.run !== run || !Number.isInteger(n)) throw new Error(`run ${run}: a memory of another run or without its batch: ${m.key}`);
    if (!byBatch.has(n)) byBatch.set(n, new Set());
    const keys = byBatch.get(n);
    if (keys.has(m.key)) throw new Error(`run ${run}: ${m.key} is there twice`);
    keys.add(m.key);
  }
  for (let n = 0; n <= acked; n++) {
    const keys = byBatch.get(n) || new Set();
    if (keys.size !== size) throw new Error(`run ${run}: acknowledged batch ${n} has ${keys.size} of its ${size} memories`);
    for (let i = 0; i < size; i++) if (!keys.has(`r${run}-b${n}-${i}`)) throw new Error(`run ${run}: acknowledged r${run}-b${n}-${i} is missing`);
  }
  const next = byBatch.get(acked + 1)?.size || 0;
  if (next !== 0 && next !== size) throw new Error(`run ${run}: the batch in flight (${acked + 1}) is half there: ${next} of ${size} memories`);
  for (const n of byBatch.keys()) {
    if (n > acked + 1) throw new Error(`run ${run}: batch ${n} exists, but the writer never got past batch ${acked + 1}`);
  }
  return { batches: acked + 1 + (next ? 1 : 0), inflight: next === size };
}

/**
 * SQLite's integrity check of the whole database behind mem, through existing ops: its
 * snapshot is restored into a fresh in-memory database (openMemory()), and restore runs
 * PRAGMA integrity_check and foreign_key_check (and memcore's schema check) before it
 * accepts the bytes. Throws the restore's error (invalid_argument, "it is damaged: …").
 */
export async function integrity(mem, openMemory) {
  const snap = await mem.snapshot();
  const scratch = await openMemory();
  try {
    await scratch.restore(snap);
  } finally {
    await scratch.close();
  }
}

/** One line of a crash run's summary, printed by every runtime's test in one format. */
export function summary(runtime, s) {
  return `crash matrix ${runtime}: seed ${s.seed}, ${s.kills} kills (${s.midTx} mid-transaction), ` +
    `${s.batches} batches checked (${s.memories} memories), ${s.inflight} in-flight batches found complete, integrity ok ${s.integrity}/${s.kills}`;
}
