// snapshot() and restore() in Node move the database as bytes beside the JSON
// (__memcore.callBytes, args "binary": true), not as base64 inside it; the base64 path
// (what the browser's worker uses) still works and gives the same bytes.

import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';

import { memcore, packageDir, rejects } from './helpers.mjs';
import { startEngine } from '../bench/snapshot-bytes.mjs';

const { open } = await memcore();
const PKG = path.join(packageDir(), 'node_modules', 'memcore');

async function sizeOfEmpty() {
  const m = await open({ path: ':memory:' });
  await m.remember({ content: 'sized' });
  const n = (await m.snapshot()).length;
  await m.close();
  return n;
}

describe('snapshot bytes', () => {
  test('the Node entry moves bytes: a snapshot larger than base64 could carry round-trips', async () => {
    const s = await sizeOfEmpty();
    // As base64 in JSON a snapshot of s bytes needs a request of more than 4s/3 bytes: with
    // maxRequestBytes = s only the binary channel can move it.
    const src = await open({ path: ':memory:', limits: { maxRequestBytes: s } });
    await src.remember({ content: 'the user keeps bees in Lisbon' });
    const bytes = await src.snapshot();
    assert.equal(bytes.length, s);
    assert.equal(Object.getPrototypeOf(bytes), Uint8Array.prototype);
    const dst = await open({ path: ':memory:', limits: { maxRequestBytes: s } });
    const r = await dst.restore(bytes);
    assert.deepEqual(Object.keys(r).sort(), ['bytes', 'fromSchemaVersion', 'memories', 'schemaVersion']);
    assert.equal(r.memories, 1);
    assert.equal((await dst.recall('bees'))[0].memory.content, 'the user keeps bees in Lisbon');
    assert.deepEqual(await dst.snapshot(), await dst.snapshot(), 'an unchanged database snapshots to the same bytes');
    await Promise.all([src.close(), dst.close()]);
  });

  test('too_large still applies: maxRequestBytes bounds the bytes of a request', async () => {
    const s = await sizeOfEmpty();
    const small = await open({ path: ':memory:', limits: { maxRequestBytes: s - 1 } });
    await small.remember({ content: 'sized' });
    await rejects(() => small.snapshot(), 'too_large', undefined);
    const big = await open({ path: ':memory:' });
    await big.remember({ content: 'sized' });
    const bytes = await big.snapshot();
    await rejects(() => small.restore(bytes), 'too_large', 'data');
    await Promise.all([small.close(), big.close()]);
  });

  test('damaged bytes are refused on data, and nothing changes', async () => {
    const mem = await open({ path: ':memory:' });
    await mem.remember({ content: 'still here' });
    const good = await mem.snapshot();
    const damaged = good.slice();
    damaged.fill(0x5a, 4096, 8192); // a page of garbage
    await rejects(() => mem.restore(damaged), 'invalid_argument', 'data');
    await rejects(() => mem.restore(good.subarray(0, 100)), 'invalid_argument', 'data');
    await rejects(() => mem.restore('U1FMaXRl'), 'invalid_argument', 'data');
    assert.equal((await mem.recall('still'))[0].memory.content, 'still here');
    await mem.close();
  });

  test('the base64 path (no callBytes) still works and gives the same bytes', async () => {
    const json = await startEngine(PKG, { binary: false });
    assert.equal(json.client.binary, false);
    const src = await json.memory();
    await src.remember({ content: 'moved as base64' });
    const viaJSON = await src.snapshot();
    const dst = await json.memory();
    assert.equal((await dst.restore(viaJSON)).memories, 1);
    assert.equal((await dst.recall('base64'))[0].memory.content, 'moved as base64');
    const flipped = viaJSON.slice();
    flipped.set(new TextEncoder().encode('SQLite format 4'), 0);
    await rejects(() => dst.restore(flipped), 'invalid_argument', 'data');
    // What the binary channel moves (the first test), base64 in JSON cannot.
    const s = await sizeOfEmpty();
    const capped = await json.memory({ limits: { maxRequestBytes: s } });
    await capped.remember({ content: 'sized' });
    await rejects(() => capped.snapshot(), 'too_large', undefined);

    // One engine, both paths, one database: the same bytes.
    const both = await startEngine(PKG, { binary: true });
    assert.equal(both.client.binary, true);
    const conn = await both.connect();
    const m = both.shim.memoryView(conn, undefined);
    await m.remember({ content: 'either way' });
    const viaBytes = await m.snapshot();
    const r = await conn.call('snapshot', {});
    assert.equal(typeof r.data, 'string');
    assert.equal(r.bytes, viaBytes.length);
    assert.deepEqual(both.shim.fromBase64(r.data), viaBytes);
    // Through call alone, binary is refused: it needs callBytes.
    await rejects(() => conn.call('snapshot', { binary: true }), 'unsupported', 'binary');
    await rejects(() => conn.call('restore', { binary: true }), 'unsupported', 'binary');
  });
});
