// memcore for Node: loads dist/memcore.wasm (the js/wasm build of the Go engine) once per
// process with Go's own wasm_exec.js, and opens SQLite files through Node's fs.
//
// Nothing is added to globalThis: wasm_exec.js and the Go program see a private global
// object whose own properties are fs, path, Go and the engine's __memcore* hooks, and
// which reads everything else (Object, Promise, process, crypto, …) from the real one.

import fs from 'node:fs';
import nodePath from 'node:path';
import process from 'node:process';
import v8 from 'node:v8';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

import { ERROR_CODES, MemcoreError, invalid } from './errors.js';
import {
  DEFAULT_LIMITS,
  DEFAULT_SCORING,
  EngineClient,
  EngineSlot,
  Memory,
  SharedFiles,
  checkOpenOptions,
  connectMemory,
  memoryView,
  openArgs,
} from './memory.js';
import { VERSION } from './version.js';
import { readWasmBytes } from './node-wasm-bytes.js';
import { Settler } from './settle.js';

export { DEFAULT_LIMITS, DEFAULT_SCORING, ERROR_CODES, Memory, MemcoreError, VERSION };

const DIST = new URL('../dist/', import.meta.url);

/** Open files by canonical path: one engine database per file, shared by every open(). */
const files = new SharedFiles('process');

/** The engine of this process (a Promise of its EngineClient), started by the first open(). */
const slot = new EngineSlot(load, () => files.dropDead());

/**
 * Opens (creating it when missing) the memcore database at options.path — a file, or
 * ':memory:' — and returns a Memory bound to options.namespace. See index.d.ts.
 */
export async function open(options) {
  const o = checkOpenOptions(options, ['path', 'tierUp']);
  if (options.tierUp !== undefined && typeof options.tierUp !== 'boolean') {
    throw invalid('tierUp', 'tierUp is a boolean');
  }
  const path = resolvePath(options.path);
  const client = await slot.get(options.tierUp === true);
  const request = { path, version: VERSION, ...openArgs(o) };
  const conn = path === ':memory:' ? await connectMemory(client, request) : await files.connect(client, request, o);
  return memoryView(conn, o.namespace);
}

/** An absolute, symlink-free path (so that two spellings of one file share one engine), or ':memory:'. */
function resolvePath(p) {
  if (p !== null && typeof p === 'object' && typeof p.href === 'string') {
    try {
      p = fileURLToPath(p.href);
    } catch (err) {
      throw invalid('path', `path is a file: URL or a string: ${err.message}`);
    }
  }
  if (p === undefined) {
    throw invalid('path', 'open needs a path: a database file (created when missing), or ":memory:" for a database that lives as long as it is open');
  }
  if (typeof p !== 'string' || p === '') throw invalid('path', 'path is a non-empty string or a file: URL');
  if (p === ':memory:') return p;
  if (p.includes('\0')) throw invalid('path', 'path contains a NUL character');
  const abs = nodePath.resolve(p);
  try {
    return fs.realpathSync(abs);
  } catch {
    try {
      return nodePath.join(fs.realpathSync(nodePath.dirname(abs)), nodePath.basename(abs));
    } catch {
      return abs; // the directory is missing: the engine says so
    }
  }
}

// ─── Loading the engine ─────────────────────────────────────────────────────────────────

async function load(tierUp, onStop) {
  try {
    return await start(tierUp, onStop);
  } catch (err) {
    if (err instanceof MemcoreError) throw err;
    throw new MemcoreError('internal', `memcore's wasm engine failed to start: ${err?.message ?? err}`, undefined, { cause: err });
  }
}

async function start(tierUp, onStop) {
  let src, bytes;
  try {
    src = await fs.promises.readFile(new URL('wasm_exec.js', DIST), 'utf8');
    bytes = readWasmBytes(new URL('memcore.wasm', DIST));
  } catch (err) {
    throw new MemcoreError('internal', `memcore's wasm engine is missing from the package (${err.message}); in a source checkout, build it with: go run ./cmd/wasmbuild -targets js`, undefined, { cause: err });
  }
  const scope = goGlobal();
  // wasm_exec.js is a classic script that defines globalThis.Go; here its globalThis is
  // scope. (vm, unlike new Function, also works under --disallow-code-generation-from-strings.)
  const wasmExec = fileURLToPath(new URL('wasm_exec.js', DIST));
  vm.runInThisContext(`(function (globalThis, fs) {${src}\n})`, { filename: wasmExec })(scope, scope.fs);
  const go = new scope.Go();
  go.argv = ['memcore'];
  go.env = {};
  let exitCode = 0;
  go.exit = (code) => {
    exitCode = code;
  };

  const restore = tierUp ? () => {} : baselineCompiler();
  let module;
  try {
    module = await WebAssembly.compile(bytes);
  } catch (err) {
    throw new MemcoreError('internal', `memcore's wasm engine does not compile: ${err.message}`, undefined, { cause: err });
  } finally {
    restore();
  }
  bytes = null;
  const instance = await WebAssembly.instantiate(module, go.importObject);
  const settler = new Settler(instance.exports.mem);
  scope.__memcore_settle = settler.settle;

  let client = null;
  const ready = new Promise((resolve) => {
    scope.__memcore_ready = resolve;
  });
  const stopped = go.run(instance).then(
    () => new MemcoreError('internal', `memcore's wasm engine stopped (exit code ${exitCode}); its databases are closed — open them again`),
    (err) => new MemcoreError('internal', `memcore's wasm engine failed: ${err.message}`, undefined, { cause: err }),
  );
  stopped.then((err) => {
    client?.stop(err);
    onStop();
  });
  const first = await Promise.race([ready.then(() => null), stopped]);
  if (first) throw first;
  client = new EngineClient(settler.wrap(scope.__memcore));
  scope.__memcore_host = client.host;
  return client;
}

/**
 * Makes V8 compile the engine with Liftoff, its baseline compiler, only. By default V8
 * re-compiles hot functions with TurboFan, and SQLite's interpreter loop is a single
 * function of hundreds of kilobytes of wasm: tiering it up costs seconds of CPU and
 * ~700 MB of peak memory at start, for little gain on a memory engine's small queries.
 *
 * The flags are V8's, process-wide, and read when a module is compiled: --liftoff-only
 * is restored right after our compile (the engine stays on Liftoff, modules compiled
 * later tier up as usual). --wasm-lazy-validation (validate a function when it is first
 * compiled, not all of the module's code up front: ~90 ms) stays on: turning it off again
 * would make V8 abort on an invalid function of a module compiled in between. A flag
 * given on node's command line (either polarity) is left alone. open({tierUp: true})
 * skips all of this.
 */
function baselineCompiler() {
  const given = new Set(process.execArgv.map((a) => a.replace(/^--(no-)?/, '').split('=')[0].replaceAll('_', '-')));
  const restore = [];
  if (!given.has('liftoff-only')) {
    v8.setFlagsFromString('--liftoff-only');
    restore.push('--no-liftoff-only');
  }
  if (!given.has('wasm-lazy-validation')) v8.setFlagsFromString('--wasm-lazy-validation');
  return () => {
    for (const f of restore) v8.setFlagsFromString(f);
  };
}

/**
 * The global object the Go program sees (syscall/js's js.Global()): fs, path and what
 * wasm_exec.js and the engine define are its own properties; the rest is read from
 * globalThis (with globalThis as the receiver, which Node's accessors require).
 */
function goGlobal() {
  const own = { fs: goFS(), path: nodePath };
  return new Proxy(own, {
    get: (t, k) => (Object.hasOwn(t, k) ? t[k] : globalThis[k]),
    set: (t, k, v) => {
      t[k] = v;
      return true;
    },
    has: (t, k) => Object.hasOwn(t, k) || k in globalThis,
  });
}

/**
 * Node's fs for Go's syscall package, with one change: SQLite's dot-file locks. The js
 * build locks a database across processes by creating "<db>.lock" exclusively (-tags
 * sqlite3_dotlk), which a killed process leaves behind — locking the database forever.
 * As go-sqlite3's dot-lock code does on Unix (but not on js), the lock file records its
 * owner's pid, and a lock whose owner no longer exists is removed and taken.
 */
function goFS() {
  const { O_CREAT, O_EXCL } = fs.constants;
  const goFs = Object.create(fs);
  goFs.open = (path, flags, mode, callback) => {
    if ((flags & O_CREAT) && (flags & O_EXCL) && typeof path === 'string' && path.endsWith('.lock')) {
      openLock(path, flags, mode, callback, true);
    } else {
      fs.open(path, flags, mode, callback);
    }
  };
  return goFs;
}

function openLock(path, flags, mode, callback, retry) {
  // The lock must never exist without its pid: a process killed between creating an empty
  // lock and writing into it would leave a lock nobody can tell is stale (the crash matrix,
  // docs/RELIABILITY.md, found it). So the pid is written to a private file first and
  // linked to the lock's name, which is as exclusive as O_EXCL; where hard links are not
  // supported, the lock is created and then written, as before.
  let linked;
  try {
    linked = linkLock(path, mode);
  } catch {
    linked = null;
  }
  if (linked === null) {
    createLock(path, flags, mode, callback, retry);
  } else if (linked) {
    // Go's dot-lock code closes what it gets: an fd of the lock, opened without O_CREAT.
    fs.open(path, fs.constants.O_RDONLY, callback);
  } else if (retry && clearStaleLock(path)) {
    openLock(path, flags, mode, callback, false);
  } else {
    callback(Object.assign(new Error(`EEXIST: file already exists, open '${path}'`), { code: 'EEXIST', syscall: 'open', path }));
  }
}

let lockSeq = 0;

/**
 * Links a private file holding this process's pid to path: true when this process now
 * holds the lock, false when it exists, null when links are not supported there.
 */
function linkLock(path, mode) {
  const tmp = `${path}.${process.pid}.${++lockSeq}`;
  fs.writeFileSync(tmp, String(process.pid), { mode: mode || 0o666 });
  try {
    fs.linkSync(tmp, path);
    return true;
  } catch (e) {
    if (e.code === 'EEXIST') return false;
    if (['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV'].includes(e.code)) return null;
    throw e;
  } finally {
    try {
      fs.unlinkSync(tmp);
    } catch {
      // already gone
    }
  }
}

function createLock(path, flags, mode, callback, retry) {
  fs.open(path, flags, mode, (err, fd) => {
    if (!err) {
      try {
        fs.writeSync(fd, String(process.pid));
      } catch {
        // The lock holds without its pid; it just cannot be recognised as stale.
      }
      callback(null, fd);
    } else if (err.code === 'EEXIST' && retry && clearStaleLock(path)) {
      createLock(path, flags, mode, callback, false);
    } else {
      callback(err);
    }
  });
}

/**
 * Whether taking the lock at path may be tried again: it is gone, or it named a process
 * that no longer exists and was removed here. Synchronous from the check to the removal,
 * and a lock that is merely gone is never unlinked: unlinking "whatever is at path now"
 * after an asynchronous gap removed a lock another process had just taken, so that two
 * processes wrote at once and the database was corrupted (the load test,
 * docs/RELIABILITY.md, found it).
 */
function clearStaleLock(path) {
  let fd;
  try {
    fd = fs.openSync(path, 'r');
  } catch (e) {
    return e.code === 'ENOENT';
  }
  let text, ino;
  try {
    ino = fs.fstatSync(fd).ino;
    text = fs.readFileSync(fd, 'utf8');
  } catch {
    return false;
  } finally {
    fs.closeSync(fd);
  }
  // An empty file is a lock being created (or one from a memcore without pids): held.
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return false;
  const pid = Number(text);
  if (pid === process.pid) return false; // another engine of this process (a worker, a second copy)
  try {
    process.kill(pid, 0);
    return false; // alive (or alive and someone else's: EPERM lands in the catch below)
  } catch (e) {
    if (e.code !== 'ESRCH') return false;
  }
  try {
    if (fs.statSync(path).ino !== ino) return true; // replaced by a fresh lock meanwhile: try again
    fs.unlinkSync(path);
    return true;
  } catch (e) {
    return e.code === 'ENOENT';
  }
}
