// Hostile inputs (issue 14, item 4; docs/RELIABILITY.md "Hostile inputs").
//
// 1. The protocol's hostile-input table (internal/prototest/hostile.go, printed as JSON by
//    `go run ./internal/prototest/hostilecases`) sent as raw text through the js build in
//    Node, exactly as the Go runners send it natively and under wazero: the same code and
//    field, the seed memory untouched, and a refused write followed by a snapshot that
//    restores (integrity_check).
// 2. Values only JavaScript can make, through the Memory API: BigInt, functions, symbols,
//    cycles, typed arrays, __proto__ getters, Proxies that throw, lone surrogates, deep
//    nesting. Each is a MemcoreError with code and field, never a TypeError or RangeError,
//    and the database is unchanged afterwards.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';

import { ROOT, memcore, packageDir, rejects } from './helpers.mjs';
import { startEngine } from '../bench/snapshot-bytes.mjs';

const { open } = await memcore();
const PKG = path.join(packageDir(), 'node_modules', 'memcore');

const table = JSON.parse(
  execFileSync('go', ['run', './internal/prototest/hostilecases'], { cwd: ROOT, maxBuffer: 512 << 20, encoding: 'utf8' }),
);

describe('the protocol hostile-input table, raw through the js build', async () => {
  const engine = await startEngine(PKG, { binary: true });
  const send = async (db, text) => {
    const withDB = `{"db":${db},${text.slice(1)}`;
    return JSON.parse(await engine.raw(withDB));
  };
  const ok = (res, what) => {
    if (!res.ok) assert.fail(`${what}: ${JSON.stringify(res.error)}`);
    return res.result;
  };

  test('the table is the one the Go runners use', () => {
    assert.ok(table.cases.length >= 80, `${table.cases.length} cases`);
  });

  for (const c of table.cases) {
    test(c.name, async () => {
      const conn = await engine.connect();
      try {
        const seed = ok(await send(conn.db, table.seed), 'seed');
        const seedID = JSON.stringify(seed.memories[0].id);
        const args = c.args.replaceAll('$SEED', seedID);
        const n = Math.max(c.repeat ?? 0, 1);
        for (let i = 0; i < n; i++) {
          const a = n > 1 ? args.replaceAll('%d', String(i)) : args;
          const res = await send(conn.db, `{"v":1,"id":${i},"op":${JSON.stringify(c.op)},"args":${a}}`);
          if (!c.code) {
            ok(res, c.name);
            continue;
          }
          assert.equal(res.ok, false, `${c.name}: want ${c.code}, got ok`);
          assert.equal(res.error.code, c.code, `${c.name}: ${res.error.message}`);
          assert.equal(res.error.field, c.field || undefined, `${c.name}: field (${res.error.message})`);
          assert.ok(res.error.message.length > 0);
        }
        const get = ok(await send(conn.db, `{"v":1,"op":"get","args":{"id":${seedID}}}`), 'get seed');
        assert.equal(get.memory.content, table.seedContent);
        if (c.code || n > 1) {
          assert.equal(ok(await send(conn.db, '{"v":1,"op":"stats","args":{}}'), 'stats').memories, 1);
        }
        if (c.code && c.write) {
          const snap = ok(await send(conn.db, '{"v":1,"op":"snapshot","args":{}}'), 'snapshot');
          const r = ok(await send(conn.db, `{"v":1,"op":"restore","args":{"data":${JSON.stringify(snap.data)}}}`), 'restore');
          assert.equal(r.memories, 1);
        }
      } finally {
        await conn.close();
      }
    });
  }
});

/** A fresh in-memory database holding one memory; check() asserts it is still alone. */
async function seeded() {
  const mem = await open({ path: ':memory:' });
  const seed = await mem.remember({ content: 'the seedling memory: the user keeps bees in Lisbon' });
  const check = async () => {
    assert.equal((await mem.stats()).memories, 1);
    assert.equal((await mem.get(seed.id)).content, 'the seedling memory: the user keeps bees in Lisbon');
  };
  return { mem, seed, check };
}

describe('values only JavaScript makes, through the Memory API', () => {
  const deep = (n) => {
    let v = 1;
    for (let i = 0; i < n; i++) v = { a: v };
    return v;
  };
  const cyclic = () => {
    const o = { content: 'loop' };
    o.self = o;
    return o;
  };
  const cases = [
    ['BigInt importance', (m) => m.remember({ content: 'x', importance: 1n }), 'invalid_argument', 'memory.importance'],
    ['BigInt in metadata', (m) => m.remember({ content: 'x', metadata: { n: 2n ** 64n } }), 'invalid_argument', 'memory.metadata.n'],
    ['function as content', (m) => m.remember({ content: () => 'x' }), 'invalid_argument', 'memory.content'],
    ['symbol in tags', (m) => m.remember({ content: 'x', tags: [Symbol('t')] }), 'invalid_argument', 'memory.tags[0]'],
    ['cyclic memory', (m) => m.remember(cyclic()), 'invalid_argument', 'memory.self'],
    ['cyclic metadata', (m) => { const md = {}; md.me = md; return m.remember({ content: 'x', metadata: md }); }, 'invalid_argument', 'memory.metadata.me'],
    ['Uint8Array as content', (m) => m.remember({ content: new Uint8Array([104, 105]) }), 'invalid_argument', 'memory.content'],
    ['Float64Array as tags', (m) => m.remember({ content: 'x', tags: new Float64Array(2) }), 'invalid_argument', 'memory.tags'],
    ['Map as metadata', (m) => m.remember({ content: 'x', metadata: new Map([['a', 1]]) }), 'invalid_argument', 'memory.metadata'],
    ['NaN importance', (m) => m.remember({ content: 'x', importance: NaN }), 'invalid_argument', 'memory.importance'],
    ['Infinity confidence', (m) => m.remember({ content: 'x', confidence: Infinity }), 'invalid_argument', 'memory.confidence'],
    ['invalid Date', (m) => m.remember({ content: 'x', expiresAt: new Date('nope') }), 'invalid_argument', 'memory.expiresAt'],
    ['Date past year 9999', (m) => m.remember({ content: 'x', expiresAt: new Date(8.64e15) }), 'invalid_argument', 'memory.expiresAt'],
    ['number past 2^53 as limit', (m) => m.recall('bees', { limit: 2 ** 53 + 2 }), 'invalid_argument', 'limit'],
    ['lone surrogate content', (m) => m.remember({ content: 'bees \ud800' }), 'invalid_argument', 'memory.content'],
    ['lone surrogate query', (m) => m.recall('bees \udc00'), 'invalid_argument', 'query'],
    ['lone surrogate metadata key', (m) => m.remember({ content: 'x', metadata: { ['k\ud800']: 1 } }), 'invalid_argument', 'memory.metadata.k\ufffd'],
    ['JSON.parse __proto__ own key in metadata', (m) => m.remember({ content: 'x', metadata: JSON.parse('{"__proto__":{"isAdmin":true}}') }), 'invalid_argument', 'memory.metadata.__proto__'],
    ['__proto__ member (own, from JSON.parse)', (m) => m.remember(JSON.parse('{"content":"x","__proto__":{"importance":1}}')), 'invalid_argument', 'memory.__proto__'],
    ['getter that throws', (m) => m.remember({ content: 'x', get title() { throw new Error('boom'); } }), 'invalid_argument', 'memory.title'],
    ['Proxy that throws on ownKeys', (m) => m.remember(new Proxy({ content: 'x' }, { ownKeys() { throw new Error('trap'); } })), 'invalid_argument', 'memory'],
    ['metadata nested 100,000 deep', (m) => m.remember({ content: 'x', metadata: deep(100_000) }), 'invalid_argument', /^memory\.metadata(\.a)+$/],
    ['id that cannot exist', (m) => m.get('no such id'), 'invalid_argument', 'id'],
    ['id as an object', (m) => m.get({ toString: () => 'x' }), 'invalid_argument', 'id'],
    ['undefined in an array', (m) => m.remember({ content: 'x', tags: ['a', undefined] }), 'invalid_argument', 'memory.tags[1]'],
    ['megabyte content', (m) => m.remember({ content: 'm'.repeat(1 << 20) }), 'too_large', 'memory.content'],
    ['NUL in a tag', (m) => m.remember({ content: 'x', tags: ['a\0b'] }), 'invalid_argument', 'memory.tags[0]'],
    ['limit 0', (m) => m.list({ limit: 0 }), 'invalid_argument', 'limit'],
  ];
  for (const [name, call, code, field] of cases) {
    test(name, async () => {
      const { mem, check } = await seeded();
      try {
        if (field instanceof RegExp) {
          const err = await call(mem).then(() => null, (e) => e);
          assert.equal(err?.name, 'MemcoreError', String(err));
          assert.equal(err.code, code);
          assert.match(err.field, field);
        } else {
          await rejects(() => call(mem), code, field);
        }
        await check();
      } finally {
        await mem.close();
      }
    });
  }

  test('an inherited __proto__ getter is not sent (own enumerable members only)', async () => {
    const { mem, check } = await seeded();
    try {
      const proto = { get importance() { throw new Error('read the prototype'); } };
      const m = Object.create(proto);
      m.content = 'made with Object.create';
      const stored = await mem.remember(m);
      assert.equal(stored.importance, 0.5);
      assert.equal((await mem.stats()).memories, 2);
      await mem.forget(stored.id);
      await check();
      assert.equal(Object.prototype.isAdmin, undefined, 'no prototype was polluted');
    } finally {
      await mem.close();
    }
  });

  test('constructor and prototype keys of metadata come back as data', async () => {
    const mem = await open({ path: ':memory:' });
    try {
      const stored = await mem.remember({ content: 'x', metadata: { constructor: 'c', prototype: 'p' } });
      const got = await mem.get(stored.id);
      assert.equal(got.metadata.constructor, 'c');
      assert.equal(Object.getPrototypeOf(got.metadata), Object.prototype);
      assert.equal({}.constructor, Object);
    } finally {
      await mem.close();
    }
  });
});
