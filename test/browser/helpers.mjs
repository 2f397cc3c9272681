// Shared by the browser tests and benchmarks: the static server and headless Chromium
// (Debian's chromium driven by playwright-core; flags in DEVELOPERS.md).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
