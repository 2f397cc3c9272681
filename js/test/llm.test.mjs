// The llm callback: open({llm}) makes the engine call the JS function of the database it
// works on (kind "complete", dispatched by database handle like embed) for fact
// extraction, compaction summaries and episodes, and fall back to its heuristics when the
// function fails. The LLMs here are toys answering fixed text.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { memcore, rejects } from './helpers.mjs';

const { open, MemcoreError } = await memcore();

/**
 * open({path: ':memory:', llm, ...}), or null when this engine has no LLM callback yet
 * (the open op answers unsupported on field llm): the tests then skip with that reason.
 */
async function openWithLLM(llm, more = {}) {
  try {
    return await open({ path: ':memory:', llm, ...more });
  } catch (e) {
    if (e instanceof MemcoreError && e.code === 'unsupported' && e.field === 'llm') return null;
    throw e;
  }
}
const UNSUPPORTED = 'this wasm engine has no LLM callback yet (open answers unsupported on field llm): rebuild it with the Go side of "llm": true';

const CONVERSATION = [
  { role: 'user', content: 'I have been thinking about what to eat during the trip next month.' },
  { role: 'assistant', content: 'Any preferences?' },
  { role: 'user', content: 'Honestly, durian is the one fruit I could eat every single day of my life.' },
  { role: 'assistant', content: 'Noted.' },
  { role: 'user', content: 'Also please keep the itinerary short, bullet points only, nothing fancy.' },
  { role: 'assistant', content: 'Will do.' },
];

/** A toy LLM: a fixed extraction, a fixed summary, a fixed episode; it records each request. */
function toyLLM() {
  const calls = [];
  const llm = async (req) => {
    calls.push(req);
    await new Promise((r) => setTimeout(r, 1)); // really asynchronous
    const system = req.system ?? '';
    if (system.includes('extract durable memories')) {
      return '```json\n[{"type": "preference", "content": "User loves durian (toy LLM)", "subject": "user", "predicate": "likes", "confidence": 0.95, "evidence": [2]}]\n```';
    }
    if (system.includes('episode')) {
      return JSON.stringify({ summary: 'The toy LLM summarised this session.', goal: 'Plan the trip menu', outcome: 'completed: menu planned', entities: ['Durian'], lessons: ['Ask about fruit first'], importance: 0.9 });
    }
    return 'Goal:\n- Plan the trip (toy summary)';
  };
  return { llm, calls };
}

describe('llm', () => {
  test('extractFacts uses it, and the facts are stored and recalled', async (t) => {
    const { llm, calls } = toyLLM();
    const mem = await openWithLLM(llm);
    if (!mem) return t.skip(UNSUPPORTED);
    const r = await mem.extractFacts(CONVERSATION, { commit: true, sessionId: 'trip' });
    assert.equal(r.by, 'llm');
    assert.deepEqual(r.facts, [{ type: 'preference', content: 'User loves durian (toy LLM)', subject: 'user', predicate: 'likes', confidence: 0.95, evidence: [2] }]);
    assert.equal(r.memories.length, 1);
    assert.equal((await mem.recall('durian'))[0].memory.content, 'User loves durian (toy LLM)');

    assert.equal(calls.length, 1);
    const req = calls[0];
    assert.deepEqual(Object.keys(req).sort(), ['json', 'maxTokens', 'messages', 'system', 'temperature']);
    assert.equal(req.json, true);
    assert.equal(req.temperature, 0);
    assert.equal(typeof req.maxTokens, 'number');
    assert.equal(req.messages.length, 1);
    assert.equal(req.messages[0].role, 'user');
    assert.match(req.messages[0].content, /\[2\] Honestly, durian/);

    // useLLM: false keeps it out.
    const h = await mem.extractFacts(CONVERSATION, { useLLM: false });
    assert.equal(h.by, 'heuristic');
    assert.equal(calls.length, 1);
    await mem.close();
  });

  test('compact asks it for the summary', async (t) => {
    const { llm, calls } = toyLLM();
    const mem = await openWithLLM(llm);
    if (!mem) return t.skip(UNSUPPORTED);
    const msgs = Array.from({ length: 24 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `message ${i} about the trip to Singapore and its food` }));
    const { messages, report } = await mem.compact(msgs, { workingState: 'Plan: book hotel' });
    assert.equal(report.summaryBy, 'llm');
    assert.equal(report.llmError, undefined);
    assert.equal(messages[0].content, `[compacted] Summary of ${report.summarized} earlier messages:\nGoal:\n- Plan the trip (toy summary)\n\nWorking state:\nPlan: book hotel`);
    assert.equal(calls.length, 1);
    assert.equal(calls[0].json, false, 'a summary is text');
    assert.equal(calls[0].system.includes('%d'), false);
    assert.match(calls[0].messages[0].content, /^Transcript:/);
    await mem.close();
  });

  test('endSession asks it for the episode', async (t) => {
    const { llm } = toyLLM();
    const mem = await openWithLLM(llm);
    if (!mem) return t.skip(UNSUPPORTED);
    await mem.appendTurns('menu', CONVERSATION.map(({ role, content }) => ({ role, content })));
    const { episode, by } = await mem.endSession('menu');
    assert.equal(by, 'llm');
    assert.equal(episode.summary, 'The toy LLM summarised this session.');
    assert.equal(episode.goal, 'Plan the trip menu');
    assert.equal(episode.importance, 0.9);
    assert.equal((await mem.recall('trip menu'))[0].memory.id, episode.memoryId);
    await mem.close();
  });

  test('a failing llm: the heuristics answer and nothing fails', async (t) => {
    let mode = 'throw';
    const llm = async () => {
      if (mode === 'throw') throw new Error('provider is down (toy)');
      if (mode === 'object') return { text: 'not a string' };
      return '[{"type": "preference", "content": "User loves durian (retried)", "confidence": 0.9}]';
    };
    const mem = await openWithLLM(llm);
    if (!mem) return t.skip(UNSUPPORTED);
    const msgs = Array.from({ length: 24 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `message ${i} about the trip` }));
    const c = await mem.compact(msgs);
    assert.equal(c.report.summaryBy, 'extractive');
    assert.match(c.report.llmError, /provider is down \(toy\)/);
    mode = 'object';
    const c2 = await mem.compact(msgs);
    assert.equal(c2.report.summaryBy, 'extractive');
    assert.match(c2.report.llmError, /must return the model's answer as a string/);

    // extractFacts with commit queues the failed pass; consolidate retries it once the LLM answers.
    mode = 'throw';
    const r = await mem.extractFacts(CONVERSATION, { commit: true, sessionId: 'flaky' });
    assert.equal(r.by, 'heuristic');
    assert.equal(r.queued, 1);
    mode = 'ok';
    const cons = await mem.consolidate();
    assert.equal(cons.processed, 1);
    assert.equal(cons.byLLM, 1);
    assert.equal(cons.pending, 0);
    assert.equal((await mem.recall('durian'))[0].memory.content, 'User loves durian (retried)');
    await mem.close();
  });

  test('each database calls its own llm', async (t) => {
    const a = [];
    const b = [];
    const memA = await openWithLLM(async (req) => (a.push(req), 'Goal:\n- A'));
    if (!memA) return t.skip(UNSUPPORTED);
    const memB = await openWithLLM(async (req) => (b.push(req), 'Goal:\n- B'));
    const plain = await open({ path: ':memory:' });
    const msgs = Array.from({ length: 24 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `message ${i}` }));
    const [ra, rb, rp] = await Promise.all([memA.compact(msgs, { force: true }), memB.compact(msgs, { force: true }), plain.compact(msgs, { force: true })]);
    assert.match(ra.messages[0].content, /- A$/);
    assert.match(rb.messages[0].content, /- B$/);
    assert.equal(rp.report.summaryBy, 'extractive');
    assert.equal(a.length, 1);
    assert.equal(b.length, 1);
    // A view of another namespace shares its database's llm.
    assert.equal((await memA.withNamespace('x').compact(msgs, { force: true })).report.summaryBy, 'llm');
    await Promise.all([memA.close(), memB.close(), plain.close()]);
  });

  test('llm is a function', async () => {
    await rejects(() => open({ path: ':memory:', llm: 'gpt-4o' }), 'invalid_argument', 'llm');
    await rejects(() => open({ path: ':memory:', llm: { complete() {} } }), 'invalid_argument', 'llm');
  });
});
