// A browser's first and repeat visit to the first recall, for this build and a base
// commit in the same run (docs/BROWSER.md "First visit"): each round, for each build, a
// fresh Chromium profile opens a page that calls open() and recall() at once; then a
// fresh profile whose page calls preload() at once and open() when it has resolved (the
// application said early that it will need memory); then a repeat visit (a reload of the
// first profile, after Chromium has had 5 s to write its code cache). Medians of the
// rounds, builds interleaved. The same first and repeat visits again with cold.html, whose
// own module calls open() and recall() as it runs: in the visits above, page start → first
// recall also holds Playwright seeing the page ready and calling in (100–200 ms). Then, for this tree, the cost of being a tab that is not
// the owner: single writes and recalls from the owner's tab and from another tab.
//
//   make bench-browser                     (runs this after bench.mjs)
//   cd test/browser && node bench-cold.mjs [--base <commit>] [--rounds 3] [--no-tabs]
//
// --base defaults to $MEMCORE_BENCH_BASE or the merge base with main; "none" skips it.

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
const ROUNDS = Number(arg('--rounds', '3'));
const TABS = !process.argv.includes('--no-tabs'); // --no-tabs: the visits only
const log = (...a) => console.error('·', ...a);
const git = (...a) => execFileSync('git', a, { cwd: REPO, encoding: 'utf8' }).trim();

let base = arg('--base', process.env.MEMCORE_BENCH_BASE || '');
if (!base) {
  try {
    base = git('merge-base', 'HEAD', 'main');
    if (base === git('rev-parse', 'HEAD')) base = 'none';
  } catch {
    base = 'none';
  }
}

const builds = [{ name: `this tree (${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? '+' : ''})`, root: REPO }];
const cleanup = [];
if (base !== 'none') {
  const dir = tempDir('memcore-bench-base-');
  cleanup.push(dir);
  log(`building ${base} in ${dir}…`);
  execFileSync('sh', ['-c', `git -C "${REPO}" archive ${base} | tar -x -C "${dir}"`]);
  execFileSync('go', ['run', './cmd/wasmbuild', '-targets', 'js', '-q'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  // The in-page visits' fixture is this tree's (a base older than it has none).
  fs.copyFileSync(path.join(HERE, 'fixtures', 'cold.html'), path.join(dir, 'test', 'browser', 'fixtures', 'cold.html'));
  builds.push({ name: `base (${git('rev-parse', '--short', base)})`, root: dir });
}

async function withBrowser(profile, fn) {
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    return await fn(context.pages()[0] || (await context.newPage()));
  } finally {
    await context.close();
  }
}

/** Loads the test page and runs the visit in it; times are ms since the page's navigation start. */
async function visit(page, url, mode) {
  await page.goto(url);
  await page.waitForFunction(() => document.title === 'ready');
  return page.evaluate(async ({ mode, db }) => {
    const { open, preload, engineInfo } = window.memcore;
    const pageReady = performance.now();
    let preloaded = null;
    if (mode === 'preload') {
      await preload();
      preloaded = performance.now();
    }
    const t0 = performance.now();
    const mem = await open({ path: db });
    const t1 = performance.now();
    await mem.recall('Python 脚本', { limit: 10, peek: true });
    const t2 = performance.now();
    await mem.remember({ content: `visit at ${Date.now()}` });
    await mem.close();
    const info = await engineInfo();
    return { pageReady, preloaded, open: t1 - t0, firstRecall: t2 - t1, openToRecall: t2 - t0, sincePageStart: t2, engine: info?.timing };
  }, { mode, db: 'cold.db' });
}

/** Loads cold.html, whose own module opens and recalls at once (no driver round trip), and returns its times. */
async function visitInPage(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => document.title === 'done', null, { timeout: 120_000 });
  const r = await page.evaluate(() => window.coldResult);
  if (r.error) throw new Error(`cold.html: ${r.error}`);
  return r;
}

const rows = new Map(); // `${build}|${scenario}` → runs
const add = (b, scenario, r) => {
  const k = `${b.name}|${scenario}`;
  if (!rows.has(k)) rows.set(k, []);
  rows.get(k).push(r);
  log(b.name, scenario, JSON.stringify({ ...r, engine: undefined }), JSON.stringify(r.engine));
};

const loadStart = os.loadavg()[0].toFixed(1);
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const b of round % 2 ? [...builds].reverse() : builds) {
      const { server, origin } = await serve({ port: 0, root: b.root });
      const url = `${origin}/test/browser/fixtures/page.html`;
      try {
        const profile = tempDir('memcore-bench-cold-');
        await withBrowser(profile, async (page) => {
          add(b, 'first visit: open() at once', await visit(page, url, 'open'));
          await page.waitForTimeout(5000); // Chromium writes its code cache meanwhile
          add(b, 'repeat visit (reload): open() at once', await visit(page, url, 'open'));
        });
        fs.rmSync(profile, { recursive: true, force: true });
        const profile3 = tempDir('memcore-bench-cold-');
        await withBrowser(profile3, async (page) => {
          const inPage = `${origin}/test/browser/fixtures/cold.html`;
          add(b, "first visit: open() from the page's module", await visitInPage(page, inPage));
          await page.waitForTimeout(5000);
          add(b, "repeat visit (reload): open() from the page's module", await visitInPage(page, inPage));
        });
        fs.rmSync(profile3, { recursive: true, force: true });
        const profile2 = tempDir('memcore-bench-cold-');
        await withBrowser(profile2, async (page) => add(b, 'first visit: preload() at once, open() when it resolved', await visit(page, url, 'preload')));
        fs.rmSync(profile2, { recursive: true, force: true });
      } finally {
        server.close();
      }
    }
  }
} finally {
  for (const d of cleanup) fs.rmSync(d, { recursive: true, force: true });
}

// ─── Several tabs: the same requests from the owner's tab and from another tab ────────
// (this tree only): 200 single remembers and 200 recalls (peek) from each, alternating.
const tabsResult = !TABS ? [] : await (async () => {
  const { server, origin } = await serve({ port: 0, root: REPO });
  const profile = tempDir('memcore-bench-tabs-');
  try {
    return await withBrowser(profile, async (owner) => {
      const url = `${origin}/test/browser/fixtures/page.html`;
      const other = await owner.context().newPage();
      for (const p of [owner, other]) {
        await p.goto(url);
        await p.waitForFunction(() => document.title === 'ready');
        await p.evaluate(async () => {
          window.mem = await window.memcore.open({ path: 'tabs-bench.db' });
          for (let i = 0; i < 20; i++) await window.mem.recall(`warm ${i}`, { limit: 10, peek: true });
        });
      }
      const run = (p, label) => p.evaluate(async (label) => {
        const w = [];
        const r = [];
        for (let i = 0; i < 200; i++) {
          let t = performance.now();
          await window.mem.remember({ content: `${label} memory ${i} 记忆 Python` });
          w.push(performance.now() - t);
          t = performance.now();
          await window.mem.recall(`memory ${i} Python`, { limit: 10, peek: true });
          r.push(performance.now() - t);
        }
        const q = (a, x) => a.sort((m, n) => m - n)[Math.floor(a.length * x)];
        return { owner: (await window.mem.stats()).browser.owner, write50: q(w, 0.5), write95: q(w, 0.95), recall50: q(r, 0.5), recall95: q(r, 0.95) };
      }, label);
      const out = [];
      for (let round = 0; round < 2; round++) {
        out.push(await run(owner, 'owner'));
        out.push(await run(other, 'other'));
      }
      return out;
    });
  } finally {
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
})();

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};
const f = (x) => (x === null || x === undefined ? '' : Math.round(x));
console.log(`\nChromium ${CHROMIUM}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), load ${loadStart} → ${os.loadavg()[0].toFixed(1)}; medians of ${ROUNDS} rounds (ms)\n`);
console.log('| build | visit | engine (worker) | of which compile | Go start | preload resolved | open | first recall | open → first recall | page start → first recall |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [k, runs] of rows) {
  const [build, scenario] = k.split('|');
  const m = (g) => median(runs.map(g));
  console.log(`| ${build} | ${scenario} | ${f(m((r) => r.engine?.worker))} | ${f(m((r) => r.engine && r.engine.fetch + r.engine.compile))} | ${f(m((r) => r.engine?.start))} | ${f(m((r) => r.preloaded))} | ${f(m((r) => r.open))} | ${f(m((r) => r.firstRecall))} | ${f(m((r) => r.openToRecall))} | ${f(m((r) => r.sincePageStart))} |`);
}

if (TABS) {
  console.log('\nSeveral tabs, this tree: the same requests from the owner tab and from another tab (ms; two rounds each, 200 single remembers and 200 recalls per round)\n');
  console.log('| tab | write p50 | write p95 | recall p50 | recall p95 |');
  console.log('|---|---:|---:|---:|---:|');
}
for (const r of tabsResult) console.log(`| ${r.owner ? 'owner' : 'another tab'} | ${r.write50.toFixed(1)} | ${r.write95.toFixed(1)} | ${r.recall50.toFixed(1)} | ${r.recall95.toFixed(1)} |`);
