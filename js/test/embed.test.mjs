// The embed callback: the engine calls the JS embed function of the database it works on
// (through globalThis.__memcore_host of the private global), and hybrid recall finds a
// memory that shares no word with the query.

import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';

import { memcore, tempDir } from './helpers.mjs';

const { open } = await memcore();

// A deterministic toy embedder: each text is a bag of "concepts" (words of one concept in
// any language map to the same axis), plus a small hashed remainder so that no vector is
// zero. Real hosts pass a model's embed function.
const CONCEPTS = [
  ['car', 'cars', 'automobile', 'vehicle', 'sedan', '汽车', '车'],
  ['food', 'dinner', 'lunch', 'restaurant', 'noodles', '吃饭', '面条'],
  ['sleep', 'bed', 'tired', 'nap', '睡觉'],
  ['money', 'budget', 'price', 'salary', '钱'],
];
const DIM = CONCEPTS.length + 8;

function toyEmbed(text) {
  const v = new Array(DIM).fill(0);
  const words = text.toLowerCase().match(/[a-z]+|[\u4e00-\u9fff]+/g) || [];
  for (const w of words) {
    const c = CONCEPTS.findIndex((ws) => ws.some((x) => w === x || (x.length > 1 && w.includes(x) && /[\u4e00-\u9fff]/.test(x))));
    if (c >= 0) v[c] += 1;
    else v[CONCEPTS.length + ([...w].reduce((h, ch) => (h * 31 + ch.codePointAt(0)) >>> 0, 7) % 8)] += 0.1;
  }
  v[DIM - 1] += 0.01;
  return v;
}

describe('embed', () => {
  test('hybrid recall finds a memory that shares no token with the query', async (t) => {
    const calls = [];
    const embed = async (texts) => {
      calls.push(texts);
      await new Promise((r) => setTimeout(r, 1)); // really asynchronous
      return texts.map(toyEmbed);
    };
    const mem = await open({ path: path.join(tempDir(t), 'e.db'), embed });
    await mem.remember([
      { content: 'Lin bought a new automobile last week' },
      { content: 'The team had noodles for dinner' },
      { content: 'Quarterly budget review on Friday' },
    ]);
    assert.ok(calls.length >= 1, 'remember embedded the memories');
    assert.deepEqual(calls[0], ['Lin bought a new automobile last week', 'The team had noodles for dinner', 'Quarterly budget review on Friday']);

    const bm25Only = await mem.recall('car', { peek: true });
    const hits = await mem.recall('car', { explain: true });
    assert.equal(hits[0].memory.content, 'Lin bought a new automobile last week');
    assert.ok(hits[0].components.vector > 0.5, `vector similarity ${hits[0].components.vector}`);
    assert.equal(hits[0].components.bm25, 0, 'no shared token');
    assert.ok(bm25Only.length >= 1);
    // Across languages, the same way: 汽车 is on the car axis.
    assert.equal((await mem.recall('汽车'))[0].memory.content, 'Lin bought a new automobile last week');
    const st = await mem.stats();
    assert.equal(st.vectors, 3);
    assert.equal(st.embedFailures, 0);
    await mem.close();
  });

  test('each database is called back with its own embed function', async () => {
    const seen = { a: 0, b: 0 };
    const a = await open({ path: ':memory:', embed: async (texts) => ((seen.a += texts.length), texts.map(toyEmbed)) });
    const b = await open({ path: ':memory:', embed: async (texts) => ((seen.b += texts.length), texts.map(toyEmbed)) });
    await a.remember({ content: 'only a' });
    await b.remember([{ content: 'b one' }, { content: 'b two' }]);
    await Promise.all([a.recall('sedan'), b.recall('sedan')]);
    assert.deepEqual(seen, { a: 2, b: 3 });
    await a.close();
    await b.remember({ content: 'b three' });
    assert.deepEqual(seen, { a: 2, b: 4 });
    await b.close();
  });

  test('a failing embedder never fails a write: BM25 takes over and stats counts it', async () => {
    const bad = [
      async () => {
        throw new Error('model not loaded');
      },
      () => 'not vectors',
      async (texts) => texts.map(() => [NaN]),
      async () => [[1, 2]], // one vector for several texts
      async (texts) => texts.map((_, i) => new Array(i + 1).fill(1)), // mixed dimensions
    ];
    for (const embed of bad) {
      const mem = await open({ path: ':memory:', embed });
      const m = await mem.remember([{ content: 'still stored' }, { content: 'and searchable' }]);
      assert.equal(m.length, 2);
      assert.equal((await mem.recall('searchable'))[0].memory.content, 'and searchable');
      const st = await mem.stats();
      assert.equal(st.vectors, 0);
      assert.ok(st.embedFailures >= 1, `${embed}`);
      await mem.close();
    }
  });

  test('typed arrays are accepted as vectors', async () => {
    const mem = await open({ path: ':memory:', embed: async (texts) => texts.map((x) => Float32Array.from(toyEmbed(x))) });
    await mem.remember({ content: 'a nap after lunch' });
    assert.equal((await mem.stats()).vectors, 1);
    await mem.close();
  });
});
