// How the js build hands a call's response to JavaScript without the Go program holding
// any JavaScript value of the request (wasm/js/settle.go; docs/WASM.md, "fourth round:
// where the process's memory goes").

/**
 * Settled calls for one engine instance whose linear memory is memory. Before the Go
 * program starts, the loader sets globalThis.__memcore_settle = settler.settle; once it
 * is ready, settler.wrap(globalThis.__memcore) is the engine's api for EngineClient, with
 * call(request) going through __memcore.callSettled(request, id).
 *
 * Why: the Go program keeps every JavaScript value it holds — call's Promise, its resolve
 * and reject functions — referenced from wasm_exec.js's table of values until Go's
 * collector finalizes it, during a later call. The Promise holds its response (0.6 MB
 * for a 1,000-memory remember), which V8 then promoted to its old generation at a
 * scavenge during the next call, where it stayed dead until a full collection. Here the
 * Promise and its resolve function live only in JavaScript, and the response is decoded
 * from linear memory into a string that only the caller references.
 */
export class Settler {
  #memory;
  #decoder = new TextDecoder('utf-8');
  #pending = new Map();
  #next = 0;

  /** memory is the instance's exported WebAssembly.Memory (instance.exports.mem). */
  constructor(memory) {
    this.#memory = memory;
  }

  /**
   * globalThis.__memcore_settle(id, ptr, len): decodes the response's len bytes at ptr —
   * synchronously: the Go side keeps them in place only for this call — and resolves
   * request id with it.
   */
  settle = (id, ptr, len) => {
    const resolve = this.#pending.get(id);
    if (!resolve) return;
    this.#pending.delete(id);
    resolve(this.#decoder.decode(new Uint8Array(this.#memory.buffer, ptr, len)));
  };

  /** The number of requests sent through wrap's call and not yet answered. */
  get pending() {
    return this.#pending.size;
  }

  /**
   * The engine's api ({version, call, callBytes}) with call through callSettled, or api
   * itself when this engine has no callSettled (a build from before it).
   */
  wrap(api) {
    if (typeof api.callSettled !== 'function') return api;
    return {
      version: api.version,
      callBytes: typeof api.callBytes === 'function' ? (text, bytes) => api.callBytes(text, bytes) : undefined,
      call: (text) =>
        new Promise((resolve, reject) => {
          const id = ++this.#next;
          this.#pending.set(id, resolve);
          let sent = false;
          try {
            sent = api.callSettled(text, id) === true;
          } finally {
            if (!sent) {
              this.#pending.delete(id);
              reject(new TypeError('__memcore.callSettled takes one string: a JSON request (and the engine must have __memcore_settle)'));
            }
          }
        }),
    };
  }
}
