// Shared by the browser tests and benchmarks: the static server and headless Chromium
// (Debian's chromium driven by playwright-core; flags in DEVELOPERS.md).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';

import { chromium } from 'playwright-core';

import { serve } from '../../web-demo/serve.mjs';

export { serve };

/** The browser binary: $CHROMIUM, else Debian's. */
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** Flags for a headless Chromium run as root on a CI machine (DEVELOPERS.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Launches Chromium on the profile directory userDataDir (reuse it to relaunch "the same
 * browser") and collects console errors and page errors of every page and worker.
 */
export async function launch(userDataDir) {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (make test-browser does), or set CHROMIUM`);
  }
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width: 1280, height: 860 },
  });
  const errors = [];
  const logs = [];
  context.on('console', (m) => {
    const where = m.worker() ? 'worker' : 'page';
    logs.push(`${where} ${m.type()}: ${m.text()}`);
    if (m.type() === 'error') errors.push(`${where} console.error: ${m.text()}`);
  });
  context.on('weberror', (e) => errors.push(`uncaught: ${e.error()?.stack || e.error()}`));
  const page = context.pages()[0] || (await context.newPage());
  return { context, page, errors, logs };
}

/**
 * The setup several test files share: registers node:test hooks that, before the file's
 * tests, start web-demo/serve.mjs on a free port and launch Chromium on a fresh profile
 * (prefix names its temporary directory), and after them close both and remove the profile.
 * Returns an object whose origin and b (launch()'s result) are set once before has run.
 */
export function browserSuite(prefix) {
  const env = { server: undefined, origin: undefined, b: undefined, profileDir: tempDir(prefix) };
  before(async () => {
    ({ server: env.server, origin: env.origin } = await serve({ port: 0 }));
    env.b = await launch(env.profileDir);
  });
  after(async () => {
    await env.b?.context.close();
    env.server?.close();
    fs.rmSync(env.profileDir, { recursive: true, force: true });
  });
  return env;
}

/**
 * Opens a new tab of env's browser on the test page (fixtures/page.html) and waits until its
 * script is ready; init, when given, runs in the tab before any of its scripts.
 */
export async function fixtureTab(env, init) {
  const p = await env.b.context.newPage();
  if (init) await p.addInitScript(init);
  await p.goto(`${env.origin}/test/browser/fixtures/page.html`);
  await p.waitForFunction(() => document.title === 'ready');
  return p;
}
