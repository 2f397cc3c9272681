// memcore in Chromium, beside Node and native Go in the same run (docs/BENCHMARKS.md,
// docs/BROWSER.md): engine fetch+compile+instantiate, open → first recall (first visit,
// reload, browser restart), ingest of 1k and 10k memories, recall p50/p95, the OPFS
// file's size, and small commits under each OPFS journal mode.
//
//   make bench-browser      (or: cd test/browser && node bench.mjs [--sizes 1000,10000] [--json out.json])
//
// Prints Markdown tables. Timings are wall-clock on whatever else the machine is doing:
// the load average is printed with them.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { generate } from './benchdata.mjs';
import { CHROMIUM, launch, serve, tempDir } from './helpers.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../..');
const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : def;
};
const SIZES = arg('--sizes', '1000,10000').split(',').map(Number);
const MAX = Math.max(...SIZES);
const data = generate(MAX + 1200, 200);
const dir = tempDir('memcore-bench-');
const dataFile = path.join(dir, 'data.json');
fs.writeFileSync(dataFile, JSON.stringify(data));
const log = (...a) => console.error('·', ...a);
const load = () => os.loadavg()[0].toFixed(1);
const loadStart = load();
const results = { date: new Date().toISOString(), cpus: os.cpus().length, cpu: os.cpus()[0]?.model, nodeVersion: process.version };

try {
  // ─── Native ───────────────────────────────────────────────────────────────────────────
  log('native Go…');
  results.native = JSON.parse(execFileSync('go', ['run', './test/browser/benchnative', '-data', dataFile, '-dir', dir, '-sizes', SIZES.join(',')], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));

  // ─── Node ─────────────────────────────────────────────────────────────────────────────
  log('Node…');
  results.node = JSON.parse(execFileSync(process.execPath, [path.join(HERE, 'bench-node.mjs'), 'run', dataFile, dir, SIZES.join(',')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
  const colds = [];
  for (let i = 0; i < 3; i++) {
    colds.push(JSON.parse(execFileSync(process.execPath, [path.join(HERE, 'bench-node.mjs'), 'cold', path.join(dir, `node-${MAX}.db`), data.queries[1]], { encoding: 'utf8' })));
  }
  results.node.cold = median3(colds);

  // ─── Chromium ─────────────────────────────────────────────────────────────────────────
  const { server, origin } = await serve({ port: 0 });
  const profile = tempDir('memcore-bench-chromium-');
  const page = `${origin}/test/browser/fixtures/page.html`;
  try {
    log(`Chromium (${CHROMIUM}): first visit, ingest and recall…`);
    let b = await launch(profile);
    await b.page.goto(page);
    await b.page.waitForFunction(() => document.title === 'ready');
    results.chromium = { version: (await b.page.evaluate(() => navigator.userAgent)).match(/Chrome\/([\d.]+)/)?.[1] };
    results.chromium.visit1 = await b.page.evaluate(async ({ data, sizes, max }) => {
      const { open, preload } = window.memcore;
      const bench = await import('/test/browser/fixtures/benchcore.js');
      const engine = await preload();
      const first = await bench.openFirstRecall(open, 'bench/empty.db', data.queries[1]);
      const sizesOut = await bench.ingestAndRecall(open, data, sizes, (n) => `bench/chromium-${n}.db`);
      const big = await bench.openFirstRecall(open, `bench/chromium-${max}.db`, data.queries[1]);
      const commits = await bench.commits(open, 'bench/commits.db', data.memories);
      return { engine, first, sizes: sizesOut, big, commits };
    }, { data, sizes: SIZES, max: MAX });
    // Let Chromium finish tiering up and write its code cache before the next visit.
    await b.page.waitForTimeout(5000);

    const visit = async (label) => {
      await b.page.goto(page);
      await b.page.waitForFunction(() => document.title === 'ready');
      const r = await b.page.evaluate(async ({ path, query }) => {
        const { open, preload } = window.memcore;
        const bench = await import('/test/browser/fixtures/benchcore.js');
        const engine = await preload();
        const first = await bench.openFirstRecall(open, path, query);
        return { engine, first, sincePageStart: first.at };
      }, { path: `bench/chromium-${MAX}.db`, query: data.queries[1] });
      log(label, JSON.stringify(r.engine.timing));
      return r;
    };
    results.chromium.reload = await visit('reload');
    await b.context.close();
    b = await launch(profile);
    results.chromium.restart = await visit('browser restart');
    // The very first visit again, in a fresh profile, from page start.
    await b.context.close();
    const fresh = tempDir('memcore-bench-chromium-fresh-');
    b = await launch(fresh);
    await b.page.goto(page);
    await b.page.waitForFunction(() => document.title === 'ready');
    results.chromium.cold = await b.page.evaluate(async () => {
      const { open, engineInfo } = window.memcore;
      const t0 = performance.now();
      const mem = await open({ path: 'cold.db' });
      await mem.recall('Python', { limit: 10, peek: true });
      const t1 = performance.now();
      await mem.close();
      return { openToFirstRecall: t1 - t0, sincePageStart: t1, engine: await engineInfo() };
    });
    await b.context.close();
    fs.rmSync(fresh, { recursive: true, force: true });

    // ─── OPFS journal modes ─────────────────────────────────────────────────────────────
    log('OPFS journal modes…');
    b = await launch(profile);
    // Configurations interleaved over three rounds (forward, backward, forward): the
    // machine's other work shifts over minutes, and a medians of three rounds sees less of it.
    const configs = [
      { journalMode: 'TRUNCATE', pooled: true },
      { journalMode: 'DELETE', pooled: true },
      { journalMode: 'PERSIST', pooled: true },
      { journalMode: 'DELETE', pooled: false },
      { journalMode: 'TRUNCATE', pooled: false },
    ];
    const runs = new Map(configs.map((c) => [c, []]));
    for (const order of [configs, [...configs].reverse(), configs]) {
      for (const cfg of order) {
        const p = await b.context.newPage();
        await p.addInitScript((c) => {
          globalThis.__memcore_opfs_bench = c;
        }, cfg);
        await p.goto(page);
        await p.waitForFunction(() => document.title === 'ready');
        const r = await p.evaluate(async ({ cfg, data, round }) => {
          const { open } = window.memcore;
          const bench = await import('/test/browser/fixtures/benchcore.js');
          const name = `journal/${cfg.journalMode}-${cfg.pooled ? 'pooled' : 'plain'}-${round}.db`;
          const commits = await bench.commits(open, name, data.memories);
          const mem = await open({ path: name });
          const recall = await bench.recallTimes(mem, data.queries.slice(0, 100), {}); // default recall: writes access counts
          await mem.close();
          return { commits, defaultRecall: recall };
        }, { cfg, data: { memories: data.memories.slice(0, 1300), queries: data.queries }, round: runs.get(cfg).length });
        log(JSON.stringify(cfg), JSON.stringify(r));
        runs.get(cfg).push(r);
        await p.close();
      }
    }
    const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    results.journal = configs.map((cfg) => {
      const rs = runs.get(cfg);
      return {
        ...cfg,
        commits: Object.fromEntries(Object.keys(rs[0].commits).map((k) => [k, med(rs.map((r) => r.commits[k]))])),
        defaultRecall: { p50: med(rs.map((r) => r.defaultRecall.p50)), p95: med(rs.map((r) => r.defaultRecall.p95)) },
        rounds: rs,
      };
    });
    await b.context.close();
    results.opfsRaw = await rawOPFS(profile, page);
  } finally {
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  results.load = { start: loadStart, end: load() };
  if (arg('--json')) fs.writeFileSync(arg('--json'), JSON.stringify(results, null, 2));
  print(results);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** The raw cost of OPFS steps in a worker: truncate+flush vs remove+create+open a handle. */
async function rawOPFS(profile, page) {
  const b = await launch(profile);
  try {
    await b.page.goto(page);
    return await b.page.evaluate(async () => {
      const src = `
        onmessage = async () => {
          const root = await navigator.storage.getDirectory();
          const n = 100, buf = new Uint8Array(4096), out = {};
          let t = performance.now();
          let fh = await root.getFileHandle('raw-j', { create: true });
          let h = await fh.createSyncAccessHandle();
          for (let i = 0; i < n; i++) { h.write(buf, { at: 0 }); h.flush(); h.truncate(0); h.flush(); }
          out.truncateFlush = (performance.now() - t) / n;
          h.close();
          t = performance.now();
          for (let i = 0; i < n; i++) {
            const f = await root.getFileHandle('raw-j', { create: true });
            const s = await f.createSyncAccessHandle();
            s.write(buf, { at: 0 }); s.flush(); s.close();
            await root.removeEntry('raw-j');
          }
          out.createOpenRemove = (performance.now() - t) / n;
          fh = await root.getFileHandle('raw-j', { create: true });
          h = await fh.createSyncAccessHandle();
          t = performance.now();
          for (let i = 0; i < n; i++) { h.write(buf, { at: i * 4096 }); }
          out.write4k = (performance.now() - t) / n;
          t = performance.now();
          for (let i = 0; i < n; i++) { h.flush(); }
          out.flush = (performance.now() - t) / n;
          h.close();
          await root.removeEntry('raw-j');
          postMessage(out);
        };`;
      const w = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
      const r = await new Promise((resolve) => {
        w.onmessage = (e) => resolve(e.data);
        w.postMessage(0);
      });
      w.terminate();
      return r;
    });
  } finally {
    await b.context.close();
  }
}

function median3(xs) {
  const out = {};
  for (const k of Object.keys(xs[0])) out[k] = xs.map((x) => x[k]).sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return out;
}

function print(r) {
  const f = (x, d = 1) => (x === undefined ? '–' : x >= 100 ? Math.round(x).toString() : x.toFixed(d));
  const kib = (n) => (n >= 1 << 20 ? `${(n / (1 << 20)).toFixed(1)} MiB` : `${Math.round(n / 1024)} KiB`);
  const c = r.chromium;
  console.log(`Run ${r.date}: ${r.cpus} CPUs (${r.cpu}), Node ${r.nodeVersion}, Chromium ${c.version ?? '?'}; load average ${r.load.start} at start, ${r.load.end} at end.\n`);
  console.log('### Engine start in Chromium (ms; the worker, from new Worker to the engine ready)\n');
  console.log('| visit | fetch (headers) | download + compile | instantiate | Go start | worker total | streaming |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const [label, v] of [['first visit (empty cache)', c.visit1], ['reload', c.reload], ['browser restart (same profile)', c.restart]]) {
    const t = v.engine.timing;
    console.log(`| ${label} | ${f(t.fetch)} | ${f(t.compile)} | ${f(t.instantiate)} | ${f(t.start)} | ${f(t.worker)} | ${v.engine.streaming} |`);
  }
  console.log('\n### Open → first recall (ms)\n');
  console.log('| runtime | case | open | first recall | open → first recall | from page / process start |');
  console.log('|---|---|---:|---:|---:|---:|');
  const n = r.node.cold;
  console.log(`| Chromium | first visit, nothing cached: open() incl. engine load, empty database | – | – | ${f(c.cold.openToFirstRecall)} | ${f(c.cold.sincePageStart)} |`);
  console.log(`| Chromium | first visit, engine loaded, empty database | ${f(c.visit1.first.open)} | ${f(c.visit1.first.firstRecall)} | ${f(c.visit1.first.total)} | |`);
  console.log(`| Chromium | same visit, ${MAX / 1000}k database | ${f(c.visit1.big.open)} | ${f(c.visit1.big.firstRecall)} | ${f(c.visit1.big.total)} | |`);
  console.log(`| Chromium | reload, ${MAX / 1000}k database (engine loaded first) | ${f(c.reload.first.open)} | ${f(c.reload.first.firstRecall)} | ${f(c.reload.first.total)} | ${f(c.reload.sincePageStart)} |`);
  console.log(`| Chromium | browser restart, ${MAX / 1000}k database | ${f(c.restart.first.open)} | ${f(c.restart.first.firstRecall)} | ${f(c.restart.first.total)} | ${f(c.restart.sincePageStart)} |`);
  console.log(`| Node | fresh process, ${MAX / 1000}k file (import ${f(n.imported)}) | ${f(n.opened - n.imported)} | ${f(n.recalled - n.opened)} | ${f(n.recalled - n.imported)} | ${f(n.recalled)} |`);
  console.log(`| native Go | ${MAX / 1000}k file, in process | | | ${f(r.native.openFirstRecallMs, 2)} | |`);
  console.log('\n### Ingest (remember, batches of 1,000) and recall (limit 10, peek; 200 queries after 20 warm-up)\n');
  console.log('| memories | runtime | ingest s | memories/s | recall p50 ms | recall p95 ms | file |');
  console.log('|---:|---|---:|---:|---:|---:|---:|');
  for (const size of SIZES) {
    for (const [name, x] of [['Chromium (OPFS)', c.visit1.sizes[size]], ['Node (js/wasm, fs)', r.node.sizes[size]], ['native Go', r.native.sizes[size]]]) {
      console.log(`| ${size / 1000}k | ${name} | ${(x.ingestMs / 1000).toFixed(2)} | ${Math.round(x.perSec)} | ${f(x.recallP50, 2)} | ${f(x.recallP95, 2)} | ${kib(x.bytes)} |`);
    }
  }
  console.log('\n### Small commits (one remember each, synchronous=FULL) and a batch of 1,000 (Chromium: median of 3 interleaved rounds)\n');
  console.log('| runtime | journal | commit p50 ms | p95 ms | mean ms | batch of 1,000 ms | default recall p50 / p95 ms |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const j of r.journal) {
    console.log(`| Chromium (OPFS) | ${j.journalMode}, ${j.pooled ? 'handles kept open' : 'journal reopened/removed per commit'} | ${f(j.commits.p50, 2)} | ${f(j.commits.p95, 2)} | ${f(j.commits.mean, 2)} | ${f(j.commits.batchMs)} | ${f(j.defaultRecall.p50, 2)} / ${f(j.defaultRecall.p95, 2)} |`);
  }
  const nc = r.node.commits;
  console.log(`| Node (js/wasm, fs) | DELETE | ${f(nc.p50, 2)} | ${f(nc.p95, 2)} | ${f(nc.mean, 2)} | ${f(nc.batchMs)} | |`);
  const gc = r.native.commits;
  console.log(`| native Go | DELETE | ${f(gc.p50, 2)} | ${f(gc.p95, 2)} | ${f(gc.mean, 2)} | ${f(gc.batchMs)} | |`);
  const o = r.opfsRaw;
  console.log(`\nRaw OPFS in a worker (ms per step, 100 each): write 4 KiB ${o.write4k.toFixed(3)}, flush ${o.flush.toFixed(3)}, write+flush+truncate(0)+flush ${o.truncateFlush.toFixed(3)}, getFileHandle(create)+createSyncAccessHandle+write+flush+close+removeEntry ${o.createOpenRemove.toFixed(3)}.`);
}
