// buildContext with and without the turn fallback in Node, for `memcore bench-context`
// (docs/BENCHMARKS.md), which writes the workload (the generator's memories, sessions of
// turns and queries, cmd/memcore/bench_context.go) and starts this in a fresh process:
//
//   node js/bench/context.mjs WORKLOAD.json
//
// Opens an in-memory database through the npm package, remembers the memories, appends
// the sessions (ids s00000, s00001, …), then calls buildContext for each query — a
// one-question conversation of a new session, budget "budget" — with recallTurns: false
// (memories only) and with the default (memories, then turns of earlier sessions),
// alternating; the first "warmup" queries are not timed. Prints
// {"memories": [ms…], "turns": [ms…]} on stdout. Nothing is asserted about speed.

import fs from 'node:fs';
import { open } from '../node.js';

const file = process.argv[2];
if (!file) {
  console.error('usage: node js/bench/context.mjs WORKLOAD.json');
  process.exit(2);
}
const w = JSON.parse(fs.readFileSync(file, 'utf8'));
const mem = await open({ path: ':memory:' });
for (let i = 0; i < w.memories.length; i += 1000) await mem.remember(w.memories.slice(i, i + 1000));
for (let i = 0; i < w.sessions.length; i++) {
  await mem.appendTurns(`s${String(i).padStart(5, '0')}`, w.sessions[i]);
}
// The modes alternate query by query, so that a busy machine slows both alike.
const out = { memories: [], turns: [] };
for (let i = 0; i < w.queries.length; i++) {
  for (const [mode, recallTurns] of [['memories', false], ['turns', true]]) {
    const t = performance.now();
    await mem.buildContext({ sessionId: `bench-${mode}`, budgetTokens: w.budget, recallTurns,
      messages: [{ role: 'user', content: w.queries[i] }] });
    if (i >= w.warmup) out[mode].push(performance.now() - t);
  }
}
await mem.close();
process.stdout.write(JSON.stringify(out));
