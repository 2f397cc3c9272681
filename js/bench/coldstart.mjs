// Cold start and memory of memcore in Node, informational (numbers for docs/BENCHMARKS.md):
// fresh node processes each import the package, open a file database of 1,000 memories and
// recall once; reported are the wall times of those steps (from process start), the
// process's own spawn-to-exit time, and its peak RSS (process.resourceUsage().maxRSS),
// then the steady-state recall latency and a 200-memory batch in the same process.
//
//   node js/bench/coldstart.mjs [runs per variant, default 5]
//
// Variants: the shim's default (Liftoff only, set by the shim with v8.setFlagsFromString
// before it compiles the engine); node --liftoff-only on the command line; V8's defaults
// (open({tierUp: true}): TurboFan tiers SQLite up); and --no-wasm-tier-up with the latter.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const child = fileURLToPath(new URL('./coldstart-child.mjs', import.meta.url));
const runs = Number(process.argv[2] || 5);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memcore-coldstart-'));
const db = path.join(dir, 'bench.db');

function run(nodeArgs, args) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn(process.execPath, [...nodeArgs, child, db, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('exit', (code) => {
      const wall = performance.now() - t0;
      if (code !== 0) return reject(new Error(`${nodeArgs.join(' ')} exited ${code}`));
      resolve(out.trim() ? { ...JSON.parse(out), wall } : { wall });
    });
  });
}

const variants = [
  ['shim default (Liftoff via setFlagsFromString)', [], []],
  ['node --liftoff-only', ['--liftoff-only'], []],
  ['V8 defaults (tierUp: true)', [], ['tierUp']],
  ['node --no-wasm-tier-up (tierUp: true)', ['--no-wasm-tier-up'], ['tierUp']],
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const f = (x) => String(Math.round(x)).padStart(6);

try {
  await run([], ['populate']);
  console.log(`memcore cold start, Node ${process.versions.node} (V8 ${process.versions.v8}), ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}; ` +
    `median of ${runs} fresh processes; ms since process start; a file database of 1,000 memories (${Math.round(fs.statSync(db).size / 1024)} KiB)\n`);
  console.log(`${'variant'.padEnd(46)} import   open recall1 MB@recall1 | exit peakMB | recall p50  p95  200-batch`);
  for (const [name, nodeArgs, args] of variants) {
    const rs = [];
    for (let i = 0; i < runs; i++) rs.push(await run(nodeArgs, ['measure', ...args]));
    const m = (k) => median(rs.map((r) => r[k]));
    console.log(
      `${name.padEnd(46)}${f(m('imported'))} ${f(m('opened'))} ${f(m('firstRecall'))} ${f(m('peakAtFirstRecall'))}    |${f(m('wall'))} ${f(m('maxRSSMB'))} |  ${m('recallP50').toFixed(1).padStart(6)} ${m('recallP95').toFixed(1).padStart(5)} ${f(m('batch200'))}`,
    );
  }
  console.log('\nimport/open/recall1: when the step finished (performance.now() in the child, i.e. including node\'s own start);' +
    ' exit: spawn to exit as the parent saw it (includes background compilation and the steady-state part);' +
    ' MB@recall1: the child\'s peak RSS (maxRSS) up to its first recall; peakMB: over its whole life (with 200 more recalls and a batch).');
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
