// Where a first visit's open() of a new OPFS database spends its time (docs/BROWSER.md
// "First visit"): in fresh Chromium profiles, the engine is loaded first (preload({warm:
// false}): download, compile, Go start, no SQL), then the page opens databases in one of
// two orders and times each open() and the first recall:
//   OPFS first     open('a.db') (new OPFS file) → recall → open('b.db') (another new
//                  file) → open(':memory:')
//   memory first   open(':memory:') → open('a.db') → recall
// An open of a new OPFS file after SQLite's code has run once (in the other database)
// costs what OPFS costs; the first open of the visit costs that plus Chromium compiling
// SQLite's functions as they are first called. The VFS counts its OPFS calls meanwhile
// (globalThis.__memcore_opfs_bench = {trace: true}: internal/opfs/trace_js.go) and the
// worker reports, per OPFS open, the time to acquire the files (Web Lock, handles) and
// SQLite's open with the schema's creation. Medians of --rounds (default 3), ms.
//
//   cd test/browser && node bench-open.mjs [--rounds 3]
//   (make bench-browser builds the js wasm first; by hand: go run ./cmd/wasmbuild -targets js)

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { CHROMIUM, CHROMIUM_ARGS, serve, tempDir } from './helpers.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const i = process.argv.indexOf('--rounds');
const ROUNDS = i > 0 ? Number(process.argv[i + 1]) : 3;
const log = (...a) => console.error('·', ...a);

async function visit(url, order) {
  const profile = tempDir('memcore-bench-open-');
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = context.pages()[0] || (await context.newPage());
    await page.goto(url);
    await page.waitForFunction(() => document.title === 'ready');
    const trace = async () => {
      const w = page.workers()[0];
      const t = w ? await w.evaluate(() => self.__memcore_opfs_trace) : null;
      return t ? JSON.parse(t) : null;
    };
    const loaded = await page.evaluate(async () => {
      globalThis.__memcore_opfs_bench = { trace: true };
      const t = performance.now();
      await window.memcore.preload({ warm: false });
      return performance.now() - t;
    });
    const out = { loaded, steps: [] };
    const steps = order === 'opfs' ? ['a.db', 'recall', 'b.db', ':memory:'] : [':memory:', 'a.db', 'recall'];
    for (const s of steps) {
      const ms = await page.evaluate(async (s) => {
        const t = performance.now();
        if (s === 'recall') await window.mem.recall('Python 脚本', { limit: 10, peek: true });
        else window.mem = await window.memcore.open({ path: s });
        return performance.now() - t;
      }, s);
      const step = { step: s, ms };
      if (s.endsWith('.db')) step.trace = await trace();
      out.steps.push(step);
      log(order, s, Math.round(ms), step.trace ? JSON.stringify(step.trace) : '');
    }
    return out;
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};
const f = (x) => (x === null || x === undefined ? '' : x < 10 ? x.toFixed(1) : Math.round(x));

const loadStart = os.loadavg()[0].toFixed(1);
const { server, origin } = await serve({ port: 0, root: REPO });
const runs = { opfs: [], memory: [] };
try {
  for (let r = 0; r < ROUNDS; r++) {
    for (const order of ['opfs', 'memory']) runs[order].push(await visit(`${origin}/test/browser/fixtures/page.html`, order));
  }
} finally {
  server.close();
}

console.log(`\nChromium ${CHROMIUM}, ${os.cpus().length} CPUs, load ${loadStart} → ${os.loadavg()[0].toFixed(1)}; medians of ${ROUNDS} fresh profiles (ms)\n`);
console.log('| order | step | open() or recall | of which: acquire files | SQLite open (schema) | OPFS calls during it: count (ms) |');
console.log('|---|---|---:|---:|---:|---|');
for (const order of ['opfs', 'memory']) {
  const rs = runs[order];
  console.log(`| ${order === 'opfs' ? 'OPFS first' : 'memory first'} | engine loaded (preload, warm: false) | ${f(median(rs.map((x) => x.loaded)))} | | | |`);
  const prev = new Map(); // OPFS call counters are cumulative: show each open's own
  for (let k = 0; k < rs[0].steps.length; k++) {
    const name = rs[0].steps[k].step;
    const tr = rs.map((x) => x.steps[k].trace).filter(Boolean);
    let calls = '';
    if (tr.length) {
      const last = tr[tr.length - 1];
      const before = prev.get(order) || {};
      calls = Object.entries(last.calls).map(([m, c]) => {
        const b = before[m] || { n: 0, ms: 0 };
        return c.n > b.n ? `${m.replace('await ', '')} ${c.n - b.n} (${(c.ms - b.ms).toFixed(1)})` : null;
      }).filter(Boolean).join(', ');
      prev.set(order, last.calls);
    }
    console.log(`| | ${name === 'recall' ? 'first recall' : `open('${name}')`} | ${f(median(rs.map((x) => x.steps[k].ms)))} | ${f(median(tr.map((t) => t.acquireMs)))} | ${f(median(tr.map((t) => t.openMs)))} | ${calls} |`);
  }
}
console.log('\nOPFS call counts and times are those of the last round.');
