// memcore's Dedicated Worker (a classic script, started by js/browser.js): it loads the
// wasm engine with Go's wasm_exec.js and relays protocol requests from the page to it and
// the engine's host callbacks (embeddings, LLM) back to the page. OPFS databases live
// here: FileSystemSyncAccessHandle, which the engine's OPFS VFS reads and writes through,
// exists only in a Dedicated Worker. Nothing else runs in this worker.
//
// Messages (structured clone; requests and responses are JSON strings):
//   page → worker  {t:'init', wasmURL, wasmExecURL, bench?}
//                  {t:'call', id, req}
//                  {t:'hostres', cb, ok, value | error}
//   worker → page  {t:'ready', version, timing, streaming} | {t:'error', message}
//                  {t:'res', id, res}
//                  {t:'host', cb, db, kind, payload}
//                  {t:'exit', message}
'use strict';

let engine = null;
let nextCallback = 0;
const callbacks = new Map(); // cb → {resolve, reject}: host callbacks awaiting the page

self.onmessage = (ev) => {
  const m = ev.data;
  switch (m && m.t) {
    case 'init':
      start(m);
      break;
    case 'call':
      callEngine(m.req).then(
        (res) => self.postMessage({ t: 'res', id: m.id, res }),
        (err) => self.postMessage({ t: 'res', id: m.id, error: String((err && err.message) || err) }),
      );
      break;
    case 'hostres': {
      const p = callbacks.get(m.cb);
      if (!p) break;
      callbacks.delete(m.cb);
      if (m.ok) p.resolve(m.value);
      else p.reject(new Error(m.error));
      break;
    }
  }
};

// Responses through __memcore.callSettled, as js/settle.js does for Node (docs/WASM.md,
// "fourth round: where the process's memory goes"): the Go program holds no Promise of a
// call, so a response is not kept alive until Go's next collection; it is decoded here
// from linear memory and referenced only by the postMessage that carries it.
let memory = null; // the instance's linear memory
let nextSettle = 0;
const settling = new Map(); // id → resolve of a callSettled request
const decoder = new TextDecoder('utf-8');
self.__memcore_settle = (id, ptr, len) => {
  const resolve = settling.get(id);
  if (!resolve) return;
  settling.delete(id);
  resolve(decoder.decode(new Uint8Array(memory.buffer, ptr, len)));
};

/** callEngine sends one request: through callSettled when the engine has it, else call. */
function callEngine(req) {
  if (typeof engine.callSettled !== 'function' || !memory) return engine.call(req);
  return new Promise((resolve, reject) => {
    const id = ++nextSettle;
    settling.set(id, resolve);
    if (engine.callSettled(req, id) !== true) {
      settling.delete(id);
      reject(new TypeError('__memcore.callSettled refused the request'));
    }
  });
}

/** globalThis.__memcore_host: the engine's callbacks, answered by the page. */
function host(db, kind, payload) {
  return new Promise((resolve, reject) => {
    const cb = ++nextCallback;
    callbacks.set(cb, { resolve, reject });
    self.postMessage({ t: 'host', cb, db, kind, payload });
  });
}

async function start({ wasmURL, wasmExecURL, bench }) {
  const t0 = performance.now();
  try {
    if (bench) self.__memcore_opfs_bench = bench;
    // The engine's download starts first; Go's wasm_exec.js loads meanwhile.
    const fetching = fetch(wasmURL, { credentials: 'same-origin' });
    fetching.catch(() => {}); // awaited below
    // OPFS's root directory, asked for now (internal/opfs/root_js.go): a visit's first
    // getDirectory takes 20–150 ms, which then overlaps the download and compile instead
    // of the first open. A failure is left to the open, which asks again and reports it.
    if (typeof self.navigator?.storage?.getDirectory === 'function') {
      try {
        self.__memcore_opfs_root = self.navigator.storage.getDirectory();
        self.__memcore_opfs_root.catch(() => {});
      } catch {
        // no OPFS here: the open reports it
      }
    }
    importScripts(wasmExecURL);
    const go = new self.Go();
    go.argv = ['memcore'];
    go.env = {};
    let exitCode = 0;
    go.exit = (code) => {
      exitCode = code;
    };

    // Streaming compilation of a cacheable application/wasm response is what lets
    // Chromium keep the optimised code between visits (docs/BROWSER.md).
    const response = await fetching;
    if (!response.ok) throw new Error(`fetching ${wasmURL} failed: HTTP ${response.status}`);
    const tFetched = performance.now();
    let module;
    let streaming = true;
    const type = (response.headers.get('Content-Type') || '').split(';')[0].trim().toLowerCase();
    if (type === 'application/wasm' && typeof WebAssembly.compileStreaming === 'function') {
      module = await WebAssembly.compileStreaming(response);
    } else {
      streaming = false;
      console.warn(`memcore: ${wasmURL} is served as ${JSON.stringify(type || 'no type')}, not application/wasm: ` +
        'compiling it without streaming, and the browser will not cache its compiled code');
      module = await WebAssembly.compile(await response.arrayBuffer());
    }
    const tCompiled = performance.now();
    const instance = await WebAssembly.instantiate(module, go.importObject);
    const tInstantiated = performance.now();
    memory = instance.exports.mem;

    const ready = new Promise((resolve) => {
      self.__memcore_ready = resolve;
    });
    self.__memcore_host = host;
    const stopped = go.run(instance).then(
      () => `memcore's wasm engine stopped (exit code ${exitCode}); its databases are closed — open them again`,
      (err) => `memcore's wasm engine failed: ${(err && err.message) || err}`,
    );
    stopped.then((message) => self.postMessage({ t: 'exit', message }));
    const first = await Promise.race([ready.then(() => null), stopped]);
    if (first) throw new Error(first);
    engine = self.__memcore;
    self.postMessage({
      t: 'ready',
      version: engine.version,
      streaming,
      timing: {
        // ms since the worker started running this script's start()
        fetch: tFetched - t0, // headers received (includes loading wasm_exec.js)
        compile: tCompiled - tFetched, // the rest of the download, overlapped with compilation
        instantiate: tInstantiated - tCompiled,
        start: performance.now() - tInstantiated, // Go's runtime and package init
        total: performance.now() - t0,
      },
    });
  } catch (err) {
    self.postMessage({ t: 'error', message: String((err && err.message) || err) });
  }
}
