// snapshot() and restore(bytes) through the packed package: a database round-trips into a
// fresh ':memory:' one (and a file), every namespace with it; what is not a snapshot is
// refused with invalid_argument on `data` and changes nothing.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';

import { memcore, rejects, tempDir } from './helpers.mjs';

const { open } = await memcore();

const MAGIC = 'SQLite format 3\0';

describe('snapshot and restore', () => {
  test('snapshot → restore into a fresh in-memory database → recall', async () => {
    const src = await open({ path: ':memory:' });
    const m = await src.remember({ type: 'preference', content: '用户喜欢用 Python 写脚本', importance: 0.8 });
    await src.withNamespace('bob').remember({ content: 'Bob keeps bees' });
    await src.appendTurns('s1', [{ role: 'user', content: 'I am flying to Beijing tomorrow' }]);
    await src.documents.set('USER', 'Ada');
    await src.plan.set('s1', { goal: 'Trip' });

    const bytes = await src.snapshot();
    assert.ok(bytes instanceof Uint8Array);
    assert.equal(Object.getPrototypeOf(bytes), Uint8Array.prototype, 'a plain Uint8Array');
    assert.equal(new TextDecoder().decode(bytes.subarray(0, 16)), MAGIC);
    assert.equal(bytes.length % 4096, 0);
    await src.close();

    const dst = await open({ path: ':memory:' });
    await dst.remember({ content: 'replaced by the restore' });
    const r = await dst.restore(bytes);
    assert.deepEqual(Object.keys(r).sort(), ['bytes', 'fromSchemaVersion', 'memories', 'schemaVersion']);
    assert.equal(r.bytes, bytes.length);
    assert.equal(r.memories, 1, 'live memories of the default namespace');
    assert.equal(r.fromSchemaVersion, r.schemaVersion);
    const hits = await dst.recall('脚本');
    assert.equal(hits[0].memory.id, m.id);
    assert.deepEqual(await dst.recall('restore'), [], 'the old content is gone');
    assert.equal((await dst.withNamespace('bob').recall('bees'))[0].memory.content, 'Bob keeps bees', 'every namespace');
    assert.equal((await dst.searchTurns('Beijing'))[0].turn.sessionId, 's1');
    assert.equal((await dst.documents.get('USER')).content, 'Ada');
    assert.equal((await dst.plan.get('s1')).goal, 'Trip');
    assert.equal((await dst.withNamespace('bob').restore(bytes)).memories, 1, 'counted in the view\'s namespace');
    await dst.close();
  });

  test('into a file, from an ArrayBuffer and a Buffer', async (t) => {
    const src = await open({ path: ':memory:' });
    await src.remember({ content: 'The user runs Linux on a ThinkPad' });
    const bytes = await src.snapshot();
    await src.close();

    const file = path.join(tempDir(t), 'restored.db');
    const dst = await open({ path: file });
    const ab = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    assert.equal((await dst.restore(ab)).memories, 1);
    assert.equal((await dst.restore(Buffer.from(bytes))).memories, 1);
    await dst.close();
    const again = await open({ path: file });
    assert.equal((await again.recall('ThinkPad'))[0].memory.content, 'The user runs Linux on a ThinkPad');
    await again.close();
    assert.equal(fs.readFileSync(file).subarray(0, 16).toString('latin1'), MAGIC);
  });

  test('garbage is refused on data, and nothing changes', async () => {
    const mem = await open({ path: ':memory:' });
    await mem.remember({ content: 'still here' });
    const good = await mem.snapshot();
    await rejects(() => mem.restore(new TextEncoder().encode('this is not a database')), 'invalid_argument', 'data');
    await rejects(() => mem.restore(new Uint8Array(0)), 'invalid_argument', 'data');
    await rejects(() => mem.restore(good.subarray(0, good.length - 100)), 'invalid_argument', 'data');
    const flipped = good.slice();
    flipped.set(new TextEncoder().encode('SQLite format 4'), 0);
    await rejects(() => mem.restore(flipped), 'invalid_argument', 'data');
    // Not bytes at all: refused before the engine.
    for (const bad of ['U1FMaXRlIGZvcm1hdCAzAA==', [83, 81, 76], { data: good }, null, undefined, 42]) {
      await rejects(() => mem.restore(bad), 'invalid_argument', 'data');
    }
    assert.equal((await mem.recall('still'))[0].memory.content, 'still here');
    await mem.close();
  });

  test('a read-only database cannot be restored', async (t) => {
    const file = path.join(tempDir(t), 'ro.db');
    const w = await open({ path: file });
    await w.remember({ content: 'x' });
    const bytes = await w.snapshot();
    await w.close();
    const ro = await open({ path: file, readOnly: true });
    assert.equal((await ro.snapshot()).length, bytes.length, 'a read-only database can be snapshot');
    await rejects(() => ro.restore(bytes), 'unsupported', undefined);
    await ro.close();
  });
});
