// Cold start and memory of memcore in Node, informational (numbers for docs/BENCHMARKS.md;
// `memcore bench` runs it for its cold-start table): fresh node processes each import the
// package, open a file database of 1,000 memories and recall once; reported are the wall
// times of those steps, the peak RSS at the first recall and over the process
// (the child's VmHWM on Linux), then the steady-state recall latency (100 recalls) and a
// 200-memory batch in the same process. Medians over fresh processes, the variants interleaved run
// by run so that all see the same machine state.
//
//   node js/bench/coldstart.mjs [--runs 5] [--variants shipped,shipped-tierup,bounds,bounds-tierup]
//        [--workload WORKLOAD.json] [--bounds-dist DIR] [--json]
//
// Variants (builds × V8 settings):
//   shipped           dist/memcore.wasm (no bounds checks in SQLite, -B), the shim's defaults
//                     (Liftoff only, set with v8.setFlagsFromString before it compiles)
//   shipped-tierup    the same build with V8's defaults: open({tierUp: true}) (TurboFan
//                     tiers SQLite up)
//   bounds            a bounds-checked build (go run ./cmd/wasmbuild -bounds), shim defaults
//   bounds-tierup     a bounds-checked build with V8's defaults: neither remedy
//   node-liftoff-only node --liftoff-only on the command line, shipped build
//   no-wasm-tier-up   node --no-wasm-tier-up with tierUp: true, shipped build
// The default is the first four. Each build runs from its own copy of the package in a
// temporary directory (package.json, js/*.js, dist/), loaded through the child's
// MEMCORE_BENCH_PACKAGE hook; js/node.js is not changed. The bounds-checked build is
// --bounds-dist DIR (or $MEMCORE_BOUNDS_DIST: a directory with its memcore.wasm), else it
// is built into the temporary directory with `go run ./cmd/wasmbuild -bounds`.
//
// --workload: the 1,000 memories and the queries of `memcore bench` (engine.mjs's format);
// the first query is the first recall. Without it, 1,000 built-in memories. Each run opens
// a fresh copy of one populated file, so every run sees the same database.
// A bare number as the first argument is --runs (the old usage).

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const child = path.join(here, 'coldstart-child.mjs');

const VARIANTS = {
  shipped: { build: 'shipped', tierUp: false, nodeArgs: [], label: 'shipped build (-B), shim defaults (Liftoff only)' },
  'shipped-tierup': { build: 'shipped', tierUp: true, nodeArgs: [], label: 'shipped build (-B), V8 defaults (tierUp: true)' },
  bounds: { build: 'bounds', tierUp: false, nodeArgs: [], label: 'bounds-checked build, shim defaults (Liftoff only)' },
  'bounds-tierup': { build: 'bounds', tierUp: true, nodeArgs: [], label: 'bounds-checked build, V8 defaults (neither remedy)' },
  'node-liftoff-only': { build: 'shipped', tierUp: false, nodeArgs: ['--liftoff-only'], label: 'shipped build, node --liftoff-only' },
  'no-wasm-tier-up': { build: 'shipped', tierUp: true, nodeArgs: ['--no-wasm-tier-up'], label: 'shipped build, node --no-wasm-tier-up (tierUp: true)' },
};
const DEFAULT_VARIANTS = ['shipped', 'shipped-tierup', 'bounds', 'bounds-tierup'];

function parseArgs(argv) {
  const o = { runs: 5, variants: DEFAULT_VARIANTS, workload: '', boundsDist: process.env.MEMCORE_BOUNDS_DIST || '', json: false };
  for (let i = 0; i < argv.length; i++) {
    let a = argv[i];
    let v;
    if (a.startsWith('--') && a.includes('=')) [a, v] = [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)];
    const val = () => (v !== undefined ? v : argv[++i]);
    switch (a) {
      case '--runs': o.runs = Number(val()); break;
      case '--variants': o.variants = val().split(',').map((s) => s.trim()).filter(Boolean); break;
      case '--workload': o.workload = path.resolve(val()); break;
      case '--bounds-dist': o.boundsDist = path.resolve(val()); break;
      case '--json': o.json = true; break;
      default:
        if (i === 0 && /^\d+$/.test(a)) o.runs = Number(a);
        else throw new Error(`unknown argument ${a}; see the comment at the top of js/bench/coldstart.mjs`);
    }
  }
  if (!(o.runs >= 1)) throw new Error('--runs must be at least 1');
  for (const v of o.variants) if (!VARIANTS[v]) throw new Error(`unknown variant ${v} (have ${Object.keys(VARIANTS).join(', ')})`);
  return o;
}

/** Copies the package (package.json, js/*.js, dist/wasm_exec.js) with wasm as its dist/memcore.wasm into dir. */
function copyPackage(dir, wasm, wasmExec) {
  fs.mkdirSync(path.join(dir, 'js'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
  fs.copyFileSync(path.join(root, 'package.json'), path.join(dir, 'package.json'));
  for (const f of fs.readdirSync(path.join(root, 'js'))) {
    if (f.endsWith('.js')) fs.copyFileSync(path.join(root, 'js', f), path.join(dir, 'js', f));
  }
  fs.copyFileSync(wasm, path.join(dir, 'dist', 'memcore.wasm'));
  fs.copyFileSync(wasmExec, path.join(dir, 'dist', 'wasm_exec.js'));
  return dir;
}

function run(pkg, nodeArgs, args) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn(process.execPath, [...nodeArgs, child, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, MEMCORE_BENCH_PACKAGE: pkg },
    });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('error', reject);
    p.on('exit', (code, signal) => {
      const exitMs = performance.now() - t0;
      if (code !== 0) return reject(new Error(`node ${[...nodeArgs, 'coldstart-child.mjs', ...args].join(' ')} exited ${code ?? signal}`));
      resolve(out.trim() ? { ...JSON.parse(out), exitMs } : { exitMs });
    });
  });
}

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const o = parseArgs(process.argv.slice(2));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'memcore-coldstart-'));
try {
  const loadStart = os.loadavg();
  const builds = {};
  const need = new Set(o.variants.map((v) => VARIANTS[v].build));
  const wasmExec = path.join(root, 'dist', 'wasm_exec.js');
  // The shipped build: this checkout's dist/ (make bench and make build keep it current).
  builds.shipped = { wasm: path.join(root, 'dist', 'memcore.wasm') };
  if (need.has('bounds')) {
    let dist = o.boundsDist;
    if (!dist) {
      dist = path.join(tmp, 'bounds-dist');
      const t = performance.now();
      process.stderr.write('coldstart: building the bounds-checked js wasm (go run ./cmd/wasmbuild -bounds)…\n');
      const r = spawnSync('go', ['run', './cmd/wasmbuild', '-bounds', '-targets', 'js', '-q', '-out', dist], { cwd: root, stdio: 'inherit' });
      if (r.status !== 0) throw new Error(`building the bounds-checked wasm failed (${r.error?.message ?? `exit ${r.status}`}); pass --bounds-dist DIR or --variants shipped,shipped-tierup`);
      builds.bounds = { builtSeconds: (performance.now() - t) / 1000 };
    }
    builds.bounds = { ...builds.bounds, wasm: path.join(dist, 'memcore.wasm') };
  }
  for (const [name, b] of Object.entries(builds)) {
    if (!need.has(name)) continue;
    b.wasmBytes = fs.statSync(b.wasm).size;
    b.pkg = copyPackage(path.join(tmp, `pkg-${name}`), b.wasm, wasmExec);
  }
  const anyPkg = builds.shipped.pkg || builds.bounds?.pkg;

  // One database, populated once; each run gets a fresh copy of it.
  const base = path.join(tmp, 'base.db');
  const wl = o.workload ? [o.workload] : [];
  await run(anyPkg, [], [base, 'populate', '', ...wl]);
  const dbBytes = fs.statSync(base).size;
  let memories = 1000;
  if (o.workload) memories = JSON.parse(fs.readFileSync(o.workload, 'utf8')).memories.length;
  let seq = 0;
  const measure = async (name) => {
    const v = VARIANTS[name];
    const db = path.join(tmp, `run-${seq++}.db`);
    fs.copyFileSync(base, db);
    try {
      return await run(builds[v.build].pkg, v.nodeArgs, [db, 'measure', v.tierUp ? 'tierUp' : '', ...wl]);
    } finally {
      for (const f of [db, `${db}-journal`, `${db}.lock`]) fs.rmSync(f, { recursive: true, force: true });
    }
  };

  // One untimed run first (node's own files into the page cache; the package copies are
  // there since they were written), then the timed ones round-robin, the order rotated
  // each round.
  process.stderr.write(`coldstart: ${o.variants.length} variants × ${o.runs} fresh processes…\n`);
  await measure(o.variants[0]);
  const results = Object.fromEntries(o.variants.map((n) => [n, []]));
  for (let i = 0; i < o.runs; i++) {
    for (let j = 0; j < o.variants.length; j++) {
      const name = o.variants[(i + j) % o.variants.length];
      results[name].push(await measure(name));
    }
  }

  const keys = ['start', 'imported', 'opened', 'firstRecall', 'end', 'exitMs', 'peakAtFirstRecallBytes', 'maxRSSBytes', 'recallP50', 'recallP95', 'batch200'];
  const variants = o.variants.map((name) => {
    const rs = results[name];
    const med = Object.fromEntries(keys.map((k) => [k, median(rs.map((r) => r[k]))]));
    // Step durations: medians of each run's own differences.
    med.importMs = median(rs.map((r) => r.imported - r.start));
    med.openMs = median(rs.map((r) => r.opened - r.imported));
    med.firstRecallMs = median(rs.map((r) => r.firstRecall - r.opened));
    med.importToFirstRecallMs = median(rs.map((r) => r.firstRecall - r.start));
    const v = VARIANTS[name];
    return { name, label: v.label, build: v.build, tierUp: v.tierUp, nodeArgs: v.nodeArgs, wasmBytes: builds[v.build].wasmBytes, median: med, runs: rs };
  });
  const report = {
    node: process.versions.node,
    v8: process.versions.v8,
    cpus: os.cpus().length,
    loadStart: loadStart.map((x) => x.toFixed(2)).join(' '),
    loadEnd: os.loadavg().map((x) => x.toFixed(2)).join(' '),
    runs: o.runs,
    memories,
    dbBytes,
    boundsBuildSeconds: builds.bounds?.builtSeconds,
    variants,
  };
  if (o.json) {
    console.log(JSON.stringify(report));
  } else {
    const mib = (b) => (b / (1 << 20)).toFixed(1);
    const ms = (x) => (x >= 10 ? x.toFixed(0) : x.toFixed(1));
    console.log(`Node ${report.node} (V8 ${report.v8}), ${report.cpus} CPUs; median of ${o.runs} fresh processes per variant; a file database of ${memories} memories (${Math.round(dbBytes / 1024)} KiB). Load average at start ${report.loadStart}, at end ${report.loadEnd}.\n`);
    console.log('| variant | wasm MiB | node start ms | import ms | open ms | first recall ms | import → first recall ms | peak RSS at first recall MiB | peak RSS, whole process MiB | then recall p50 / p95 ms | 200-batch ms | spawn → exit ms |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const v of variants) {
      const m = v.median;
      console.log(`| ${v.label} | ${mib(v.wasmBytes)} | ${ms(m.start)} | ${ms(m.importMs)} | ${ms(m.openMs)} | ${ms(m.firstRecallMs)} | ${ms(m.importToFirstRecallMs)} | ${mib(m.peakAtFirstRecallBytes)} | ${mib(m.maxRSSBytes)} | ${m.recallP50.toFixed(2)} / ${m.recallP95.toFixed(2)} | ${ms(m.batch200)} | ${ms(m.exitMs)} |`);
    }
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
