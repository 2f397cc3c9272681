// One cold start, run by coldstart.mjs in a fresh node process:
//
//   [MEMCORE_BENCH_PACKAGE=DIR] node [flags] coldstart-child.mjs DB MODE [tierUp] [WORKLOAD.json]
//
// MEMCORE_BENCH_PACKAGE=DIR imports DIR/js/node.js (a copy of the package holding another
// build's dist/memcore.wasm) instead of this checkout's js/node.js.
// MODE "populate" fills DB: with the workload's memories when a workload is given (the
// JSON file of engine.mjs: memories, batch, queries), else with 1,000 built-in ones.
// MODE "measure" imports the package, opens DB, recalls once ({limit: 10, peek: true}:
// the file stays as it was, so that every run sees the same database), then recalls 100
// more times and remembers a batch of 200, and prints one JSON line: when each step
// finished (ms since the process started, performance.now()), the peak RSS at the first
// recall and over the whole process (VmHWM: see peakRSS below), the steady-state
// recall p50/p95 and the batch's time.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [db, mode, tierUp, workloadFile] = process.argv.slice(2);
const at = { start: performance.now() };
const pkg = process.env.MEMCORE_BENCH_PACKAGE;
const entry = pkg ? pathToFileURL(path.join(pkg, 'js', 'node.js')).href : new URL('../node.js', import.meta.url).href;
const { open } = await import(entry);
at.imported = performance.now();
const mem = await open({ path: db, tierUp: tierUp === 'tierUp' });
at.opened = performance.now();

const workload = workloadFile ? JSON.parse(fs.readFileSync(workloadFile, 'utf8')) : null;

if (mode === 'populate') {
  if (workload) {
    const batch = workload.batch || 1000;
    for (let i = 0; i < workload.memories.length; i += batch) await mem.remember(workload.memories.slice(i, i + batch));
  } else {
    const topics = ['Python 脚本', 'Go 服务', 'Postgres 副本', 'ETL job', '杭州 出差', 'peanut allergy', 'dark mode', 'Rust CLI', '客户 会议', 'ThinkPad Linux'];
    for (let b = 0; b < 5; b++) {
      await mem.remember(Array.from({ length: 200 }, (_, i) => {
        const n = b * 200 + i;
        return { content: `memory ${n} about ${topics[n % topics.length]}: 第 ${n} 条记忆，关于${topics[(n * 7) % topics.length]} and ${topics[(n * 3) % topics.length]}`, importance: (n % 10) / 10, tags: [`t${n % 5}`] };
      }));
    }
  }
  await mem.close();
  process.exit(0);
}

const queries = workload?.queries?.length
  ? workload.queries
  : ['用户喜欢用什么写脚本？', 'Python 脚本', 'ETL job failed', '杭州 出差', 'peanut', '客户 会议', 'dark mode editor', 'Rust', 'Postgres replica'];
const hits = await mem.recall(queries[0], { limit: 10, peek: true });
at.firstRecall = performance.now();
const peakAtFirstRecall = peakRSS();
if (!hits.length) throw new Error(`the first recall (${queries[0]}) found nothing`);

// Steady state after the start: what the start's choices (Liftoff only, bounds checks)
// cost per call afterwards.
const lat = [];
for (let i = 0; i < 100; i++) {
  const t = performance.now();
  await mem.recall(queries[(i + 1) % queries.length], { limit: 10, peek: true });
  lat.push(performance.now() - t);
}
lat.sort((a, b) => a - b);
const t = performance.now();
await mem.remember(Array.from({ length: 200 }, (_, i) => ({ content: `steady state write ${i} 稳态写入 ${i}` })));
const batch200 = performance.now() - t;
await mem.close();
at.end = performance.now();
console.log(JSON.stringify({
  ...at,
  peakAtFirstRecallBytes: peakAtFirstRecall,
  recallP50: lat[49],
  recallP95: lat[94],
  batch200,
  maxRSSBytes: peakRSS(),
}));

/**
 * This process's peak RSS in bytes: VmHWM of /proc/self/status on Linux. Not
 * process.resourceUsage().maxRSS, which Linux carries over from the parent across fork and
 * exec (a child of a 500 MB process reports at least 500 MB); that is the fallback elsewhere.
 */
function peakRSS() {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) * 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS * 1024;
}
