// Scale of the example in workerd (make bench-edge): each owner's database in its Durable
// Object's storage page by page (the default) against the snapshot way, as the owner grows.
//
//   - per write: remember one memory (durable when answered) at 1k, 10k, 100k memories;
//   - the engine's wasm memory and workerd's RSS at each size;
//   - cold open → first recall of the largest owner after a restart of workerd;
//   - storage bytes per memory (the pages, and the object's SQLite file);
//   - what one object sustains: sequential writes/s and recalls/s, and with 8 in flight;
//   - page sizes (--page-sizes): the same at one size for each.
//
//   node bench-scale.mjs [--sizes 1000,10000,100000] [--modes pages,snapshot]
//                        [--snapshot-max 10000] [--page-sizes 8192] [--json out.json]
//
// The snapshot way is measured up to --snapshot-max memories: past ~3,000 per owner its
// isolate outgrows Workers' 128 MB (docs/BENCHMARKS.md). Times are wall-clock over HTTP on
// 127.0.0.1, medians of several requests. Only 127.0.0.1 is contacted.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { build } from './build.mjs';
import { rssBytes, startWorkerd, timedRequest } from './test/workerd.mjs';

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const SIZES = opt('--sizes', '1000,10000,100000').split(',').map(Number);
const MODES = opt('--modes', 'pages,snapshot').split(',');
const SNAPSHOT_MAX = Number(opt('--snapshot-max', '10000'));
const PAGE_SIZES = opt('--page-sizes', '8192').split(',').map(Number);
const JSON_OUT = opt('--json');

const MiB = 1024 * 1024;
const mib = (n) => (n === undefined ? '—' : `${(n / MiB).toFixed(1)} MiB`);
const fmt = (n) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const WORDS = 'deploy pipeline runner cache python script linux laptop travel beijing meeting budget report design review test coffee tea music garden family project deadline invoice server database backup'.split(' ');
const ZH = ['用户喜欢用 Python 写脚本', '明天要去北京出差', '每周五下午开周会', '不喜欢太长的回答', '项目截止日期是月底', '咖啡要少糖'];
function memoryText(i) {
  const w1 = WORDS[i % WORDS.length];
  const w2 = WORDS[(i * 7 + 3) % WORDS.length];
  const w3 = WORDS[(i * 13 + 5) % WORDS.length];
  if (i % 5 === 0) return `${ZH[i % ZH.length]}（记录 ${i}），和 ${w1} 有关`;
  return `Memory ${i}: the user mentioned the ${w1} and the ${w2} while talking about the ${w3}; follow up next week.`;
}

let w;
const req = (method, route, body) => timedRequest(w.url, method, route, body);

const query = (i) => `/recall?q=${encodeURIComponent(`${WORDS[i % WORDS.length]} ${WORDS[(i + 3) % WORDS.length]}`)}&limit=10`;

/** Requests per second of one object: n requests one after another, then n with 8 in flight. */
async function throughput(owner, make, n = 200) {
  let t0 = performance.now();
  for (let i = 0; i < n; i++) await make(i);
  const seq = (n * 1000) / (performance.now() - t0);
  t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < n) await make(n + next++);
  }));
  const par = (n * 1000) / (performance.now() - t0);
  return { seq, par };
}

const bundle = await build({ quiet: true });
const results = { when: new Date().toISOString(), machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`, upload: bundle.total, runs: [] };

for (const mode of MODES) {
  for (const pageBytes of mode === 'pages' ? PAGE_SIZES : [0]) {
    const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memcore-scale-'));
    const env = { MEMCORE_STORAGE_MODE: mode, ...(pageBytes ? { MEMCORE_PAGE_BYTES: String(pageBytes) } : {}) };
    w = await startWorkerd({ storageDir, env });
    const owner = 'owner';
    const run = { mode, pageBytes, sizes: [] };
    results.runs.push(run);
    let have = 0;
    for (const n of SIZES) {
      if (mode === 'snapshot' && n > SNAPSHOT_MAX) break;
      const ingest = [];
      for (; have < n; ) {
        const items = [];
        for (let j = have; j < Math.min(n, have + 1000); j++) {
          items.push({ content: memoryText(j), type: j % 5 === 0 ? 'preference' : 'fact', tags: [WORDS[j % WORDS.length]], importance: (j % 10) / 10 });
        }
        ingest.push((await req('POST', `/owners/${owner}/remember`, items)).ms);
        have += items.length;
      }
      const io0 = (await req('GET', `/owners/${owner}/stats`)).json.storage.isolateIO;
      const writes = [];
      for (let i = 0; i < 15; i++) writes.push((await req('POST', `/owners/${owner}/remember`, { content: `one more memory ${n}-${i} about the garden` })).ms);
      have += 15;
      const recalls = [];
      for (let i = 0; i < 15; i++) recalls.push((await req('GET', `/owners/${owner}${query(i)}&peek=1`)).ms);
      const stats = (await req('GET', `/owners/${owner}/stats`)).json;
      const io1 = stats.storage.isolateIO;
      const row = {
        // Pages: what one remember wrote to and read from storage (recalls are peeks: no writes).
        pagesWrittenPerWrite: io1 ? (io1.pagesWritten - io0.pagesWritten) / 15 : undefined,
        readsPerWriteAndRecall: io1 ? (io1.reads - io0.reads) / 15 : undefined,
        memories: stats.stats.memories,
        writeMs: median(writes),
        writeRange: [Math.min(...writes), Math.max(...writes)],
        recallMs: median(recalls),
        batchMs: median(ingest.slice(-5)),
        wasmBytes: stats.isolate.wasmMemoryBytes,
        rss: await rssBytes(w.pid),
        storedBytes: stats.storage.bytes,
        sqliteFileBytes: stats.storage.databaseSize,
      };
      run.sizes.push(row);
      console.error(`# ${mode}${pageBytes ? ` ${pageBytes}` : ''} ${n}: ${JSON.stringify(row)}`);
    }
    const last = run.sizes.at(-1);
    // What one object sustains, at its largest size.
    const wr = await throughput(owner, (i) => req('POST', `/owners/${owner}/remember`, { content: `throughput memory ${i}: ${memoryText(i)}` }));
    const rc = await throughput(owner, (i) => req('GET', `/owners/${owner}${query(i)}`));
    last.writesPerSec = wr;
    last.recallsPerSec = rc;
    // Cold: restart workerd; the first request of the isolate goes to an empty owner (the
    // Go program starts), then the first recall of the large owner (its database opens).
    await w.stop();
    w = await startWorkerd({ storageDir, env });
    const empty = await req('GET', '/owners/empty/stats');
    const first = await req('GET', `/owners/${owner}${query(1)}`);
    const second = await req('GET', `/owners/${owner}${query(2)}`);
    const stats = (await req('GET', `/owners/${owner}/stats`)).json;
    run.cold = { isolateFirstMs: empty.ms, firstRecallMs: first.ms, secondRecallMs: second.ms, wasmBytes: stats.isolate.wasmMemoryBytes, rss: await rssBytes(w.pid), memories: stats.stats.memories };
    console.error(`# ${mode} cold: ${JSON.stringify(run.cold)}`);
    await w.stop();
    fs.rmSync(storageDir, { recursive: true, force: true });
  }
}

// ─── Report ─────────────────────────────────────────────────────────────────────────────

const lines = [];
lines.push(`Measured ${results.when} on ${results.machine}.`);
lines.push('');
lines.push('| storage | memories | remember one (median, range) | pages written per remember | recall (peek) | remember 1,000 | wasm memory | workerd RSS | stored bytes / memory | object SQLite file / memory |');
lines.push('|---|---|---|---|---|---|---|---|---|---|');
for (const r of results.runs) {
  const label = r.mode === 'pages' ? `pages, ${r.pageBytes / 1024} KiB` : 'snapshot';
  for (const s of r.sizes) {
    const per = (b) => (b ? `${Math.round(b / s.memories)} B` : '—');
    lines.push(`| ${label} | ${s.memories} | ${fmt(s.writeMs)} (${fmt(s.writeRange[0])}–${fmt(s.writeRange[1])}) | ${s.pagesWrittenPerWrite?.toFixed(1) ?? '—'} | ${fmt(s.recallMs)} | ${fmt(s.batchMs)} | ${mib(s.wasmBytes)} | ${mib(s.rss)} | ${per(s.storedBytes)} | ${per(s.sqliteFileBytes)} |`);
  }
}
lines.push('');
lines.push('| storage | memories | writes/s (one at a time / 8 in flight) | recalls/s (one at a time / 8 in flight) | after a restart: first request of the isolate | cold open → first recall | second recall | wasm memory after the cold recall |');
lines.push('|---|---|---|---|---|---|---|---|');
for (const r of results.runs) {
  const label = r.mode === 'pages' ? `pages, ${r.pageBytes / 1024} KiB` : 'snapshot';
  const s = r.sizes.at(-1);
  const c = r.cold;
  lines.push(`| ${label} | ${c.memories} | ${Math.round(s.writesPerSec.seq)} / ${Math.round(s.writesPerSec.par)} | ${Math.round(s.recallsPerSec.seq)} / ${Math.round(s.recallsPerSec.par)} | ${fmt(c.isolateFirstMs)} | ${fmt(c.firstRecallMs)} | ${fmt(c.secondRecallMs)} | ${mib(c.wasmBytes)} |`);
}
console.log(lines.join('\n'));
if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify(results, null, 2));
