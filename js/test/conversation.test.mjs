// Conversations through the packed package: extractFacts (English and Chinese, commit then
// recall), consolidate, compact (a long OpenAI conversation: fewer tokens, the rest stored
// as turns), buildContext (<recalled-memories>, core snapshot, working state, Anthropic
// shape), endSession and episodes — each with its errors.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { memcore, rejects } from './helpers.mjs';

const { open } = await memcore();

/** user/assistant pairs → OpenAI messages. */
function chat(...pairs) {
  return pairs.flatMap(([user, assistant]) => [
    { role: 'user', content: user },
    { role: 'assistant', content: assistant },
  ]);
}

const ENGLISH = chat(
  ['Hi! My name is Ada Lovelace.', 'Nice to meet you, Ada. How can I help?'],
  ['I prefer dark mode in every editor I use.', 'Noted: dark mode everywhere.'],
  ['From now on, always answer in English please.', 'Sure, English it is.'],
);

const CHINESE = chat(
  ['你好，我叫李明。', '你好李明，有什么可以帮你？'],
  ['我喜欢用 Python 写脚本。', '好的，我记住了。'],
  ['以后请用中文回答我。', '没问题。'],
);

/**
 * A coding agent's session in the OpenAI shape: a system prompt, then rounds of a user
 * request, a tool call, its (long) result and the assistant's answer — 42 messages.
 */
function longConversation() {
  const msgs = [{ role: 'system', content: 'You are a careful coding agent.' }];
  msgs.push({ role: 'user', content: 'The nightly export job fails since Monday. Can you find out why? I prefer small commits.' });
  for (let i = 0; i < 10; i++) {
    const id = `call_${i}`;
    const log = i === 0
      ? '2025-09-15 02:00:07 ERROR: permission denied: /data/exports/2025-09-15.csv\nexport failed after 6s (exit 13)\n'
      : `step ${i}: ` + 'checked the export pipeline configuration and found nothing unusual. '.repeat(12);
    msgs.push({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: i === 0 ? 'read_log' : 'read_file', arguments: JSON.stringify({ step: i }) } }] });
    msgs.push({ role: 'tool', tool_call_id: id, content: log });
    msgs.push({ role: 'assistant', content: `Step ${i} done: the export directory ownership looks relevant to the failure, investigating further in the next step.` });
    msgs.push({ role: 'user', content: `Thanks, please continue with step ${i + 1} of the investigation.` });
  }
  return msgs;
}

describe('extractFacts', () => {
  let mem;
  before(async () => {
    mem = await open({ path: ':memory:' });
  });
  after(() => mem.close());

  test('English: returned without commit, stored with commit, then recalled', async () => {
    const peek = await mem.extractFacts(ENGLISH);
    assert.equal(peek.by, 'heuristic');
    assert.deepEqual(peek.memories, []);
    assert.equal(peek.queued, 0);
    assert.equal(peek.retried, 0);
    const name = peek.facts.find((f) => f.type === 'profile');
    assert.ok(name, JSON.stringify(peek.facts));
    assert.match(name.content, /Ada Lovelace/);
    assert.deepEqual(name.evidence, [0]);
    assert.equal(typeof name.confidence, 'number');
    assert.ok(peek.facts.some((f) => f.type === 'preference' && /dark mode/.test(f.content)));
    assert.ok(peek.facts.some((f) => f.type === 'rule' && /English/.test(f.content)));
    assert.equal((await mem.stats()).memories, 0, 'nothing stored without commit');

    const r = await mem.extractFacts(ENGLISH, { commit: true, sessionId: 'en', date: '2026-03-04' });
    assert.equal(r.memories.length, r.facts.length);
    assert.equal(r.duplicates, 0);
    for (const m of r.memories) {
      // The tag `extracted`, and a fact's kind of claim when it has no slot predicate
      // (docs/FACTS.md, "Kinds of claim do not supersede each other").
      assert.equal(m.tags[0], 'extracted');
      assert.ok(m.predicate ? m.tags.length === 1 : m.tags.length <= 2, `tags ${m.tags}, predicate ${m.predicate}`);
      assert.equal(m.source.sessionId, 'en');
    }
    const hits = await mem.recall('dark mode editor');
    assert.match(hits[0].memory.content, /dark mode/);
    assert.equal(hits[0].memory.type, 'preference');
    const log = await mem.documents.get('daily/2026-03-04');
    assert.match(log.content, /dark mode/);

    assert.equal(r.read, ENGLISH.length);
    assert.equal(r.unread, 0);
    assert.equal(r.known, 0);

    // The same messages again in the session: each message is read once a session.
    const same = await mem.extractFacts(ENGLISH, { commit: true, sessionId: 'en' });
    assert.deepEqual(same.facts, []);
    assert.equal(same.reason, 'all_read');
    assert.equal(same.known, ENGLISH.length);
    // In another session: nothing is stored twice.
    const again = await mem.extractFacts(ENGLISH, { commit: true, sessionId: 'en2' });
    assert.deepEqual(again.memories, []);
    assert.equal(again.duplicates, r.facts.length);
    assert.equal(again.reason, 'all_known');
  });

  test('Chinese: committed facts are recalled by a two-character word', async () => {
    const r = await mem.extractFacts(CHINESE, { commit: true, sessionId: 'zh' });
    assert.equal(r.by, 'heuristic');
    assert.ok(r.memories.some((m) => m.type === 'profile' && m.content.includes('李明')), JSON.stringify(r.facts));
    assert.ok(r.memories.some((m) => m.type === 'rule' && m.content.includes('中文')), JSON.stringify(r.facts));
    const hits = await mem.recall('脚本');
    assert.equal(hits[0].memory.content, '用户喜欢用 Python 写脚本');
    assert.equal(hits[0].memory.type, 'preference');
    assert.equal((await mem.recall('李明'))[0].memory.type, 'profile');
  });

  test('turns of the session become the source of what is stored', async () => {
    const ns = mem.withNamespace('aligned');
    const turns = await ns.appendTurns('s', CHINESE.map((m) => ({ role: m.role, content: m.content })));
    const r = await ns.extractFacts(CHINESE, { commit: true, sessionId: 's' });
    assert.ok(r.memories.length > 0);
    const ids = new Set(turns.map((t) => t.id));
    for (const m of r.memories) {
      assert.equal(m.source.sessionId, 's');
      assert.ok(m.source.turnIds.length > 0 && m.source.turnIds.every((id) => ids.has(id)), 'evidence turns are named');
    }
  });

  test('a first message is read; no conversation message is the gate', async () => {
    let r = await mem.extractFacts([{ role: 'user', content: 'My name is Ada.' }]);
    assert.deepEqual(r.facts.map((f) => f.content), ["User's name is Ada"]);
    assert.equal(r.reason, undefined);
    for (const msgs of [[], [{ role: 'system', content: 'My name is Ada.' }]]) {
      r = await mem.extractFacts(msgs);
      assert.equal(r.reason, 'too_few_messages');
      assert.deepEqual(r.facts, []);
      assert.equal(r.read, 0);
    }
  });

  test('after every message or once at the end: the same memories, from the first message', async () => {
    for (const conv of [
      [
        { role: 'user', content: 'My daughter Lily is allergic to peanuts.' },
        { role: 'assistant', content: 'Noted.' },
        { role: 'user', content: 'I work as a nurse in Leeds.' },
      ],
      [
        { role: 'user', content: '我对花生过敏，帮我记一下' },
        { role: 'assistant', content: '好的，记下了。' },
        { role: 'user', content: '我叫王磊，在杭州做前端开发' },
      ],
    ]) {
      const each = mem.withNamespace(`each-${conv[0].content.length}`);
      const stored = [];
      for (let end = 1; end <= conv.length; end++) {
        const r = await each.extractFacts(conv.slice(0, end), { commit: true, sessionId: 's' });
        if (end === 1) assert.equal(r.memories.length, 1, JSON.stringify(r));
        stored.push(...r.memories.map((m) => m.content));
      }
      const once = await mem.withNamespace(`once-${conv[0].content.length}`).extractFacts(conv, { commit: true, sessionId: 's' });
      assert.deepEqual(stored.sort(), once.memories.map((m) => m.content).sort());
      assert.ok(stored.length >= 2, JSON.stringify(stored));
    }
  });

  test('errors', async () => {
    await rejects(() => mem.extractFacts('My name is Ada.'), 'invalid_argument', 'messages');
    await rejects(() => mem.extractFacts(), 'invalid_argument', 'messages');
    await rejects(() => mem.extractFacts({ role: 'user', content: 'x' }), 'invalid_argument', 'messages');
    await rejects(() => mem.extractFacts([{ role: 'robot', content: 'x' }]), 'invalid_argument', 'messages[0].role');
    await rejects(() => mem.extractFacts(ENGLISH, { date: '2026-02-30' }), 'invalid_argument', 'date');
    await rejects(() => mem.extractFacts(ENGLISH, { commit: 'yes' }), 'invalid_argument', 'commit');
    await rejects(() => mem.extractFacts(ENGLISH, { bogus: 1 }), 'invalid_argument', 'bogus');
    await rejects(() => mem.extractFacts(ENGLISH, { messages: [] }), 'invalid_argument', 'messages');
    await rejects(() => mem.extractFacts(ENGLISH, { namespace: 'x' }), 'invalid_argument', 'namespace');
    await rejects(() => mem.extractFacts(ENGLISH, 'commit'), 'invalid_argument', 'options');
    await rejects(() => mem.extractFacts([{ role: 'user', content: 'x'.repeat(64 * 1024 + 1) }]), 'too_large', 'messages[0].content');
    await rejects(() => mem.extractFacts([{ role: 'user', content: NaN }]), 'invalid_argument', 'messages[0].content');
  });
});

describe('consolidate', () => {
  test('with nothing queued; a bad limit', async () => {
    const mem = await open({ path: ':memory:' });
    const c = await mem.consolidate({ steps: ['extraction'] });
    assert.deepEqual(c, { processed: 0, byLLM: 0, byHeuristic: 0, failed: 0, stored: 0, duplicates: 0, pending: 0, steps: ['extraction'], dryRun: false });
    assert.equal((await mem.consolidate({ limit: 5 })).pending, 0);
    await rejects(() => mem.consolidate({ limit: 5000 }), 'invalid_argument', 'limit');
    await rejects(() => mem.consolidate(10), 'invalid_argument', 'options');
    await mem.close();
  });
});

describe('compact', () => {
  let mem;
  before(async () => {
    mem = await open({ path: ':memory:' });
  });
  after(() => mem.close());

  test('a long OpenAI conversation: fewer tokens, same shape, the rest stored as turns', async () => {
    const msgs = longConversation();
    const copy = structuredClone(msgs);
    const { messages, report } = await mem.compact(msgs, { sessionId: 'export', workingState: 'Plan: fix the export job' });
    assert.deepEqual(msgs, copy, 'the input is not changed');
    assert.ok(report.tokensAfter < report.tokensBefore, `${report.tokensAfter} < ${report.tokensBefore}`);
    assert.equal(report.messagesBefore, msgs.length);
    assert.equal(report.messagesAfter, messages.length);
    assert.ok(messages.length < msgs.length);
    assert.equal(report.trigger, 'messages');
    assert.equal(report.summaryBy, 'extractive');
    assert.ok(report.summarized > 0);
    assert.ok(report.storedTurns > 0);
    assert.equal(report.llmError, undefined);

    assert.deepEqual(messages[0], msgs[0], 'the system message stays');
    assert.equal(messages[1].role, 'user');
    assert.match(messages[1].content, /^\[compacted\] Summary of \d+ earlier messages:/);
    assert.match(messages[1].content, /Working state:\nPlan: fix the export job/);
    assert.deepEqual(messages.at(-1), msgs.at(-1), 'the most recent messages stay verbatim');
    // Still the OpenAI shape: tool calls and their results, paired.
    const calls = messages.filter((m) => m.tool_calls).map((m) => m.tool_calls[0].id);
    const results = messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id);
    assert.ok(calls.length > 0);
    assert.deepEqual(results, calls);

    // What left the context is a turn of the session.
    const hits = await mem.searchTurns('permission denied', { sessionId: 'export' });
    assert.ok(hits.length >= 1);
    assert.equal(hits[0].turn.role, 'tool');
    assert.equal(hits[0].turn.name, 'read_log');
    assert.match(hits[0].turn.content, /permission denied: \/data\/exports/);

    // Compacting the same conversation again stores nothing twice.
    const again = await mem.compact(msgs, { sessionId: 'export' });
    assert.equal(again.report.storedTurns, 0);
  });

  test('force, token budget, and a conversation under the floors', async () => {
    const short = ENGLISH;
    const same = await mem.compact(short, { force: true });
    assert.deepEqual(same.messages, short, 'nothing to gain under the floors');
    assert.equal(same.report.summaryBy, '');
    const tight = await mem.compact(longConversation(), { maxTokens: 400, maxMessages: 1000, maxChars: 1_000_000 });
    assert.equal(tight.report.trigger, 'tokens');
    assert.ok(tight.report.tokensAfter < tight.report.tokensBefore);
  });

  test('the Anthropic shape comes back as Anthropic', async () => {
    const msgs = [];
    for (let i = 0; i < 12; i++) {
      msgs.push({ role: 'user', content: [{ type: 'text', text: `Question ${i}: what is in file ${i}?` }] });
      msgs.push({ role: 'assistant', content: [{ type: 'tool_use', id: `t${i}`, name: 'read', input: { file: i } }] });
      msgs.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: `contents of file ${i}: ` + 'lorem ipsum '.repeat(20) }] });
      msgs.push({ role: 'assistant', content: [{ type: 'text', text: `File ${i} holds lorem ipsum.` }] });
    }
    const { messages, report } = await mem.compact(msgs);
    assert.ok(report.summarized > 0);
    assert.equal(report.storedTurns, 0, 'no session: nothing stored');
    assert.ok(messages.every((m) => m.role === 'user' || m.role === 'assistant'), 'no system or tool roles');
    assert.ok(messages.some((m) => Array.isArray(m.content) && m.content.some((b) => b.type === 'tool_use')));
  });

  test('errors', async () => {
    await rejects(() => mem.compact('hello'), 'invalid_argument', 'messages');
    await rejects(() => mem.compact(), 'invalid_argument', 'messages');
    await rejects(() => mem.compact([{ role: 'user', content: 5 }]), 'invalid_argument', 'messages[0].content');
    await rejects(() => mem.compact(ENGLISH, { maxTokens: -1 }), 'invalid_argument', 'maxTokens');
    await rejects(() => mem.compact(ENGLISH, { force: 'yes' }), 'invalid_argument', 'force');
    await rejects(() => mem.compact(ENGLISH, { sessionId: 's'.repeat(2000) }), 'too_large', 'sessionId');
    await rejects(() => mem.compact(ENGLISH, { maxChars: Infinity }), 'invalid_argument', 'maxChars');
  });
});

describe('buildContext', () => {
  let mem;
  before(async () => {
    mem = await open({ path: ':memory:' });
  });
  after(() => mem.close());

  test('recalled memories, the core snapshot and the working state are placed', async () => {
    const bob = await mem.remember({ type: 'preference', content: 'Bob deploys with Ansible', importance: 0.9 });
    await mem.remember({ content: '用户住在上海浦东' });
    await mem.documents.set('USER', 'Bob, an SRE at a bank.');
    await mem.plan.set('ctx', { goal: 'Deploy Atlas to staging', steps: [{ title: 'build', status: 'completed' }, { title: 'deploy', status: 'in_progress' }] });
    await mem.scratchpad.set('ctx', 'subagent_result::research', 'Atlas needs port 8443 open.');
    await mem.state.set('ctx', 'staging cluster: eu-west');

    const messages = [
      { role: 'system', content: 'Answer briefly.' },
      { role: 'user', content: 'Hi there' },
      { role: 'assistant', content: 'Hello! What are we deploying today?' },
      { role: 'user', content: 'How does Bob deploy Atlas?' },
    ];
    const r = await mem.buildContext({ sessionId: 'ctx', messages, systemPrompt: 'You are an ops agent.', budgetTokens: 8000 });
    assert.equal(r.shape, 'openai');
    assert.deepEqual(r.recalled, [bob.id]);
    assert.equal(r.messages[0].role, 'system');
    assert.equal(r.messages[0].content, r.system);
    assert.ok(r.system.startsWith('You are an ops agent.\n\nAnswer briefly.'));
    assert.match(r.system, /# Core memory\n\n## USER\nBob, an SRE at a bank\./);
    assert.match(r.system, /Goal: Deploy Atlas to staging/);
    assert.match(r.system, /2\. \[>\] deploy \(in progress\)/);
    assert.match(r.system, /research \(sub-agent\): Atlas needs port 8443 open\./);
    assert.match(r.system, /staging cluster: eu-west/);
    const last = r.messages.at(-1);
    assert.equal(last.role, 'user');
    assert.ok(last.content.startsWith('<recalled-memories>\n- (preference) Bob deploys with Ansible\n</recalled-memories>\n\n'), last.content);
    assert.ok(last.content.endsWith('How does Bob deploy Atlas?'));
    assert.equal(r.report.budget, 8000);
    assert.equal(r.report.complexity, 'medium');
    assert.equal(r.report.snapshotFrozen, true);
    assert.deepEqual(r.report.trimmed, []);
    assert.ok(r.report.total > 0 && r.report.total <= 8000);
    assert.equal(messages.at(-1).content, 'How does Bob deploy Atlas?', 'the input is not changed');

    // The snapshot is frozen for the session: a new USER document is for the next session.
    await mem.documents.set('USER', 'Robert.');
    const again = await mem.buildContext({ sessionId: 'ctx', messages: r.messages, budgetTokens: 8000 });
    assert.match(again.system, /Bob, an SRE at a bank\./);
    assert.equal(again.report.snapshotFrozen, undefined);
    assert.equal(again.messages.at(-1).content.match(/<recalled-memories>/g).length, 1, 'blocks do not pile up');
    const next = await mem.buildContext({ sessionId: 'ctx2', messages, budgetTokens: 8000 });
    assert.match(next.system, /Robert\./);
  });

  test('Chinese recall, Anthropic shape: no system message in messages', async () => {
    const r = await mem.buildContext({
      sessionId: 'anth',
      shape: 'anthropic',
      budgetTokens: 4000,
      complexity: 'simple',
      messages: [{ role: 'user', content: [{ type: 'text', text: '我住在哪里？上海吗？' }] }],
    });
    assert.equal(r.shape, 'anthropic');
    assert.ok(r.messages.every((m) => m.role !== 'system'));
    const block = r.messages[0].content[0];
    assert.equal(block.type, 'text');
    assert.match(block.text, /^<recalled-memories>\n- \(note\) 用户住在上海浦东\n<\/recalled-memories>\n\n我住在哪里/);
    assert.equal(r.report.complexity, 'simple');
  });

  test('errors', async () => {
    const ok = { sessionId: 's', messages: [], budgetTokens: 1000 };
    await rejects(() => mem.buildContext(), 'invalid_argument', 'options');
    await rejects(() => mem.buildContext('s'), 'invalid_argument', 'options');
    await rejects(() => mem.buildContext({ ...ok, budgetTokens: 0 }), 'invalid_argument', 'budgetTokens');
    await rejects(() => mem.buildContext({ ...ok, budgetTokens: undefined }), 'invalid_argument', 'budgetTokens');
    await rejects(() => mem.buildContext({ ...ok, sessionId: 7 }), 'invalid_argument', 'sessionId');
    await rejects(() => mem.buildContext({ ...ok, sessionId: undefined }), 'invalid_argument', 'sessionId');
    await rejects(() => mem.buildContext({ ...ok, messages: 'hi' }), 'invalid_argument', 'messages');
    await rejects(() => mem.buildContext({ ...ok, messages: undefined }), 'invalid_argument', 'messages');
    await rejects(() => mem.buildContext({ ...ok, complexity: 'hard' }), 'invalid_argument', 'complexity');
    await rejects(() => mem.buildContext({ ...ok, shape: 'gemini' }), 'invalid_argument', 'shape');
    await rejects(() => mem.buildContext({ ...ok, namespace: 'x' }), 'invalid_argument', 'namespace');
  });
});

describe('endSession and episodes', () => {
  test('the episode is stored and recalled; a second end is a conflict', async () => {
    const mem = await open({ path: ':memory:' });
    await mem.plan.set('deploy', { goal: 'Deploy Atlas to staging', steps: [{ title: 'build', status: 'completed' }, { title: 'deploy', status: 'completed' }] });
    await mem.appendTurns('deploy', [
      { role: 'user', content: 'Please deploy Atlas to staging with helm.' },
      { role: 'assistant', content: 'Running helm upgrade now.' },
      { role: 'tool', name: 'helm', content: 'Error: timed out waiting for the condition' },
      { role: 'assistant', content: 'Turns out the probe port was wrong. I fixed it and Atlas is deployed.' },
    ]);
    const { episode, by } = await mem.endSession('deploy');
    assert.equal(by, 'heuristic');
    assert.equal(episode.sessionId, 'deploy');
    assert.equal(episode.goal, 'Deploy Atlas to staging');
    assert.match(episode.outcome, /^completed/);
    assert.deepEqual(episode.toolsUsed, ['helm']);
    assert.ok(episode.entities.includes('Atlas'));
    assert.ok(episode.lessons.length >= 1);
    assert.ok(episode.importance > 0 && episode.importance <= 1);
    assert.match(episode.id, /^[0-9A-Z]{26}$/);

    const hits = await mem.recall('Atlas staging episode');
    assert.equal(hits[0].memory.id, episode.memoryId);
    assert.deepEqual(hits[0].memory.tags, ['episode']);
    assert.equal(hits[0].memory.title, 'Episode: Deploy Atlas to staging');

    assert.deepEqual(await mem.episodes({ sessionId: 'deploy' }), [episode]);
    assert.deepEqual(await mem.episodes(), [episode]);
    assert.deepEqual(await mem.episodes({ sessionId: 'other' }), []);

    await rejects(() => mem.endSession('deploy'), 'conflict', 'sessionId');
    await rejects(() => mem.endSession('never-started'), 'not_found', 'sessionId');
    await rejects(() => mem.endSession(42), 'invalid_argument', 'sessionId');
    await rejects(() => mem.endSession(''), 'invalid_argument', 'sessionId');
    await rejects(() => mem.episodes({ sessionId: 5 }), 'invalid_argument', 'sessionId');
    await rejects(() => mem.episodes('deploy'), 'invalid_argument', 'options');
    await mem.close();
  });
});
