// recall answers a question about the user as a whole with the user's profile, as
// buildContext does (issue 9 item 3): "what do you know about me?" shares no word with
// "User lives in Lyon" and returned [] through the package.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { memcore } from './helpers.mjs';

const { open } = await memcore();

test('TestRecall_aboutMeBringsProfile: the profile first, best first, filters and namespaces respected', async () => {
  const mem = await open({ path: ':memory:' });
  try {
    await mem.remember({ type: 'profile', content: 'User lives in Lyon' });
    await mem.remember({ type: 'preference', content: '用户喜欢喝乌龙茶' });
    await mem.remember({ type: 'fact', content: 'The quarterly report is due Friday' });
    await mem.withNamespace('other').remember({ type: 'profile', content: 'User lives in Oslo' });
    for (const q of ['What do you know about me?', '你记得我什么？']) {
      const hits = await mem.recall(q);
      const got = hits.map((h) => h.memory.content);
      assert.ok(got.includes('User lives in Lyon') && got.includes('用户喜欢喝乌龙茶'), `${q}: ${JSON.stringify(got)}`);
      assert.ok(!got.includes('User lives in Oslo') && !got.some((c) => c.includes('quarterly')), `${q}: ${JSON.stringify(got)}`);
      for (let i = 1; i < hits.length; i++) assert.ok(hits[i].score <= hits[i - 1].score, `${q}: scores best first`);
    }
    const facts = await mem.recall('What do you know about me?', { types: ['fact'] });
    assert.ok(facts.every((h) => h.memory.type === 'fact'), 'a filtered recall keeps its filter');
  } finally {
    await mem.close();
  }
});
