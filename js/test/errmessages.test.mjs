// A developer reads e.message first (a log line, an unhandled rejection): the messages of
// recall's and buildContext's bad options named the option only in e.field — "must be from
// 1 to 1000, got -1", "expected an integer, got a string", "an invalid Date" (issue 9, the
// thirteenth new-user pass). Each now starts with the option, through the packed package.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { memcore } from './helpers.mjs';

const { open } = await memcore();

test('TestErrorMessages_nameTheOption: recall and buildContext, engine and JavaScript checks', async () => {
  const mem = await open({ path: ':memory:' });
  const bc = (o) => mem.buildContext({ sessionId: 's', messages: [], budgetTokens: 4000, ...o });
  try {
    for (const [name, call, field, start] of [
      ['limit range', () => mem.recall('x', { limit: -1 }), 'limit', 'limit must be from 1 to 1000, got -1'],
      ['limit fraction', () => mem.recall('x', { limit: 0.5 }), 'limit', 'limit: expected an integer, got 0.5'],
      ['limit zero', () => mem.searchTurns('x', { limit: 0 }), 'limit', 'limit must be at least 1'],
      ['empty query', () => mem.recall(''), 'query', 'query must not be empty'],
      ['type', () => mem.recall('x', { types: ['facts'] }), 'types[0]', 'types[0] "facts" is not one of fact,'],
      ['invalid Date', () => mem.recall('x', { since: new Date('nope') }), 'since', 'since: an invalid Date'],
      ['NaN', () => mem.recall('x', { limit: NaN }), 'limit', 'limit: expected a finite number, got NaN'],
      ['no budget', () => bc({ budgetTokens: undefined }), 'budgetTokens', 'budgetTokens is required'],
      ['budget string', () => bc({ budgetTokens: '8000' }), 'budgetTokens', 'budgetTokens: expected an integer, got a string'],
      ['budget huge', () => bc({ budgetTokens: 1e9 }), 'budgetTokens', 'budgetTokens must be from 1 to 10000000 tokens'],
      ['complexity', () => bc({ complexity: 'huge' }), 'complexity', 'complexity "huge" is not one of simple, medium, complex'],
      ['recallTurns', () => bc({ recallTurns: 'no' }), 'recallTurns', 'recallTurns: expected true or false, got a string'],
    ]) {
      await assert.rejects(call(), (e) => {
        assert.equal(e?.name, 'MemcoreError', `${name}: ${e}`);
        assert.equal(e.field, field, `${name}: ${e.message}`);
        assert.ok(e.message.startsWith(start), `${name}: message ${JSON.stringify(e.message)}, want it to start ${JSON.stringify(start)}`);
        return true;
      });
    }
  } finally {
    await mem.close();
  }
});
