// A small static server for the web demo (and the browser tests and benchmarks): the
// repository's web-demo/, js/ and dist/ on 127.0.0.1 — a secure context, which OPFS
// needs — with what the engine's loader relies on:
//
// - Content-Type: application/wasm, so that the worker compiles the engine while it
//   downloads (WebAssembly.compileStreaming);
// - an ETag and Cache-Control: no-cache, so that the browser keeps the response in its
//   HTTP cache and revalidates it (304) on the next visit: Chromium then reuses the code
//   it compiled for that response instead of compiling 20 MB of wasm again.
//
//   node web-demo/serve.mjs [--port 8787] [--host 127.0.0.1]     (make web-demo)

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVED = ['web-demo/', 'js/', 'dist/', 'test/browser/fixtures/'];
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ts': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

/** Starts the server; resolves with {server, url} (url: the demo page). */
export function serve({ port = 8787, host = '127.0.0.1', root = ROOT, log = false } = {}) {
  const server = http.createServer((req, res) => handle(root, req, res, log));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const a = server.address();
      resolve({ server, origin: `http://${host}:${a.port}`, url: `http://${host}:${a.port}/web-demo/` });
    });
  });
}

function handle(root, req, res, log) {
  const done = (status, headers = {}, body) => {
    res.writeHead(status, { 'X-Content-Type-Options': 'nosniff', ...headers });
    res.end(body);
    if (log) console.log(`${status} ${req.method} ${req.url}`);
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') return done(405, { Allow: 'GET, HEAD' });
  let rel;
  try {
    rel = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/+/, '');
  } catch {
    return done(400);
  }
  if (rel === '' || rel === 'web-demo') return done(302, { Location: '/web-demo/' });
  if (rel.endsWith('/') || rel === '') rel += 'index.html';
  const file = path.join(root, rel);
  if (!SERVED.some((p) => rel.startsWith(p)) || rel.includes('..') || !file.startsWith(root)) {
    return done(404, { 'Content-Type': 'text/plain' }, 'not found\n');
  }
  let st;
  try {
    st = fs.statSync(file);
  } catch {
    return done(404, { 'Content-Type': 'text/plain' }, 'not found\n');
  }
  if (!st.isFile()) return done(404, { 'Content-Type': 'text/plain' }, 'not found\n');
  const etag = `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
  const headers = {
    'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream',
    'Cache-Control': 'no-cache',
    ETag: etag,
    'Last-Modified': st.mtime.toUTCString(),
  };
  if (req.headers['if-none-match'] === etag) return done(304, headers);
  headers['Content-Length'] = st.size;
  res.writeHead(200, { 'X-Content-Type-Options': 'nosniff', ...headers });
  if (req.method === 'HEAD') return res.end();
  fs.createReadStream(file).pipe(res);
  if (log) console.log(`200 ${req.method} ${req.url}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name, def) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : def;
  };
  const { url } = await serve({ port: Number(arg('--port', process.env.PORT || 8787)), host: arg('--host', '127.0.0.1'), log: process.argv.includes('--log') });
  if (!fs.existsSync(path.join(ROOT, 'dist/memcore.wasm'))) {
    console.warn('dist/memcore.wasm is missing: build it with `go run ./cmd/wasmbuild -targets js` (make web-demo does)');
  }
  console.log(`memcore web demo: ${url}   (Ctrl-C to stop)`);
}
