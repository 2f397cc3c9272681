// extractFacts on a 40-message conversation through the npm package's Node entry
// (js/node.js), return-only (no commit): the time issue 9 asks to keep within 2× of the
// issue-6 engine's. The conversation is the first user and assistant messages of the
// labelled fact set (core/internal/facts/testdata/labelled.json, Chinese, English and
// mixed), 40 of them.
//
//   node js/bench/extract.mjs [--runs 200] [--against DIR]
//
// MEMCORE_BENCH_PACKAGE=DIR loads DIR/js/node.js instead of this checkout's, to time
// another build the same way (e.g. a `git archive` of an older commit with its own
// `go run ./cmd/wasmbuild -targets js`). Prints one Markdown table row: the median and
// p95 wall time of one call (ms, performance.now()), after 20 untimed calls, the facts
// found, and the process's CPU time per call over the timed calls (ms,
// process.cpuUsage(): on a busy machine the wall time also counts the time other
// processes held the cores; the CPU time much less so). Nothing is asserted about speed.
//
// --fresh gives every call messages no earlier call gave (each content followed by white
// space spelling the call's number: "\n" then spaces and tabs), so that a build keeping
// the facts of messages it read before (core/internal/facts/msgcache.go) reads all 40
// again, as a new conversation costs; it checks first that the white space changes no
// fact. Without it, the calls after the first find every message read before.
//
// --against DIR times DIR's build and this one (or MEMCORE_BENCH_PACKAGE's) in the same
// process, one call of each in turn, so that a busy machine slows both alike, and prints
// both medians (wall time), their ratio and the median of the calls' pairwise ratios
// (this ÷ DIR). The CPU time is not split between the two there.

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 200;
const pkg = process.env.MEMCORE_BENCH_PACKAGE;
const entry = pkg ? pathToFileURL(path.join(pkg, 'js', 'node.js')).href : new URL('../node.js', import.meta.url).href;
const labelled = new URL('../../core/internal/facts/testdata/labelled.json', import.meta.url);

const msgs = [];
for (const c of JSON.parse(fs.readFileSync(labelled, 'utf8'))) {
  for (const m of c.messages) {
    if (m.role === 'user' || m.role === 'assistant') msgs.push({ role: m.role, content: m.content });
  }
  if (msgs.length >= 40) break;
}
msgs.length = 40;

const fresh = args.includes('--fresh');
let call = 0;
// msgsFor returns the messages of the next call: the same ones, or with --fresh ones
// no call was given before.
function msgsFor() {
  if (!fresh) return msgs;
  const tail = '\n' + (call++).toString(2).replaceAll('0', ' ').replaceAll('1', '\t');
  return msgs.map((m) => ({ role: m.role, content: m.content + tail }));
}
if (fresh) {
  for (const e of [entry, ...(args.includes('--against') ? [pathToFileURL(path.join(args[args.indexOf('--against') + 1], 'js', 'node.js')).href] : [])]) {
    const m = await (await import(e)).open({ path: ':memory:' });
    const a = JSON.stringify((await m.extractFacts(msgs, { useLLM: false })).facts);
    const b = JSON.stringify((await m.extractFacts(msgsFor(), { useLLM: false })).facts);
    await m.close();
    if (a !== b) {
      console.error(`--fresh: the white space changed the facts of ${e}`);
      process.exit(1);
    }
  }
}

const against = args.includes('--against') ? args[args.indexOf('--against') + 1] : '';
const name = pkg ? path.basename(pkg) : 'this checkout';

if (against) {
  const mems = [];
  for (const e of [pathToFileURL(path.join(against, 'js', 'node.js')).href, entry]) {
    mems.push(await (await import(e)).open({ path: ':memory:' }));
  }
  const facts = [];
  for (let k = 0; k < 2; k++) {
    for (let i = 0; i < 20; i++) facts[k] = (await mems[k].extractFacts(msgsFor(), { useLLM: false })).facts.length;
  }
  const t = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const k of i % 2 ? [1, 0] : [0, 1]) {
      const input = msgsFor();
      const s = performance.now();
      await mems[k].extractFacts(input, { useLLM: false });
      t[k].push(performance.now() - s);
    }
  }
  const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  const pairs = t[1].map((x, i) => x / t[0][i]);
  console.log(`| ${path.basename(against)} | 40 | ${facts[0]} | ${med(t[0]).toFixed(2)} |`);
  console.log(`| ${name} | 40 | ${facts[1]} | ${med(t[1]).toFixed(2)} |`);
  console.log(`ratio of the medians ${(med(t[1]) / med(t[0])).toFixed(2)}×, median of the pairs' ratios ${med(pairs).toFixed(2)}×`);
  for (const m of mems) await m.close();
  process.exit(0);
}

const { open } = await import(entry);
const mem = await open({ path: ':memory:' });
let facts = 0;
for (let i = 0; i < 20; i++) facts = (await mem.extractFacts(msgsFor(), { useLLM: false })).facts.length;
const ms = [];
const cpu0 = process.cpuUsage();
for (let i = 0; i < runs; i++) {
  const input = msgsFor();
  const t = performance.now();
  await mem.extractFacts(input, { useLLM: false });
  ms.push(performance.now() - t);
}
const cpu = process.cpuUsage(cpu0);
ms.sort((a, b) => a - b);
const q = (p) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))];
const cpuMs = (cpu.user + cpu.system) / 1000 / runs;
console.log(`| ${name} | 40 | ${facts} | ${q(0.5).toFixed(2)} | ${q(0.95).toFixed(2)} | ${cpuMs.toFixed(2)} |`);
await mem.close();
