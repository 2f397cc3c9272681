// The Node side of bench.mjs, in a process of its own: the same workload through the
// package's Node entry (js/node.js) on files in dir.
//   node bench-node.mjs run data.json dir sizes   → {sizes: {...}}
//   node bench-node.mjs cold file.db query         → import, open, first recall (ms since process start)
import fs from 'node:fs';
import path from 'node:path';

const [mode, a, b, c] = process.argv.slice(2);
if (mode === 'cold') {
  const { open } = await import('../../js/node.js');
  const imported = performance.now();
  const mem = await open({ path: a });
  const opened = performance.now();
  await mem.recall(b, { limit: 10, peek: true });
  const recalled = performance.now();
  await mem.close();
  console.log(JSON.stringify({ imported, opened, recalled }));
} else {
  const { open } = await import('../../js/node.js');
  const { ingestAndRecall, commits } = await import('./fixtures/benchcore.js');
  const data = JSON.parse(fs.readFileSync(a, 'utf8'));
  const sizes = c.split(',').map(Number);
  const out = { sizes: await ingestAndRecall(open, data, sizes, (n) => path.join(b, `node-${n}.db`)) };
  for (const n of sizes) out.sizes[n].bytes = fs.statSync(path.join(b, `node-${n}.db`)).size;
  out.commits = await commits(open, path.join(b, 'node-commits.db'), data.memories);
  console.log(JSON.stringify(out));
}
