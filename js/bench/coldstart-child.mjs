// One cold start, run by coldstart.mjs in a fresh node process:
//   node [flags] coldstart-child.mjs DB MODE [tierUp]
// MODE "populate" fills DB; MODE "measure" prints one JSON line of timings (ms since the
// process started, performance.now()) and the peak RSS.
const [db, mode, tierUp] = process.argv.slice(2);
const at = { start: performance.now() };
const { open } = await import('memcore');
at.imported = performance.now();
const mem = await open({ path: db, tierUp: tierUp === 'tierUp' });
at.opened = performance.now();

if (mode === 'populate') {
  const topics = ['Python 脚本', 'Go 服务', 'Postgres 副本', 'ETL job', '杭州 出差', 'peanut allergy', 'dark mode', 'Rust CLI', '客户 会议', 'ThinkPad Linux'];
  for (let b = 0; b < 5; b++) {
    await mem.remember(Array.from({ length: 200 }, (_, i) => {
      const n = b * 200 + i;
      return { content: `memory ${n} about ${topics[n % topics.length]}: 第 ${n} 条记忆，关于${topics[(n * 7) % topics.length]} and ${topics[(n * 3) % topics.length]}`, importance: (n % 10) / 10, tags: [`t${n % 5}`] };
    }));
  }
  await mem.close();
  process.exit(0);
}

const hits = await mem.recall('用户喜欢用什么写脚本？', { limit: 5 });
at.firstRecall = performance.now();
const peakAtFirstRecall = process.resourceUsage().maxRSS / 1024;
if (!hits.length) throw new Error('the first recall found nothing');

// Steady state after the start: what Liftoff-only costs per call.
const queries = ['Python 脚本', 'ETL job failed', '杭州 出差', 'peanut', '客户 会议', 'dark mode editor', 'Rust', 'Postgres replica'];
const lat = [];
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  await mem.recall(queries[i % queries.length], { limit: 10, peek: true });
  lat.push(performance.now() - t);
}
lat.sort((a, b) => a - b);
const t = performance.now();
await mem.remember(Array.from({ length: 200 }, (_, i) => ({ content: `steady state write ${i} 稳态写入 ${i}` })));
const batch = performance.now() - t;
await mem.close();
at.end = performance.now();
console.log(JSON.stringify({ ...at, peakAtFirstRecall, recallP50: lat[100], recallP95: lat[190], batch200: batch, maxRSSMB: process.resourceUsage().maxRSS / 1024 }));
