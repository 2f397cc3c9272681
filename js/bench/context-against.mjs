// buildContext of another build (DIR: e.g. a `git archive` of the issue-6 engine, 1477178,
// with its own `go run ./cmd/wasmbuild -targets js`, which has no turn fallback) beside this
// checkout's with the turn fallback (the default) and with memories only (recallTurns:
// false), in one Node process, one call of each in turn per query (the order alternating),
// so that a busy machine slows all alike. The workload is `memcore bench-context`'s:
//
//   go run ./cmd/memcore bench-context --node=false --workload /tmp/ctx.json
//   node js/bench/context-against.mjs DIR /tmp/ctx.json
//
// Issue 9 asks that buildContext with the turn fallback stay within 2× of the issue-6
// engine's buildContext; bench-context's own table compares the two modes of one build.
// Prints p50, p95 and mean (ms) per build and mode, and the ratios. Nothing is asserted.

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [base, file] = process.argv.slice(2);
if (!base || !file) {
  console.error('usage: node js/bench/context-against.mjs DIR WORKLOAD.json');
  process.exit(2);
}
const cur = new URL('../..', import.meta.url).pathname;
const w = JSON.parse(fs.readFileSync(file, 'utf8'));
const open = async (d) => (await import(pathToFileURL(path.join(d, 'js', 'node.js')).href)).open({ path: ':memory:' });
const mems = [await open(base), await open(cur)];
for (const mem of mems) {
  for (let i = 0; i < w.memories.length; i += 1000) await mem.remember(w.memories.slice(i, i + 1000));
  for (let i = 0; i < w.sessions.length; i++) await mem.appendTurns(`s${String(i).padStart(5, '0')}`, w.sessions[i]);
}
const modes = [['base', 0, undefined], ['turns', 1, true], ['memories', 1, false]];
const t = { base: [], turns: [], memories: [] };
for (let i = 0; i < w.queries.length; i++) {
  for (const [name, k, rt] of (i % 2 ? [...modes].reverse() : modes)) {
    const o = { sessionId: `bench-${name}`, budgetTokens: w.budget, messages: [{ role: 'user', content: w.queries[i] }] };
    if (rt !== undefined) o.recallTurns = rt;
    const s = performance.now();
    await mems[k].buildContext(o);
    if (i >= w.warmup) t[name].push(performance.now() - s);
  }
}
const q = (a, p) => [...a].sort((x, y) => x - y)[Math.floor(p * a.length)];
const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
for (const k of Object.keys(t)) console.log(`${k}: p50 ${q(t[k], 0.5).toFixed(2)} p95 ${q(t[k], 0.95).toFixed(2)} mean ${mean(t[k]).toFixed(2)} ms`);
console.log(`turns ÷ base: p50 ${(q(t.turns, 0.5) / q(t.base, 0.5)).toFixed(2)}× p95 ${(q(t.turns, 0.95) / q(t.base, 0.95)).toFixed(2)}× mean ${(mean(t.turns) / mean(t.base)).toFixed(2)}×`);
console.log(`turns ÷ memories: p50 ${(q(t.turns, 0.5) / q(t.memories, 0.5)).toFixed(2)}× mean ${(mean(t.turns) / mean(t.memories)).toFixed(2)}×`);
for (const m of mems) await m.close();
