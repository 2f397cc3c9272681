// Test helpers: the tests use memcore as a user gets it — `npm pack` of this checkout,
// installed into a temporary project — never the files of the repository directly.
//
// The installation is shared by every test file (node --test runs each in its own
// process) and reused while the packed inputs are unchanged: its directory is named by a
// hash of them. Child-process fixtures are copied into it so that they, too, resolve
// 'memcore' through node_modules and the package's "exports" map.

import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** The files that go into the package (and the fixtures), hashed to name the install. */
function inputs() {
  const files = ['package.json', 'dist/memcore.wasm', 'dist/wasm_exec.js'];
  for (const f of fs.readdirSync(path.join(ROOT, 'js'))) {
    if (f.endsWith('.js') || f === 'index.d.ts' || f === 'README.md') files.push(`js/${f}`);
  }
  for (const f of fs.readdirSync(FIXTURES)) files.push(`js/test/fixtures/${f}`);
  // The documents the package ships (README.md, docs/*.md…), so a changed one repacks.
  for (const f of ['README.md', 'RATIONALE.md', 'DEVELOPERS.md', 'examples/cloudflare-worker/README.md']) files.push(f);
  for (const f of fs.readdirSync(path.join(ROOT, 'docs'))) if (f.endsWith('.md')) files.push(`docs/${f}`);
  return files.sort();
}

function inputHash() {
  const h = createHash('sha256');
  for (const f of inputs()) {
    const p = path.join(ROOT, f);
    if (!fs.existsSync(p)) throw new Error(`${f} is missing: build the wasm first (go run ./cmd/wasmbuild -targets js)`);
    const st = fs.statSync(p);
    // The wasm is 20 MB: its size and mtime stand for it; source files are hashed.
    h.update(f).update(f.endsWith('.wasm') ? `${st.size}:${st.mtimeMs}` : fs.readFileSync(p));
  }
  return h.digest('hex').slice(0, 16);
}

let installed = null;

/** The directory of a project with the packed memcore installed; created once per hash. */
export function packageDir() {
  if (installed) return installed;
  const dir = path.join(os.tmpdir(), `memcore-js-test-${inputHash()}`);
  const done = path.join(dir, '.installed');
  const lock = `${dir}.lock`;
  const deadline = Date.now() + 300_000;
  while (!fs.existsSync(done)) {
    try {
      fs.mkdirSync(lock);
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock} (remove it if no test run is installing)`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200); // another test file is installing
      continue;
    }
    try {
      if (!fs.existsSync(done)) install(dir);
      fs.writeFileSync(done, new Date().toISOString());
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  installed = dir;
  return dir;
}

function install(dir) {
  // Installs of earlier inputs are left by earlier runs: drop those unused for an hour.
  for (const d of fs.readdirSync(os.tmpdir())) {
    const p = path.join(os.tmpdir(), d);
    if (!/^memcore-js-test-[0-9a-f]{16}$/.test(d) || p === dir) continue;
    try {
      if (Date.now() - fs.statSync(path.join(p, '.installed')).mtimeMs > 3600_000) fs.rmSync(p, { recursive: true, force: true });
    } catch {
      // being installed, or already gone
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const quiet = { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' };
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { ...quiet, cwd: ROOT });
  const [{ filename }] = JSON.parse(out);
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'memcore-js-test', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', '--no-package-lock', `./${filename}`], { ...quiet, cwd: dir });
  // Re-exported so that tests import the installed package by its name, from its project.
  fs.writeFileSync(path.join(dir, 'memcore.mjs'), "export * from 'memcore';\n");
  for (const f of fs.readdirSync(FIXTURES)) fs.copyFileSync(path.join(FIXTURES, f), path.join(dir, f));
}

/** import('memcore') as resolved from the test project. */
export async function memcore() {
  return import(pathToFileURL(path.join(packageDir(), 'memcore.mjs')).href);
}

/** A fresh temporary directory, removed when the test process exits. */
export function tempDir(t) {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'memcore-test-'));
  t?.after?.(() => fs.rmSync(d, { recursive: true, force: true }));
  return d;
}

/**
 * Runs one of the fixtures (js/test/fixtures/NAME) in a new node process from the test
 * project. Returns {child, lines, exit}: lines(n) resolves with the first n stdout lines.
 * opts: cwd, nodeArgs, env (added to this process's environment).
 */
export function spawnFixture(name, args = [], opts = {}) {
  const child = spawn(process.execPath, [...(opts.nodeArgs || []), path.join(packageDir(), name), ...args], {
    cwd: opts.cwd || packageDir(),
    env: opts.env ? { ...process.env, ...opts.env } : process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buf = '';
  let stderr = '';
  const got = [];
  const waiters = [];
  child.stdout.setEncoding('utf8').on('data', (d) => {
    buf += d;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      got.push(buf.slice(0, i));
      buf = buf.slice(i + 1);
    }
    for (const w of [...waiters]) if (got.length >= w.n) w.resolve(got.slice(0, w.n));
  });
  child.stderr.setEncoding('utf8').on('data', (d) => {
    stderr += d;
  });
  const exit = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stdout: got, stderr })));
  const lines = (n) =>
    new Promise((resolve, reject) => {
      if (got.length >= n) return resolve(got.slice(0, n));
      waiters.push({ n, resolve });
      exit.then((e) => reject(new Error(`${name} exited (${e.code ?? e.signal}) after ${got.length} lines: ${e.stderr}`)));
    });
  return { child, lines, exit };
}

/** Runs a fixture to completion and returns its stdout lines; fails on a non-zero exit. */
export async function runFixture(name, args = [], opts = {}) {
  const r = await spawnFixture(name, args, opts).exit;
  if (r.code !== 0) throw new Error(`${name} ${args.join(' ')} exited with ${r.code ?? r.signal}: ${r.stderr}`);
  return r.stdout;
}

/** Resolves once pred() is true (polled every ms milliseconds), or rejects after timeout. */
export async function until(pred, { ms = 2, timeout = 30_000 } = {}) {
  const end = Date.now() + timeout;
  while (!pred()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, ms));
  }
}

/**
 * Asserts that fn() rejects (or throws) a MemcoreError of the installed package with code
 * and field, and returns it.
 */
export async function rejects(fn, code, field) {
  const { MemcoreError } = await memcore();
  let err;
  try {
    await fn();
  } catch (e) {
    err = e;
  }
  if (!err) throw new Error(`expected a MemcoreError ${code}, nothing was thrown`);
  if (!(err instanceof MemcoreError)) throw new Error(`expected a MemcoreError, got ${err?.constructor?.name}: ${err?.message}`, { cause: err });
  if (!(err instanceof Error) || err.name !== 'MemcoreError') throw new Error('a MemcoreError is an Error named MemcoreError');
  if (err.code !== code) throw new Error(`expected code ${code}, got ${err.code}: ${err.message}`, { cause: err });
  if (err.field !== field) throw new Error(`expected field ${field}, got ${err.field}: ${err.message}`, { cause: err });
  if (typeof err.message !== 'string' || err.message.length === 0) throw new Error('a MemcoreError has a message');
  return err;
}

/**
 * Starts a process that writes batches into file in a loop (fixtures/batch.mjs) and
 * freezes it (SIGSTOP) while it holds the file's dot-lock, checked again after the stop so
 * that a lock released in between is not taken for held. Returns {child, exit}; the
 * caller kills the child (SIGKILL) when done.
 */
export async function frozenLockHolder(file) {
  const lock = `${file}.lock`;
  const { child, lines, exit } = spawnFixture('batch.mjs', [file, 'child', 'loop']);
  await lines(1);
  const holds = () => {
    try {
      return fs.readFileSync(lock, 'utf8') === String(child.pid);
    } catch {
      return false;
    }
  };
  for (;;) {
    await until(holds, { ms: 1, timeout: 60_000 });
    child.kill('SIGSTOP');
    if (holds()) return { child, exit };
    child.kill('SIGCONT');
  }
}
