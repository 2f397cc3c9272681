// Bundles the Worker into build/ for workerd.capnp — the way wrangler bundles it for
// `wrangler dev` and `wrangler deploy` (esbuild, ES modules, the "workerd" export
// condition; .wasm imports stay separate modules) — and prints the upload's size.
//
//   node build.mjs [--outdir build] [--quiet]
//
// `npm run build` runs it; the test and the benchmark call build() directly. wrangler is
// the tool for deploying (README.md); this script exists because the repository's tests
// run on Node 20, which wrangler 4 no longer starts on, and so drive workerd directly.

import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/**
 * Bundles src/worker.js into outdir/worker.js, and copies each imported .wasm file beside
 * it under its base name (workerd.capnp names memcore.wasm). Returns the upload's files
 * with their raw and gzip sizes.
 */
export async function build({ outdir = path.join(here, 'build'), quiet = false } = {}) {
  const esbuild = require('esbuild');
  fs.mkdirSync(outdir, { recursive: true });
  const wasmFiles = new Map();
  const notes = [];

  const memcorePlugin = {
    name: 'memcore-workerd-entry',
    setup(b) {
      // Until memcore's package.json has the "workerd" export condition (listed before
      // "browser", which wrangler's conditions also match), the package resolves to its
      // Node or browser entry: take js/workerd.js of the same package instead.
      b.onResolve({ filter: /^memcore$/ }, async (args) => {
        if (args.pluginData?.memcore) return undefined;
        const r = await b.resolve('memcore', { kind: args.kind, resolveDir: args.resolveDir, pluginData: { memcore: true } });
        if (r.errors.length) return { errors: r.errors };
        const entry = path.join(path.dirname(r.path), 'workerd.js');
        if (path.basename(r.path) !== 'workerd.js' && fs.existsSync(entry)) {
          notes.push(`memcore's package.json resolves to ${path.basename(r.path)} for workerd (no "workerd" export condition before "browser" yet): bundling its js/workerd.js directly`);
          return { path: entry };
        }
        return r;
      });
      // .wasm imports become separate wasm modules (wrangler's CompiledWasm rule).
      b.onResolve({ filter: /\.wasm$/ }, (args) => {
        const abs = path.resolve(args.resolveDir, args.path);
        const name = path.basename(abs);
        const prev = wasmFiles.get(name);
        if (prev && prev !== abs) return { errors: [{ text: `two wasm modules named ${name}` }] };
        wasmFiles.set(name, abs);
        return { path: `./${name}`, external: true };
      });
    },
  };

  const result = await esbuild.build({
    entryPoints: [path.join(here, 'src', 'worker.js')],
    outfile: path.join(outdir, 'worker.js'),
    bundle: true,
    format: 'esm',
    target: 'es2022',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    external: ['cloudflare:*', 'node:*'],
    plugins: [memcorePlugin],
    logLevel: 'silent',
    legalComments: 'none',
    metafile: true,
  });
  for (const w of result.warnings) notes.push(`esbuild: ${w.text}`);
  for (const [name, abs] of wasmFiles) fs.copyFileSync(abs, path.join(outdir, name));

  const files = ['worker.js', ...wasmFiles.keys()].map((name) => {
    const data = fs.readFileSync(path.join(outdir, name));
    return { name, raw: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length };
  });
  const total = { raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) };
  if (!quiet) {
    for (const n of new Set(notes)) console.error(`note: ${n}`);
    for (const f of files) console.log(`${f.name.padEnd(14)} ${kib(f.raw)} / gzip: ${kib(f.gzip)}`);
    console.log(`Total Upload: ${kib(total.raw)} / gzip: ${kib(total.gzip)}`);
  }
  return { outdir, files, total, notes: [...new Set(notes)] };
}

function kib(n) {
  return `${(n / 1024).toFixed(2)} KiB`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const i = args.indexOf('--outdir');
  await build({ outdir: i >= 0 ? path.resolve(args[i + 1]) : undefined, quiet: args.includes('--quiet') });
}
