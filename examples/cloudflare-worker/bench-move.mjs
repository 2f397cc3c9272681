// Moving an owner in workerd (the default, pages): GET /owners/src/snapshot, then, in a
// freshly started workerd (a new isolate: its wasm memory starts small), PUT the bytes
// to /owners/dst/snapshot — memcore's restore(), whose bytes cross into the engine through
// __memcore.callBytes. Reports the upload's time, the isolate's wasm memory after it (wasm
// memory never shrinks: this is its peak) and workerd's RSS, per owner size.
//
//   node bench-move.mjs [--sizes 1000,5000,10000]
//
// Only 127.0.0.1 is contacted.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { build } from './build.mjs';
import { rssBytes, startWorkerd } from './test/workerd.mjs';

const args = process.argv.slice(2);
const i = args.indexOf('--sizes');
const SIZES = (i >= 0 ? args[i + 1] : '1000,5000,10000').split(',').map(Number);
const mib = (n) => `${(n / 1048576).toFixed(1)} MiB`;

const WORDS = 'deploy pipeline runner cache python script linux laptop travel beijing meeting budget report design review test coffee tea music garden family project deadline invoice server database backup'.split(' ');
const text = (j) => `Memory ${j}: the user mentioned the ${WORDS[j % WORDS.length]} and the ${WORDS[(j * 7 + 3) % WORDS.length]} while talking about the ${WORDS[(j * 13 + 5) % WORDS.length]}; follow up next week.`;

let w;
async function req(method, route, body, raw) {
  const res = await fetch(w.url + route, {
    method,
    body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    headers: body === undefined ? {} : { 'content-type': raw ? 'application/vnd.sqlite3' : 'application/json' },
  });
  const buf = new Uint8Array(await res.arrayBuffer());
  if (res.status >= 300) throw new Error(`${method} ${route} → ${res.status}: ${new TextDecoder().decode(buf).slice(0, 300)}`);
  return (res.headers.get('content-type') ?? '').startsWith('application/json') ? JSON.parse(new TextDecoder().decode(buf)) : buf;
}

await build({ quiet: true });
console.log('| memories | snapshot | PUT (restore) | wasm memory after the PUT | workerd RSS after |');
console.log('|---:|---:|---:|---:|---:|');
for (const n of SIZES) {
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memcore-move-'));
  try {
    w = await startWorkerd({ storageDir });
    for (let have = 0; have < n; have += 1000) {
      const items = [];
      for (let j = have; j < Math.min(n, have + 1000); j++) items.push({ content: text(j) });
      await req('POST', '/owners/src/remember', items);
    }
    const snap = await req('GET', '/owners/src/snapshot');
    await w.stop();
    w = await startWorkerd({ storageDir });
    await req('GET', '/owners/dst/stats'); // the engine starts, dst opens (empty)
    const t0 = performance.now();
    const r = await req('PUT', '/owners/dst/snapshot', snap, true);
    const ms = performance.now() - t0;
    const stats = await req('GET', '/owners/dst/stats');
    if (r.restored.memories !== n) throw new Error(`restored ${r.restored.memories} of ${n}`);
    console.log(`| ${n} | ${mib(snap.length)} | ${Math.round(ms)} ms | ${mib(stats.isolate.wasmMemoryBytes)} | ${mib(await rssBytes(w.pid))} |`);
    await w.stop();
  } finally {
    await w?.stop().catch(() => {});
    fs.rmSync(storageDir, { recursive: true, force: true });
  }
}
