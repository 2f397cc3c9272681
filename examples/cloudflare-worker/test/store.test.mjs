// SnapshotStore against an in-process stand-in for Durable Object storage (the same
// get/put/delete/transaction shapes, values copied by structured clone, at most 128 keys
// per call, a transaction that applies all of its writes or none).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { CHUNK_BYTES, META_KEY, SnapshotStore, SnapshotStoreError, chunkKey } from '../src/store.js';

class FakeStorage {
  data = new Map();
  calls = { put: 0, keysPut: 0 };
  failNextCommit = false;

  async get(key) {
    if (Array.isArray(key)) {
      assert.ok(key.length <= 128, 'get takes at most 128 keys');
      const out = new Map();
      for (const k of key) if (this.data.has(k)) out.set(k, structuredClone(this.data.get(k)));
      return out;
    }
    return this.data.has(key) ? structuredClone(this.data.get(key)) : undefined;
  }

  async put(key, value) {
    this.#put(this.data, key, value);
  }

  async delete(keys) {
    for (const k of [keys].flat()) this.data.delete(k);
  }

  #put(into, key, value) {
    this.calls.put++;
    const entries = typeof key === 'string' ? [[key, value]] : Object.entries(key);
    assert.ok(entries.length <= 128, 'put takes at most 128 keys');
    for (const [k, v] of entries) {
      into.set(k, structuredClone(v));
      this.calls.keysPut++;
    }
  }

  async transaction(fn) {
    const work = new Map(this.data);
    const txn = {
      get: async (k) => (work.has(k) ? structuredClone(work.get(k)) : undefined),
      put: async (k, v) => this.#put(work, k, v),
      delete: async (keys) => {
        for (const k of [keys].flat()) work.delete(k);
      },
    };
    const r = await fn(txn);
    if (this.failNextCommit) {
      this.failNextCommit = false;
      throw new Error('storage unavailable');
    }
    this.data = work;
    return r;
  }
}

/** Bytes that look like pages: distinct content per 4 KiB page. */
function pages(n, seed = 1) {
  const b = new Uint8Array(n * 4096);
  for (let i = 0; i < b.length; i++) b[i] = (i * 31 + seed * 7 + (i >> 12)) & 255;
  return b;
}

test('a snapshot of several chunks is written and read back, in one store or a new one', async () => {
  const storage = new FakeStorage();
  const store = new SnapshotStore(storage);
  const bytes = pages(100); // 400 KiB: 4 chunks of 128 KiB
  const { meta, chunksWritten } = await store.write(bytes);
  assert.equal(meta.chunks, Math.ceil(bytes.length / CHUNK_BYTES));
  assert.equal(chunksWritten, meta.chunks);
  assert.equal(meta.bytes, bytes.length);
  assert.equal(meta.sha256.length, meta.chunks);
  for (const d of meta.sha256) assert.match(d, /^[0-9a-f]{64}$/);
  for (let i = 0; i < meta.chunks; i++) assert.ok(storage.data.get(chunkKey(i)).length <= CHUNK_BYTES);

  const fresh = new SnapshotStore(storage);
  const got = await fresh.read();
  assert.deepEqual(got.bytes, bytes);
  assert.deepEqual(got.meta, meta);
});

test('nothing stored reads as null', async () => {
  assert.equal(await new SnapshotStore(new FakeStorage()).read(), null);
});

test('only the chunks that changed are written again', async () => {
  const storage = new FakeStorage();
  const store = new SnapshotStore(storage);
  const bytes = pages(320); // 10 chunks
  await store.write(bytes);
  const next = bytes.slice();
  next[100] ^= 1; // chunk 0 (the header page changes on every SQLite write)
  next[5 * CHUNK_BYTES + 7] ^= 1; // chunk 5
  const { chunksWritten } = await store.write(next);
  assert.equal(chunksWritten, 2);
  assert.deepEqual((await new SnapshotStore(storage).read()).bytes, next);

  // A store that read the snapshot compares with what it read.
  const reader = new SnapshotStore(storage);
  await reader.read();
  const again = next.slice();
  again[9 * CHUNK_BYTES] ^= 1;
  assert.equal((await reader.write(again)).chunksWritten, 1);
});

test('a smaller snapshot deletes the chunks it no longer has; a larger one adds them', async () => {
  const storage = new FakeStorage();
  const store = new SnapshotStore(storage);
  await store.write(pages(320));
  await store.write(pages(40, 2)); // 160 KiB: 2 chunks
  assert.equal(storage.data.has(chunkKey(2)), false);
  assert.equal(storage.data.has(chunkKey(9)), false);
  assert.deepEqual((await new SnapshotStore(storage).read()).bytes, pages(40, 2));
  await store.write(pages(70, 3));
  assert.deepEqual((await new SnapshotStore(storage).read()).bytes, pages(70, 3));
});

test('more than 128 chunks are written and read in batches of 128 keys', async () => {
  const storage = new FakeStorage();
  const store = new SnapshotStore(storage, { chunkBytes: 4096 });
  const bytes = pages(300);
  await store.write(bytes);
  assert.deepEqual((await new SnapshotStore(storage, { chunkBytes: 4096 }).read()).bytes, bytes);
});

test('a failed transaction leaves the stored snapshot, and the next write writes everything it must', async () => {
  const storage = new FakeStorage();
  const store = new SnapshotStore(storage);
  const a = pages(100, 1);
  await store.write(a);
  const b = pages(100, 2);
  storage.failNextCommit = true;
  await assert.rejects(store.write(b), /storage unavailable/);
  assert.deepEqual((await new SnapshotStore(storage).read()).bytes, a);
  await store.write(b);
  assert.deepEqual((await new SnapshotStore(storage).read()).bytes, b);
});

test('damage is refused with a SnapshotStoreError that says what is wrong', async () => {
  const storage = new FakeStorage();
  await new SnapshotStore(storage).write(pages(100));
  const meta = storage.data.get(META_KEY);

  const good = storage.data.get(chunkKey(1));
  const flipped = good.slice();
  flipped[10] ^= 0x40;
  storage.data.set(chunkKey(1), flipped);
  await assert.rejects(new SnapshotStore(storage).read(), (e) => e instanceof SnapshotStoreError && /chunk 1 has SHA-256/.test(e.message));

  storage.data.set(chunkKey(1), flipped.subarray(0, 1000).slice());
  await assert.rejects(new SnapshotStore(storage).read(), (e) => e instanceof SnapshotStoreError && /chunk 1 is 1000 bytes/.test(e.message));

  storage.data.delete(chunkKey(2));
  storage.data.set(chunkKey(1), good);
  await assert.rejects(new SnapshotStore(storage).read(), (e) => e instanceof SnapshotStoreError && /chunk 2 of 4 is missing/.test(e.message));

  storage.data.set(META_KEY, { ...meta, chunks: 7 });
  await assert.rejects(new SnapshotStore(storage).read(), (e) => e instanceof SnapshotStoreError && /description/.test(e.message));
  storage.data.set(META_KEY, 'nonsense');
  await assert.rejects(new SnapshotStore(storage).read(), SnapshotStoreError);
});

test('a chunk is stored as a copy of its own bytes, not as a view of the whole snapshot', async () => {
  const storage = new FakeStorage();
  await new SnapshotStore(storage).write(pages(100));
  for (const [k, v] of storage.data) {
    if (k !== META_KEY) assert.ok(v.buffer.byteLength <= CHUNK_BYTES, `${k} holds ${v.buffer.byteLength} bytes`);
  }
});
