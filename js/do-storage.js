// The storage side of memcore's Durable Object VFS (internal/dovfs): a database file kept
// as rows of the object's own SQLite (ctx.storage.sql), one row per page, read and written
// synchronously by the Go engine through globalThis.__memcore_dovfs(id).
//
//   memcore_pages(file TEXT, page INTEGER, data BLOB, PRIMARY KEY(file, page))
//   memcore_files(file TEXT PRIMARY KEY, size INTEGER, page_bytes INTEGER)
//
// commit() writes one SQLite transaction's pages and the file's new size inside one
// ctx.storage.transactionSync(): the stored database is the old one or the new one,
// never a mix. A page is at most 64 KiB, well under a row's 2 MB.

const SCHEMA = `
CREATE TABLE IF NOT EXISTS memcore_pages (
  file TEXT NOT NULL, page INTEGER NOT NULL, data BLOB NOT NULL,
  PRIMARY KEY (file, page)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS memcore_files (
  file TEXT PRIMARY KEY, size INTEGER NOT NULL, page_bytes INTEGER NOT NULL
);`;

/**
 * What the engine asked of Durable Object storage in this isolate so far: page reads,
 * commits (storage transactions) and pages written. For benchmarks and tests.
 */
export const ioCounts = { reads: 0, commits: 0, pagesWritten: 0 };

/** The bindings the engine reads: id → binding. */
const bindings = new Map();
let nextId = 0;

/**
 * Whether storage is a SQLite-backed Durable Object's storage: the synchronous SQL API
 * and synchronous transactions this VFS needs.
 */
export function isSqlStorage(storage) {
  return (
    storage !== null &&
    typeof storage === 'object' &&
    typeof storage.sql?.exec === 'function' &&
    typeof storage.transactionSync === 'function'
  );
}

/**
 * Registers storage (a DurableObjectStorage of a SQLite-backed object) for the engine and
 * returns its id, which the database's path names (internal/dovfs.Path). unregister(id)
 * when the database is closed.
 */
export function register(storage) {
  storage.sql.exec(SCHEMA);
  const id = ++nextId;
  bindings.set(id, binding(storage));
  installGlobal();
  return id;
}

export function unregister(id) {
  bindings.delete(id);
}

function installGlobal() {
  if (typeof globalThis.__memcore_dovfs !== 'function') {
    globalThis.__memcore_dovfs = (id) => bindings.get(id);
  }
}

function binding(storage) {
  const sql = storage.sql;
  return {
    /** [size, pageBytes] of the stored file, or null when there is none. */
    stat(file) {
      const row = sql.exec('SELECT size, page_bytes FROM memcore_files WHERE file = ?', file).toArray()[0];
      return row ? [row.size, row.page_bytes] : null;
    },
    /** The bytes of one stored page, or null. */
    read(file, page) {
      ioCounts.reads++;
      const row = sql.exec('SELECT data FROM memcore_pages WHERE file = ? AND page = ?', file, page).toArray()[0];
      return row ? new Uint8Array(row.data) : null;
    },
    /**
     * One SQLite transaction: pages (page numbers, ascending) whose bytes follow one another
     * in data (pageBytes each), and the file's new size. Pages past the end are deleted.
     */
    commit(file, size, pageBytes, pages, data) {
      const buf = data.buffer;
      const base = data.byteOffset;
      ioCounts.commits++;
      ioCounts.pagesWritten += pages.length;
      storage.transactionSync(() => {
        for (let k = 0; k < pages.length; k++) {
          const at = base + k * pageBytes;
          sql.exec('INSERT OR REPLACE INTO memcore_pages (file, page, data) VALUES (?, ?, ?)', file, pages[k], buf.slice(at, at + pageBytes));
        }
        sql.exec('DELETE FROM memcore_pages WHERE file = ? AND page >= ?', file, Math.ceil(size / pageBytes));
        sql.exec('INSERT OR REPLACE INTO memcore_files (file, size, page_bytes) VALUES (?, ?, ?)', file, size, pageBytes);
      });
    },
  };
}

/** Bytes of the stored database named file in storage (its pages), and its page count. */
export function storedSize(storage, file) {
  const row = storage.sql.exec('SELECT count(*) AS pages, coalesce(sum(length(data)), 0) AS bytes FROM memcore_pages WHERE file = ?', file).toArray()[0];
  return { pages: row.pages, bytes: row.bytes };
}
