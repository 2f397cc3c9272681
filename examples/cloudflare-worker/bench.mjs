// Measures the example in workerd (make bench-edge; a few minutes on 2 cores):
//
//   - the upload: gzip size of what the Worker uploads (bundle + memcore.wasm) against
//     Workers' limits, for the shipping build (no bounds checks inside the translated
//     SQLite) and, for comparison, a -bounds build;
//   - cold start: workerd start to listening, the first request of an isolate (starting
//     the Go program), the first request of a new Durable Object, warm requests;
//   - memory: the isolate's JS heap and ArrayBuffers (V8's numbers, through workerd's
//     inspector), the engine's WebAssembly memory, and workerd's RSS;
//   - snapshots at 1k and 10k memories: size, chunks, the time of a write (remember one
//     memory, then snapshot and store), a download, and a restore after a restart.
//
//   node bench.mjs [--no-bounds-build] [--sizes 1000,10000] [--json out.json]
//
// Times are wall-clock milliseconds over HTTP on 127.0.0.1 (workerd's clock inside a Worker
// stands still while JavaScript runs, so the Worker cannot time itself), medians of several
// runs where a request can be repeated. Only 127.0.0.1 is contacted.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { build } from './build.mjs';
import { exampleDir, rssBytes, startWorkerd, timedRequest } from './test/workerd.mjs';

if (typeof WebSocket !== 'function') {
  // Node 20 has WebSocket behind a flag: run again with it (the inspector needs one).
  const r = spawnSync(process.execPath, ['--experimental-websocket', ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const SIZES = opt('--sizes', '1000,10000').split(',').map(Number);
const BOUNDS = !args.includes('--no-bounds-build');
const JSON_OUT = opt('--json');
const repo = path.resolve(exampleDir, '..', '..');

const MiB = 1024 * 1024;
const mib = (n) => `${(n / MiB).toFixed(2)} MiB`;
const ms = (n) => `${Math.round(n)} ms`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = { when: new Date().toISOString(), machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`, node: process.version };

// ─── Upload size ────────────────────────────────────────────────────────────────────────

const bundle = await build({ quiet: true });
results.upload = { files: bundle.files, total: bundle.total };
if (BOUNDS) {
  const out = path.join(os.tmpdir(), 'memcore-bench-bounds');
  console.error('# building a -bounds js wasm for comparison (30–90 s when it must rebuild)…');
  const r = spawnSync('go', ['run', './cmd/wasmbuild', '-targets', 'js', '-bounds', '-q', '-out', out], { cwd: repo, stdio: 'inherit' });
  if (r.status === 0) {
    const data = fs.readFileSync(path.join(out, 'memcore.wasm'));
    const worker = bundle.files.find((f) => f.name === 'worker.js');
    const gz = zlib.gzipSync(data, { level: 9 }).length;
    results.uploadBounds = { wasm: { raw: data.length, gzip: gz }, total: { raw: data.length + worker.raw, gzip: gz + worker.gzip } };
  } else {
    console.error('# the -bounds build failed: skipped');
  }
}

// ─── A running workerd with its inspector ───────────────────────────────────────────────

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memcore-bench-'));
let w;
let inspector;

async function start() {
  const inspectorPort = 20000 + Math.floor(Math.random() * 20000);
  w = await startWorkerd({ storageDir, extraArgs: ['--inspector-addr', `127.0.0.1:${inspectorPort}`] });
  inspector = await connectInspector(inspectorPort);
  return w.startMs;
}

async function stop() {
  inspector?.close();
  await w.stop();
}

async function connectInspector(port) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/main`);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error('cannot reach workerd inspector'));
  });
  let id = 0;
  const pending = new Map();
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.id && pending.has(m.id)) {
      pending.get(m.id)(m.result);
      pending.delete(m.id);
    }
  };
  return {
    send: (method, params = {}) =>
      new Promise((resolve) => {
        const i = ++id;
        pending.set(i, resolve);
        ws.send(JSON.stringify({ id: i, method, params }));
      }),
    close: () => ws.close(),
  };
}

/** CPU time (user + system) of the workerd process so far, in ms. */
function cpuMs(pid) {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in 1/100 s
}

const req = (method, route, body) => timedRequest(w.url, method, route, body);

async function memory(owner) {
  const heap = await inspector.send('Runtime.getHeapUsage');
  const stats = owner ? (await req('GET', `/owners/${owner}/stats`)).json : undefined;
  return {
    jsHeapUsed: heap.usedSize,
    jsHeapTotal: heap.totalSize,
    arrayBuffers: heap.backingStorageSize,
    wasm: stats?.isolate.wasmMemoryBytes,
    rss: await rssBytes(w.pid),
  };
}

// ─── Cold start ─────────────────────────────────────────────────────────────────────────

{
  // Three cold starts on fresh storage (the machine is shared: the spread matters), the
  // last one kept running for what follows.
  const starts = [];
  const firsts = [];
  const cpus = [];
  for (let i = 0; i < 3; i++) {
    if (i > 0) await stop();
    fs.rmSync(storageDir, { recursive: true, force: true });
    fs.mkdirSync(storageDir);
    starts.push(await start());
    const c0 = cpuMs(w.pid);
    firsts.push((await req('GET', '/owners/cold-a/stats')).ms);
    cpus.push(cpuMs(w.pid) - c0);
  }
  await stop();
  fs.rmSync(storageDir, { recursive: true, force: true });
  fs.mkdirSync(storageDir);
  const startMs = await start();
  starts.push(startMs);
  const idle = await memory();
  const cpu0 = cpuMs(w.pid);
  const first = await req('GET', '/owners/cold-a/stats');
  const cpu1 = cpuMs(w.pid);
  firsts.push(first.ms);
  cpus.push(cpu1 - cpu0);
  const secondObject = await req('GET', '/owners/cold-b/stats');
  const afterFirst = await memory('cold-a');
  const remember = [];
  const recall = [];
  for (let i = 0; i < 15; i++) {
    remember.push((await req('POST', '/owners/cold-a/remember', { content: `warm memory ${i}: the user likes short answers` })).ms);
    recall.push((await req('GET', '/owners/cold-a/recall?q=short%20answers&limit=5')).ms);
  }
  const stats = [];
  for (let i = 0; i < 15; i++) stats.push((await req('GET', '/owners/cold-a/stats')).ms);
  results.cold = {
    workerdStartMs: median(starts),
    workerdStartRange: [Math.min(...starts), Math.max(...starts)],
    firstRequestMs: median(firsts),
    firstRequestRange: [Math.min(...firsts), Math.max(...firsts)],
    firstRequestCpuMs: median(cpus),
    firstRequestCpuRange: [Math.min(...cpus), Math.max(...cpus)],
    newObjectMs: secondObject.ms,
    warmStatsMs: median(stats),
    warmRememberMs: median(remember),
    warmRecallMs: median(recall),
    memoryIdle: idle,
    memoryAfterFirst: afterFirst,
  };
  console.error(`# cold start: ${JSON.stringify(results.cold)}`);
}

// ─── Snapshots at 1k and 10k memories ───────────────────────────────────────────────────

const WORDS = 'deploy pipeline runner cache python script linux laptop travel beijing meeting budget report design review test coffee tea music garden family project deadline invoice server database backup'.split(' ');
const ZH = ['用户喜欢用 Python 写脚本', '明天要去北京出差', '每周五下午开周会', '不喜欢太长的回答', '项目截止日期是月底', '咖啡要少糖'];
function memoryText(i) {
  const w1 = WORDS[i % WORDS.length];
  const w2 = WORDS[(i * 7 + 3) % WORDS.length];
  const w3 = WORDS[(i * 13 + 5) % WORDS.length];
  if (i % 5 === 0) return `${ZH[i % ZH.length]}（记录 ${i}），和 ${w1} 有关`;
  return `Memory ${i}: the user mentioned the ${w1} and the ${w2} while talking about the ${w3}; follow up next week.`;
}

results.sizes = [];
for (const n of SIZES) {
  const owner = `bench-${n}`;
  const batch = Math.min(1000, n);
  const ingest = [];
  for (let i = 0; i < n; i += batch) {
    const items = [];
    for (let j = i; j < Math.min(n, i + batch); j++) {
      items.push({ content: memoryText(j), type: j % 5 === 0 ? 'preference' : 'fact', tags: [WORDS[j % WORDS.length]], importance: (j % 10) / 10 });
    }
    ingest.push((await req('POST', `/owners/${owner}/remember`, items)).ms);
  }
  const writes = [];
  let chunksWritten = [];
  for (let i = 0; i < 7; i++) {
    writes.push((await req('POST', `/owners/${owner}/remember`, { content: `one more memory ${i} about the garden` })).ms);
    chunksWritten.push((await req('GET', `/owners/${owner}/stats`)).json.lastPersist.chunksWritten);
  }
  const downloads = [];
  let snapshotBytes = 0;
  for (let i = 0; i < 5; i++) {
    const r = await req('GET', `/owners/${owner}/snapshot`);
    downloads.push(r.ms);
    snapshotBytes = r.bytes;
  }
  const recalls = [];
  for (let i = 0; i < 9; i++) recalls.push((await req('GET', `/owners/${owner}/recall?q=${encodeURIComponent(WORDS[i] + ' ' + WORDS[i + 3])}&limit=10&peek=1`)).ms);
  const stats = (await req('GET', `/owners/${owner}/stats`)).json;
  results.sizes.push({
    owner,
    memories: stats.stats.memories,
    snapshotBytes,
    chunks: stats.storage.chunks,
    chunksWrittenPerWrite: median(chunksWritten),
    ingestBatchMs: median(ingest),
    ingestBatch: batch,
    writeMs: median(writes),
    downloadMs: median(downloads),
    recallMs: median(recalls),
    memory: await memory(owner),
  });
  console.error(`# ${n}: ${JSON.stringify(results.sizes.at(-1))}`);
}

// Restart: the first request of each owner restores its snapshot (the first one of the
// isolate also starts the Go program).
await stop();
{
  const startMs = await start();
  const restores = [];
  const cpu0 = cpuMs(w.pid);
  const empty = await req('GET', '/owners/cold-b/stats'); // no snapshot stored: isolate start only
  const cpu1 = cpuMs(w.pid);
  for (const s of results.sizes) {
    const c0 = cpuMs(w.pid);
    const r = await req('GET', `/owners/${s.owner}/stats`);
    s.restoreMs = r.ms;
    s.restoreCpuMs = cpuMs(w.pid) - c0;
    s.restoredMemories = r.json.stats.memories;
    s.memoryAfterRestore = await memory(s.owner);
    restores.push(r.ms);
  }
  results.restart = { workerdStartMs: startMs, firstRequestMs: empty.ms, firstRequestCpuMs: cpu1 - cpu0, memory: await memory() };
  for (const s of results.sizes) {
    const snap = (await req('GET', `/owners/${s.owner}/snapshot`)).bytes;
    s.snapshotBytes = snap;
  }
}
await stop();
fs.rmSync(storageDir, { recursive: true, force: true });

// ─── Report ─────────────────────────────────────────────────────────────────────────────

const FREE = 3 * MiB; // wrangler: "exceeded the size limit of 3 MiB"
const PAID = 10 * MiB;
const verdict = (gz) => {
  const f = gz <= FREE ? 'fits' : `over by ${mib(gz - FREE)} (×${(gz / FREE).toFixed(2)})`;
  const p = gz <= PAID ? 'fits' : `over by ${mib(gz - PAID)}`;
  return `free (3 MiB): ${f}; paid (10 MiB): ${p}`;
};
const lines = [];
lines.push(`Measured ${results.when} on ${results.machine}, workerd ${workerdVersion()}, Node ${results.node}.`);
lines.push('');
lines.push('| upload (what the Worker uploads) | raw | gzip -9 | against the limit |');
lines.push('|---|---|---|---|');
for (const f of results.upload.files) lines.push(`| ${f.name} | ${mib(f.raw)} | ${mib(f.gzip)} | |`);
lines.push(`| **total, shipping build** | ${mib(results.upload.total.raw)} | ${mib(results.upload.total.gzip)} | ${verdict(results.upload.total.gzip)} |`);
if (results.uploadBounds) {
  const u = results.uploadBounds;
  lines.push(`| memcore.wasm, -bounds | ${mib(u.wasm.raw)} | ${mib(u.wasm.gzip)} | |`);
  lines.push(`| total, -bounds build | ${mib(u.total.raw)} | ${mib(u.total.gzip)} | ${verdict(u.total.gzip)} |`);
}
lines.push('');
const c = results.cold;
lines.push('| cold start | wall | workerd CPU |');
lines.push('|---|---|---|');
const range = (r) => `${Math.round(r[0])}–${Math.round(r[1])}`;
lines.push(`| workerd start → listening (loads and compiles the Worker); median (range) of 4 | ${ms(c.workerdStartMs)} (${range(c.workerdStartRange)}) | |`);
lines.push(`| first request of the isolate (starts Go, opens an empty database); median (range) of 4 | ${ms(c.firstRequestMs)} (${range(c.firstRequestRange)}) | ${ms(c.firstRequestCpuMs)} (${range(c.firstRequestCpuRange)}) |`);
lines.push(`| first request of another Durable Object (engine warm) | ${ms(c.newObjectMs)} | |`);
lines.push(`| warm: stats / remember one (+ persist) / recall, medians | ${ms(c.warmStatsMs)} / ${ms(c.warmRememberMs)} / ${ms(c.warmRecallMs)} | |`);
lines.push(`| after a restart: first request, no snapshot to restore | ${ms(results.restart.firstRequestMs)} | ${ms(results.restart.firstRequestCpuMs)} |`);
lines.push('');
lines.push('All Durable Objects of the class run in one isolate here, so the rows below are cumulative: each holds the');
lines.push('databases of every owner loaded so far (two empty ones, then 1k, then 10k); wasm memory never shrinks.');
lines.push('');
lines.push('| isolate memory | JS heap used / reserved | ArrayBuffers | wasm memory | workerd RSS |');
lines.push('|---|---|---|---|---|');
const memRow = (label, m) => `| ${label} | ${mib(m.jsHeapUsed)} / ${mib(m.jsHeapTotal)} | ${mib(m.arrayBuffers)} | ${m.wasm === undefined ? '—' : mib(m.wasm)} | ${mib(m.rss)} |`;
lines.push(memRow('loaded, before the first request', c.memoryIdle));
lines.push(memRow('after the first request (Go started, one empty database)', c.memoryAfterFirst));
for (const s of results.sizes) lines.push(memRow(`${s.memories} memories, after writes and snapshots`, s.memory));
for (const s of results.sizes) lines.push(memRow(`after a restart, ${s.restoredMemories} memories restored`, s.memoryAfterRestore));
lines.push('');
lines.push('| memories | snapshot | chunks (128 KiB) | chunks rewritten per write | remember one + persist | download snapshot | restore on first request after restart (CPU) | recall (peek) | remember batch |');
lines.push('|---|---|---|---|---|---|---|---|---|');
for (const s of results.sizes) {
  lines.push(`| ${s.memories} | ${mib(s.snapshotBytes)} | ${s.chunks} | ${s.chunksWrittenPerWrite} | ${ms(s.writeMs)} | ${ms(s.downloadMs)} | ${ms(s.restoreMs)} (${ms(s.restoreCpuMs)}) | ${ms(s.recallMs)} | ${ms(s.ingestBatchMs)} / ${s.ingestBatch} |`);
}
console.log(lines.join('\n'));
if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify(results, null, 2));

function workerdVersion() {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(exampleDir, 'node_modules', 'workerd', 'package.json'), 'utf8'));
    return pkg.version;
  } catch {
    return '?';
  }
}
