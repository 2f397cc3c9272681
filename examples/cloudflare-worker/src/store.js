// SnapshotStore keeps memcore snapshots (the bytes of an SQLite file) in a Durable
// Object's storage.
//
// A Durable Object storage value is limited in size (128 KiB in KV-backed objects, 2 MB in
// SQLite-backed ones), so a snapshot is cut into CHUNK_BYTES pieces under the keys
// snapshot:000000, snapshot:000001, …, described by one meta value under "snapshot":
//
//   { format: 1, bytes, chunks, chunkBytes, sha256: [one SHA-256 per chunk], savedAt }
//
// A write puts the changed chunks, deletes the chunks the database no longer has and puts
// the meta value in one storage transaction: a reader sees the old snapshot or the new one,
// never a mix. Only changed chunks are written — those whose SHA-256 differs from the
// stored one: SQLite changes the pages a write touches (and the header on page 1), so
// remembering one memory in a 10 MB database rewrites a few chunks, not eighty. Comparing
// digests rather than bytes keeps no second copy of the database in the isolate's memory.
// The store must be the only writer of its keys, as a Durable Object is of its own storage.
//
// read() checks the meta value, and that every chunk is there with its size and digest;
// memcore's restore() then checks the database itself.

export const CHUNK_BYTES = 128 * 1024;
export const META_KEY = 'snapshot';
const FORMAT = 2;
// Durable Object storage takes at most 128 keys in one get, put or delete.
const BATCH = 128;

/** A stored snapshot that cannot be read back: missing chunks, a wrong size or checksum. */
export class SnapshotStoreError extends Error {
  constructor(message) {
    super(message);
    this.name = 'SnapshotStoreError';
  }
}

export function chunkKey(i) {
  return `snapshot:${String(i).padStart(6, '0')}`;
}

export class SnapshotStore {
  #storage;
  #chunkBytes;
  #meta = null; // the stored meta value, as last written or read

  /** storage: a DurableObjectStorage (ctx.storage), or anything with its get/put/delete/transaction. */
  constructor(storage, { chunkBytes = CHUNK_BYTES } = {}) {
    if (!Number.isSafeInteger(chunkBytes) || chunkBytes < 4096) throw new RangeError('chunkBytes is an integer ≥ 4096');
    this.#storage = storage;
    this.#chunkBytes = chunkBytes;
  }

  /** The meta value of the stored snapshot (after a read or write), or null. */
  get meta() {
    return this.#meta;
  }

  /**
   * The stored snapshot as { bytes, meta }, or null when nothing is stored. Throws a
   * SnapshotStoreError when what is stored is incomplete or does not match its checksum.
   */
  async read() {
    const meta = await this.#storage.get(META_KEY);
    if (meta === undefined) {
      this.#meta = null;
      return null;
    }
    checkMeta(meta);
    const bytes = new Uint8Array(meta.bytes);
    for (let first = 0; first < meta.chunks; first += BATCH) {
      const keys = [];
      for (let i = first; i < Math.min(first + BATCH, meta.chunks); i++) keys.push(chunkKey(i));
      const got = await this.#storage.get(keys);
      for (let i = first; i < first + keys.length; i++) {
        const chunk = got.get(chunkKey(i));
        const want = Math.min(meta.chunkBytes, meta.bytes - i * meta.chunkBytes);
        if (!(chunk instanceof Uint8Array) && !(chunk instanceof ArrayBuffer)) {
          throw new SnapshotStoreError(`the stored snapshot is incomplete: chunk ${i} of ${meta.chunks} is missing`);
        }
        const b = chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk);
        if (b.length !== want) {
          throw new SnapshotStoreError(`the stored snapshot is damaged: chunk ${i} is ${b.length} bytes, not ${want}`);
        }
        const sum = await sha256(b);
        if (sum !== meta.sha256[i]) {
          throw new SnapshotStoreError(`the stored snapshot is damaged: chunk ${i} has SHA-256 ${sum}, not the ${meta.sha256[i]} it was saved with`);
        }
        bytes.set(b, i * meta.chunkBytes);
      }
    }
    this.#meta = meta;
    return { bytes, meta };
  }

  /** Deletes the stored snapshot, whole or damaged (after it was imported elsewhere). */
  async clear() {
    const meta = await this.#storage.get(META_KEY);
    const chunks = Number.isSafeInteger(meta?.chunks) ? meta.chunks : 0;
    const keys = [META_KEY];
    for (let i = 0; i < chunks; i++) keys.push(chunkKey(i));
    for (let i = 0; i < keys.length; i += BATCH) await this.#storage.delete(keys.slice(i, i + BATCH));
    this.#meta = null;
  }

  /**
   * Stores bytes (a snapshot) in place of the stored one, in one transaction, writing only
   * the chunks that differ from what is stored. Returns { meta, chunksWritten }.
   */
  async write(bytes) {
    if (!(bytes instanceof Uint8Array) || bytes.length === 0) throw new TypeError('write takes the non-empty bytes of a snapshot');
    const size = this.#chunkBytes;
    const chunks = Math.ceil(bytes.length / size);
    const old = this.#meta?.chunkBytes === size ? this.#meta.sha256 : [];
    const sums = [];
    const puts = [];
    for (let i = 0; i < chunks; i++) {
      const chunk = bytes.subarray(i * size, (i + 1) * size);
      sums.push(await sha256(chunk));
      if (sums[i] === old[i]) continue;
      // A copy: storage serialises a view's whole ArrayBuffer, not just the view.
      puts.push([chunkKey(i), chunk.slice()]);
    }
    const oldChunks = this.#meta?.chunks ?? 0;
    const stale = [];
    for (let i = chunks; i < oldChunks; i++) stale.push(chunkKey(i));
    const meta = {
      format: FORMAT,
      bytes: bytes.length,
      chunks,
      chunkBytes: size,
      sha256: sums,
      savedAt: new Date().toISOString(),
    };
    await this.#storage.transaction(async (txn) => {
      for (let i = 0; i < puts.length; i += BATCH) {
        await txn.put(Object.fromEntries(puts.slice(i, i + BATCH)));
      }
      for (let i = 0; i < stale.length; i += BATCH) {
        await txn.delete(stale.slice(i, i + BATCH));
      }
      await txn.put(META_KEY, meta);
    });
    this.#meta = meta;
    return { meta, chunksWritten: puts.length };
  }
}

function checkMeta(m) {
  const ok =
    m !== null &&
    typeof m === 'object' &&
    m.format === FORMAT &&
    Number.isSafeInteger(m.bytes) &&
    m.bytes > 0 &&
    Number.isSafeInteger(m.chunkBytes) &&
    m.chunkBytes > 0 &&
    m.chunks === Math.ceil(m.bytes / m.chunkBytes) &&
    Array.isArray(m.sha256) &&
    m.sha256.length === m.chunks &&
    m.sha256.every((x) => typeof x === 'string');
  if (!ok) throw new SnapshotStoreError(`the stored snapshot's description is not one this Worker wrote: ${JSON.stringify(m)?.slice(0, 200)}`);
}

async function sha256(bytes) {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  let s = '';
  for (const x of d) s += x.toString(16).padStart(2, '0');
  return s;
}
