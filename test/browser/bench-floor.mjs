// The floor of a browser's first and repeat visit (issue 13 item 2: ≤ 600 ms and ≤ 250 ms
// from page start to the first recall; docs/BROWSER.md, "Issue 13 item 2: the floor"):
// the same visit — a page whose own module starts a worker, loads the engine, opens a
// database, writes one row and runs one ranked query — with
//   floor        cmd/coldfloor: go-sqlite3 v0.35.3 + FTS5 + memcore's OPFS VFS, nothing else
//                of memcore, built with the shipped flags (go run ./cmd/coldfloor)
//   bare         cmd/coldfloor/bare: Go's js/wasm runtime alone (the calls are no-ops)
//   sqlite-wasm  @sqlite.org/sqlite-wasm 3.41.2 (js/bench/compare's copy; ':memory:' only)
//   memcore      this tree's engine through fixtures/cold.html (open(), recall(); the row
//                exists only on a repeat visit), the page bench-cold.mjs uses
// on ':memory:' and on an OPFS file. Each round, each variant: a fresh Chromium profile's
// first visit, then, 5 s later (Chromium writes its code cache meanwhile), a reload: the
// repeat visit. Variants interleaved, the order rotated each round; medians; ms.
//
//   cd js/bench/compare && npm ci             # sqlite-wasm (skipped when missing)
//   go run ./cmd/wasmbuild -targets js        # dist/memcore.wasm
//   cd test/browser && node bench-floor.mjs [--rounds 5] [--only floor-memory,memcore-opfs,…]
//
// make bench-browser runs it after bench-cold.mjs. The floor programs are built into
// dist/ (go run ./cmd/coldfloor) each run.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { CHROMIUM, CHROMIUM_ARGS, serve, tempDir } from './helpers.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../..');
const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : def;
};
const ROUNDS = Number(arg('--rounds', '5'));
const log = (...a) => console.error('·', ...a);
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

log('building the floor programs (go run ./cmd/coldfloor -out dist)…');
execFileSync('go', ['run', './cmd/coldfloor', '-out', 'dist'], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
if (!fs.existsSync(path.join(REPO, 'dist', 'memcore.wasm'))) {
  console.error('bench-floor: dist/memcore.wasm is missing: go run ./cmd/wasmbuild -targets js');
  process.exit(2);
}
const haveSqliteWasm = fs.existsSync(path.join(REPO, 'js/bench/compare/node_modules/@sqlite.org/sqlite-wasm'));
if (!haveSqliteWasm) log('sqlite-wasm is not installed (cd js/bench/compare && npm ci): its rows are skipped');

const F = '/test/browser/fixtures';
let VARIANTS = [
  { name: 'floor-memory', engine: 'floor: go-sqlite3 + FTS5', db: '`:memory:`', url: `${F}/floor.html?engine=floor&path=:memory:` },
  { name: 'floor-opfs', engine: 'floor: go-sqlite3 + FTS5', db: 'OPFS file', url: `${F}/floor.html?engine=floor&path=/floor.db` },
  { name: 'bare', engine: "floor: Go's runtime alone", db: '–', url: `${F}/floor.html?engine=bare` },
  ...(haveSqliteWasm ? [{ name: 'sqlite-wasm', engine: 'sqlite-wasm 3.41.2 + FTS5', db: '`:memory:`', url: `${F}/floor.html?engine=sqlite-wasm` }] : []),
  { name: 'memcore-memory', engine: 'memcore (cold.html)', db: '`:memory:`', url: `${F}/cold.html?path=:memory:`, memcore: true },
  { name: 'memcore-opfs', engine: 'memcore (cold.html)', db: 'OPFS file', url: `${F}/cold.html`, memcore: true },
];
const only = arg('--only', '');
if (only) VARIANTS = VARIANTS.filter((v) => only.split(',').includes(v.name));

/** One visit: loads url, waits for the page's own module to finish, returns its result. */
async function visit(page, url, memcore) {
  await page.goto(url);
  await page.waitForFunction(() => document.title === 'done', null, { timeout: 120_000 });
  const r = await page.evaluate((m) => (m ? window.coldResult : window.floorResult), memcore);
  if (r.error) throw new Error(`${url}: ${r.error}`);
  if (memcore) {
    // cold.html: open() holds the engine's start (worker, download, compile, Go) and the
    // open request; the engine's own timing gives the split.
    const e = r.engine || {};
    return {
      fetchCompile: e.fetch + e.compile, instantiate: e.instantiate, start: e.start,
      open: r.open - (e.total ?? 0), insert: null, match: r.firstRecall, sincePageStart: r.sincePageStart,
    };
  }
  const w = r.worker;
  return {
    fetchCompile: w.fetch != null ? w.fetch + w.compile : null, instantiate: w.instantiate, start: w.start,
    open: w.open, insert: w.insert, match: w.match, sincePageStart: r.sincePageStart,
  };
}

const results = new Map(VARIANTS.map((v) => [v.name, { first: [], repeat: [] }]));
const uptimeStart = uptime();
for (let round = 0; round < ROUNDS; round++) {
  const { server, origin } = await serve({ port: 0, root: REPO });
  try {
    for (let j = 0; j < VARIANTS.length; j++) {
      const v = VARIANTS[(round + j) % VARIANTS.length];
      const profile = tempDir('memcore-bench-floor-');
      const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
      try {
        const page = context.pages()[0] || (await context.newPage());
        const first = await visit(page, origin + v.url, v.memcore);
        await page.waitForTimeout(5000); // Chromium writes its code cache meanwhile
        const repeat = await visit(page, origin + v.url, v.memcore);
        results.get(v.name).first.push(first);
        results.get(v.name).repeat.push(repeat);
        log(`round ${round + 1}/${ROUNDS} ${v.name}: first ${first.sincePageStart.toFixed(0)} ms, repeat ${repeat.sincePageStart.toFixed(0)} ms`);
      } finally {
        await context.close();
        fs.rmSync(profile, { recursive: true, force: true });
      }
    }
  } finally {
    server.close();
  }
}
const uptimeEnd = uptime();

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number' && !Number.isNaN(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const f = (x) => (x == null ? '' : Math.round(x));
console.log(`\nChromium ${CHROMIUM}, ${os.cpus().length} CPUs; medians of ${ROUNDS} rounds (fresh profile each), variants interleaved; ms`);
console.log(`uptime at start: ${uptimeStart}\nuptime at end:   ${uptimeEnd}\n`);
console.log('| engine | database | visit | fetch + compile | instantiate | runtime start | open | first write | first query | page start → first query | × memcore, same database and visit |');
console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
const med = (name, visitKind) => {
  const rs = results.get(name)[visitKind];
  const m = (k) => median(rs.map((r) => r[k]));
  return { fetchCompile: m('fetchCompile'), instantiate: m('instantiate'), start: m('start'), open: m('open'), insert: m('insert'), match: m('match'), sincePageStart: m('sincePageStart') };
};
for (const visitKind of ['first', 'repeat']) {
  for (const v of VARIANTS) {
    const r = med(v.name, visitKind);
    const ref = v.db === 'OPFS file' ? 'memcore-opfs' : 'memcore-memory';
    const refRow = results.has(ref) ? med(ref, visitKind) : null;
    const ratio = refRow?.sincePageStart ? `${(r.sincePageStart / refRow.sincePageStart).toFixed(2)}×` : '';
    console.log(`| ${v.engine} | ${v.db} | ${visitKind === 'first' ? 'first visit' : 'repeat visit (reload)'} | ${f(r.fetchCompile)} | ${f(r.instantiate)} | ${f(r.start)} | ${f(r.open)} | ${f(r.insert)} | ${f(r.match)} | **${f(r.sincePageStart)}** | ${ratio} |`);
  }
}
