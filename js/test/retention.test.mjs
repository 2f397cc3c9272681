// What the package keeps alive between calls (issue 15 item 4, docs/WASM.md "fourth
// round"): a settled request must leave nothing behind in the client — its response was
// once kept for the engine's whole life by a race with a never-settling Promise —, and
// the module's bytes are read outside malloc's heap (js/node-wasm-bytes.js) intact, and
// responses are decoded from linear memory by the loader (js/settle.js).

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

import { MemcoreError } from '../errors.js';
import { EngineClient } from '../memory.js';
import { readWasmBytes } from '../node-wasm-bytes.js';
import { Settler } from '../settle.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

/** Collects until the turn's microtasks and finalizers have run. */
async function collect() {
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setImmediate(r));
    gc();
  }
}

/**
 * A fake engine whose every answer is a fresh object (JSON.parse reads it through its
 * toString), so that a WeakRef can tell whether the client still holds it.
 */
function fakeEngine() {
  const answers = [];
  const api = {
    version: 'test',
    call() {
      const answer = { toString: () => '{"ok":true,"result":{"n":1}}' };
      answers.push(new WeakRef(answer));
      return Promise.resolve(answer);
    },
    callBytes() {
      const answer = { response: '{"ok":true,"result":{"n":2}}', bytes: new Uint8Array(1 << 16) };
      answers.push(new WeakRef(answer.bytes));
      return Promise.resolve(answer);
    },
  };
  return { api, answers };
}

describe('EngineClient retention', () => {
  test('RequestRetention_responseFreedAfterSettling', async () => {
    const { api, answers } = fakeEngine();
    const client = new EngineClient(api);
    for (let i = 0; i < 5; i++) assert.deepEqual(await client.request('stats', {}, 1), { n: 1 });
    await collect();
    assert.equal(answers.length, 5);
    assert.deepEqual(answers.map((w) => w.deref() === undefined), [true, true, true, true, true],
      'a settled request still holds its response');
  });

  test('RequestRetention_bytesFreedAfterSettling', async () => {
    const { api, answers } = fakeEngine();
    const client = new EngineClient(api);
    const out = await client.requestBytes('snapshot', {}, 1, null);
    assert.deepEqual(out.result, { n: 2 });
    assert.equal(out.bytes.length, 1 << 16);
    out.bytes = null;
    await collect();
    assert.equal(answers[0].deref(), undefined, 'a settled requestBytes still holds its bytes');
  });

  test('RequestRetention_stopRejectsInFlight', async () => {
    const client = new EngineClient({ version: 'test', call: () => new Promise(() => {}) });
    const pending = [client.request('stats', {}, 1), client.request('stats', {}, 2)];
    const err = new MemcoreError('internal', 'stopped for the test');
    client.stop(err);
    for (const p of pending) await assert.rejects(p, (e) => e === err);
    await assert.rejects(client.request('stats', {}, 1), (e) => e === err);
  });

  test('RequestRetention_rejectionPassesThrough', async () => {
    const boom = new TypeError('not a string');
    const client = new EngineClient({ version: 'test', call: () => Promise.reject(boom) });
    await assert.rejects(client.request('stats', {}, 1), (e) => e === boom);
    assert.equal(client.dead, null);
  });
});

describe('readWasmBytes', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'memcore-wasmbytes-'));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  for (const size of [0, 1, 65535, 65536, 65537, 300001]) {
    test(`ReadWasmBytes_sameAsReadFile_${size}`, () => {
      const file = path.join(tmp, `m${size}`);
      const want = Buffer.alloc(size);
      for (let i = 0; i < size; i++) want[i] = (i * 31 + 7) & 0xff;
      fs.writeFileSync(file, want);
      const got = readWasmBytes(pathToFileURL(file));
      assert.equal(got.length, size);
      assert.ok(Buffer.from(got.buffer, got.byteOffset, got.length).equals(want));
    });
  }

  test('ReadWasmBytes_missingFileThrows', () => {
    assert.throws(() => readWasmBytes(pathToFileURL(path.join(tmp, 'absent.wasm'))), /ENOENT/);
  });
});

describe('Settler', () => {
  /** A fake engine: callSettled writes the response into memory and settles it later. */
  function fakeSettled(memory, settler, answer) {
    const enc = new TextEncoder();
    return {
      version: 'test',
      callSettled(text, id) {
        if (typeof text !== 'string' || typeof id !== 'number') return false;
        setImmediate(() => {
          const bytes = enc.encode(answer(text));
          new Uint8Array(memory.buffer).set(bytes, 1024);
          settler.settle(id, 1024, bytes.length);
          new Uint8Array(memory.buffer).fill(0, 1024, 1024 + bytes.length); // Go reuses the bytes after settle
        });
        return true;
      },
      call() {
        throw new Error('call must not be used when callSettled is there');
      },
    };
  }

  test('Settler_decodesFromMemory', async () => {
    const memory = new WebAssembly.Memory({ initial: 2 });
    const settler = new Settler(memory);
    const api = settler.wrap(fakeSettled(memory, settler, (t) => `{"echo":${t},"cjk":"用户喜欢火锅 😀"}`));
    const [a, b] = await Promise.all([api.call('1'), api.call('"two"')]);
    assert.equal(a, '{"echo":1,"cjk":"用户喜欢火锅 😀"}');
    assert.equal(b, '{"echo":"two","cjk":"用户喜欢火锅 😀"}');
    assert.equal(settler.pending, 0);
  });

  test('Settler_throughEngineClient', async () => {
    const memory = new WebAssembly.Memory({ initial: 2 });
    const settler = new Settler(memory);
    const client = new EngineClient(settler.wrap(fakeSettled(memory, settler, (t) => JSON.stringify({ ok: true, result: { op: JSON.parse(t).op } }))));
    assert.deepEqual(await client.request('stats', {}, 1), { op: 'stats' });
  });

  test('Settler_refusedCallRejects', async () => {
    const memory = new WebAssembly.Memory({ initial: 1 });
    const settler = new Settler(memory);
    const api = settler.wrap({ version: 'test', callSettled: () => false, call() {} });
    await assert.rejects(api.call('{}'), TypeError);
    assert.equal(settler.pending, 0);
  });

  test('Settler_oldEngineKeepsCall', () => {
    const memory = new WebAssembly.Memory({ initial: 1 });
    const api = { version: 'old', call: () => Promise.resolve('{}') };
    assert.equal(new Settler(memory).wrap(api), api);
  });
});
