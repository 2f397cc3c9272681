// Runs the example's workerd.capnp with the workerd binary of the npm package `workerd`
// (the one wrangler runs for `wrangler dev`): on 127.0.0.1, on a port the kernel picks
// (reported through --control-fd), with the Durable Objects' storage in a given directory.
// Nothing is downloaded and nothing but 127.0.0.1 is contacted.

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const exampleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** The path of the workerd binary the `workerd` package installed. */
export function workerdBinary() {
  return path.join(path.dirname(require.resolve('workerd/package.json')), 'bin', 'workerd');
}

/**
 * Starts workerd serving the example (build/ must have been built) with its Durable
 * Object storage in storageDir and the given extra environment (MEMCORE_API_TOKEN,
 * MEMCORE_HEAT_FLUSH_SECONDS). Resolves once it listens, with { url, port, pid,
 * startMs, log(), stop() }.
 */
export async function startWorkerd({ storageDir, env = {}, extraArgs = [], timeoutMs = 120_000 } = {}) {
  const t0 = performance.now();
  const child = spawn(
    workerdBinary(),
    [
      'serve',
      path.join(exampleDir, 'workerd.capnp'),
      '--socket-addr',
      'http=127.0.0.1:0',
      '--directory-path',
      `do-storage=${storageDir}`,
      '--control-fd',
      '3',
      ...extraArgs,
    ],
    {
      cwd: exampleDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  const port = await new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`workerd did not listen within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.stdio[3].on('data', (d) => {
      buf += d;
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        let msg;
        try {
          msg = JSON.parse(line);
        } catch {
          continue;
        }
        if (msg.event === 'listen' && msg.socket === 'http') {
          clearTimeout(timer);
          resolve(msg.port);
        }
      }
    });
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`workerd exited (${code ?? signal}) before it listened:\n${output}`));
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    startMs: performance.now() - t0,
    log: () => output,
    exited,
    /** Stops workerd (SIGTERM, then SIGKILL after 10 s) and waits for it to exit. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const r = await exited;
      clearTimeout(t);
      return r;
    },
  };
}

/** The resident set size of a process in bytes (Linux /proc), or undefined. */
export async function rssBytes(pid) {
  const fs = await import('node:fs/promises');
  try {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One request to a running workerd (base: its URL), timed: { ms, json (when the answer is
 * JSON), bytes }. A status of 300 or more throws with the start of the body. For the benches.
 */
export async function timedRequest(base, method, route, body) {
  const t0 = performance.now();
  const res = await fetch(base + route, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
  const buf = await res.arrayBuffer();
  const t = performance.now() - t0;
  if (res.status >= 300) throw new Error(`${method} ${route} → ${res.status}: ${new TextDecoder().decode(buf).slice(0, 300)}`);
  const isJSON = (res.headers.get('content-type') ?? '').startsWith('application/json');
  return { ms: t, json: isJSON ? JSON.parse(new TextDecoder().decode(buf)) : undefined, bytes: buf.byteLength };
}
