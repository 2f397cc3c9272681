// Error messages a new user meets tell them what to do (issue 9 item 4): the session id
// forgotten before the messages, and a call on a closed Memory.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { memcore } from './helpers.mjs';

const { open, MemcoreError } = await memcore();

async function caught(fn) {
  try {
    await fn();
  } catch (e) {
    return e;
  }
  assert.fail('nothing was thrown');
}

test('TestHints_sessionIdFirst: the messages passed without a session id name the call\'s order', async () => {
  const mem = await open({ path: ':memory:' });
  try {
    const msgs = [{ role: 'user', content: 'hi' }];
    for (const [name, fn, want] of [
      ['appendMessages', () => mem.appendMessages(msgs), /appendMessages\(sessionId, messages\)/],
      ['appendTurns', () => mem.appendTurns(msgs), /appendTurns\(sessionId, turns\)/],
    ]) {
      const e = await caught(fn);
      assert.ok(e instanceof MemcoreError, name);
      assert.equal(e.code, 'invalid_argument', name);
      assert.equal(e.field, 'sessionId', name);
      assert.match(e.message, want, name);
    }
    // A session id of the wrong type keeps the plain message.
    const e = await caught(() => mem.appendMessages(5, msgs));
    assert.equal(e.field, 'sessionId');
    assert.match(e.message, /a session id is a string, got number 5/);
  } finally {
    await mem.close();
  }
});

test('TestHints_closed: a call on a closed Memory says to open the database again', async () => {
  const mem = await open({ path: ':memory:' });
  await mem.close();
  const e = await caught(() => mem.recall('x'));
  assert.ok(e instanceof MemcoreError);
  assert.equal(e.code, 'closed');
  assert.match(e.message, /was closed: open\(\) it again/);
});
