// Agent glue through the packed package: appendMessages with OpenAI and Anthropic
// messages, memory as tools (both shapes, hostile arguments), the task graph, route,
// export/import round trips, and limit: 0 refused.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import fs from 'node:fs';
import path from 'node:path';

import { memcore, packageDir, rejects } from './helpers.mjs';

const { open, MemcoreError } = await memcore();

const openai = [
  { role: 'developer', content: 'You are a deploy bot.' },
  { role: 'user', content: 'Deploy atlas to staging' },
  { role: 'assistant', content: null, tool_calls: [
    { id: 'call_1', type: 'function', function: { name: 'helm_upgrade', arguments: '{"release":"atlas"}' } },
    { id: 'call_2', type: 'function', function: { name: 'kubectl_get', arguments: '{}' } }] },
  { role: 'tool', tool_call_id: 'call_1', content: 'release atlas deployed' },
  { role: 'tool', tool_call_id: 'call_2', content: '3/3 pods ready' },
  { role: 'assistant', content: 'Atlas is on staging.' },
];

const anthropic = [
  { role: 'user', content: [{ type: 'text', text: "What's the weather in Paris?" }] },
  { role: 'assistant', content: [{ type: 'text', text: 'Checking.' }, { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '18°C, sunny' }] },
];

describe('appendMessages', () => {
  let mem;
  before(async () => { mem = await open({ path: ':memory:' }); });
  after(() => mem.close());

  test('OpenAI messages as they are; endSession names the tools', async () => {
    const turns = await mem.appendMessages('s1', openai);
    assert.deepEqual(turns.map((t) => t.role), ['developer', 'user', 'assistant', 'tool', 'tool', 'assistant']);
    assert.deepEqual(turns[2].toolCalls, [{ id: 'call_1', name: 'helm_upgrade', arguments: '{"release":"atlas"}' },
      { id: 'call_2', name: 'kubectl_get', arguments: '{}' }]);
    assert.equal(turns[3].name, 'helm_upgrade');
    assert.equal(turns[3].callId, 'call_1');
    // The same messages are read by compact and extractFacts as they are.
    await mem.compact(openai, { force: true });
    await mem.extractFacts(openai);
    const { episode } = await mem.endSession('s1');
    assert.deepEqual(episode.toolsUsed, ['helm_upgrade', 'kubectl_get']);
  });

  test('Anthropic messages: the tool result is a tool turn with its name', async () => {
    const turns = await mem.appendMessages('s2', anthropic);
    assert.deepEqual(turns.map((t) => [t.role, t.name ?? '', t.callId ?? '']),
      [['user', '', ''], ['assistant', '', ''], ['tool', 'get_weather', 'toolu_1']]);
  });

  test('errors', async () => {
    await rejects(() => mem.appendMessages('s3', 'hello'), 'invalid_argument', 'messages');
    await rejects(() => mem.appendMessages('s3', [{ role: 'robot', content: 'x' }]), 'invalid_argument', 'messages[0].role');
    await rejects(() => mem.appendMessages(3, openai), 'invalid_argument', 'sessionId');
    await rejects(() => mem.appendTurns('s3', [{ role: 'user', content: 'x', callId: 'c' }]), 'invalid_argument', 'turns[0].callId');
  });
});

describe('memoryTools and handleToolCall', () => {
  let mem;
  before(async () => { mem = await open({ path: ':memory:' }); });
  after(() => mem.close());

  test('definitions in both shapes, ops chosen', () => {
    const oa = mem.memoryTools({ shape: 'openai' });
    assert.deepEqual(oa.map((t) => t.function.name), ['remember', 'search_conversation_traces', 'scratchpad', 'update_plan', 'tasks']);
    assert.equal(oa[0].type, 'function');
    assert.deepEqual(oa[0].function.parameters.properties.action.enum, ['save', 'recall', 'forget']);
    const an = mem.memoryTools({ shape: 'anthropic', ops: ['recall', 'search'] });
    assert.deepEqual(an.map((t) => t.name), ['remember', 'search_conversation_traces']);
    assert.deepEqual(an[0].input_schema.properties.action.enum, ['recall']);
    assert.equal(an[0].input_schema.properties.content, undefined, 'no save: no content parameter');
    assert.throws(() => mem.memoryTools({ shape: 'gemini' }), (e) => e instanceof MemcoreError && e.field === 'shape');
    assert.throws(() => mem.memoryTools({ ops: ['save', 'nope'] }), (e) => e.field === 'ops[1]');
  });

  test('OpenAI calls: save, recall, forget, search, scratchpad, plan, tasks', async () => {
    const call = (name, args, id = 'c') => mem.handleToolCall({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }, { sessionId: 's1' });
    const saved = await call('remember', { action: 'save', content: '用户喜欢喝绿茶', type: 'preference' }, 'c1');
    assert.equal(saved.role, 'tool');
    assert.equal(saved.tool_call_id, 'c1');
    const id = JSON.parse(saved.content).saved.id;
    const recalled = JSON.parse((await call('remember', { action: 'recall', query: '绿茶' })).content);
    assert.equal(recalled.memories[0].id, id);
    await mem.appendMessages('s1', openai);
    const found = JSON.parse((await call('search_conversation_traces', { query: 'helm_upgrade' })).content);
    assert.ok(found.turns.length >= 1);
    assert.deepEqual(JSON.parse((await call('scratchpad', { action: 'set', key: 'branch', value: 'release/2' })).content), { set: 'branch' });
    assert.equal((await mem.scratchpad.get('s1', 'branch')).value, 'release/2');
    const plan = JSON.parse((await call('update_plan', { goal: 'ship', steps: [{ title: 'build', status: 'in_progress' }, { title: 'deploy' }] })).content);
    assert.deepEqual(plan.steps, ['1. [in_progress] build', '2. [pending] deploy']);
    await call('update_plan', { step: 1, status: 'completed' });
    assert.equal((await mem.plan.get('s1')).steps[0].status, 'completed');
    const t = JSON.parse((await call('tasks', { action: 'create', title: 'migrate' })).content).task;
    const u = JSON.parse((await call('tasks', { action: 'create', title: 'switch', blockedBy: [t.id] })).content).task;
    assert.equal(u.ready, false);
    const done = JSON.parse((await call('tasks', { action: 'update', id: t.id, status: 'completed' })).content);
    assert.deepEqual(done.unblocked, [u.id]);
    assert.deepEqual(JSON.parse((await call('remember', { action: 'forget', id })).content), { forgotten: 1 });
  });

  test('Anthropic calls answer with tool_result blocks', async () => {
    const r = await mem.handleToolCall({ type: 'tool_use', id: 'toolu_9', name: 'remember', input: { action: 'save', content: 'The user lives in Berlin' } });
    assert.equal(r.type, 'tool_result');
    assert.equal(r.tool_use_id, 'toolu_9');
    assert.equal(r.is_error, undefined);
    assert.match(JSON.parse(r.content).saved.id, /^[0-9A-Z]{26}$/);
  });

  test('hostile arguments come back as readable tool errors', async () => {
    const oa = (name, args) => mem.handleToolCall({ id: 'x', type: 'function', function: { name, arguments: args } }, { sessionId: 's1' });
    const an = (name, input) => mem.handleToolCall({ type: 'tool_use', id: 'y', name, input });
    for (const [r, want] of [
      [await oa('remember', '{"action":"save",'), /^Error: arguments are not valid JSON/],
      [await oa('rm_rf', '{}'), /^Error: there is no tool "rm_rf"/],
      [await oa('remember', '{"action":"drop_table"}'), /^Error: action must be one of save, recall, forget/],
      [await oa('remember', '{"action":"save"}'), /^Error: content is required for action "save"/],
      [await oa('remember', '{"action":"save","content":"x","__proto__":{"admin":true}}'), /^Error: __proto__ is not a parameter/],
      [await oa('remember', '{"action":"save","content":"x","importance":7}'), /^Error: importance must be at most 1/],
      [await oa('remember', '{"action":"save","content":"   "}'), /^Error \(invalid_argument, memory.content\)/],
      [await oa('remember', '{"action":"recall","query":"x","limit":0}'), /^Error: limit must be at least 1/],
      [await oa('remember', '{"action":"forget","id":"01NOPE"}'), /^Error \(not_found, id\)/],
      [await oa('remember', '[1,2]'), /^Error: arguments must be an object/],
      [await oa('update_plan', '{"step":9,"status":"completed"}'), /^Error \(/],
      [await an('remember', 'save it'), /^Error: arguments must be an object/],
      [await an('scratchpad', { action: 'set', key: 'k', value: 'v' }), /^Error: scratchpad needs a conversation/],
      [await an('tasks', { action: 'update', id: 'nope', status: 'completed' }), /^Error \(not_found, id\)/],
    ]) {
      assert.match(r.content, want);
      if (r.type === 'tool_result') assert.equal(r.is_error, true);
    }
    await rejects(() => mem.handleToolCall('remember'), 'invalid_argument', 'call');
    await rejects(() => mem.handleToolCall({ name: 'remember' }), 'invalid_argument', 'call');
  });
});

describe('tasks', () => {
  test('graph, unblocking, cycles, persistence across opens', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = `${mkdtempSync(`${tmpdir()}/memcore-tasks-`)}/t.db`;
    let mem = await open({ path });
    const a = await mem.tasks.create({ title: 'design the schema' });
    const b = await mem.tasks.create({ title: 'write the API', blockedBy: [a.id] });
    assert.equal(b.blocked, true);
    await rejects(() => mem.tasks.update(b.id, { status: 'in_progress' }), 'conflict', 'status');
    await rejects(() => mem.tasks.update(a.id, { addBlockedBy: [b.id] }), 'invalid_argument', 'addBlockedBy');
    await rejects(() => mem.tasks.create({ title: 'x', blockedBy: ['nope'] }), 'not_found', 'blockedBy');
    await rejects(() => mem.tasks.create('x'), 'invalid_argument', 'task');
    const r = await mem.tasks.update(a.id, { status: 'completed' });
    assert.deepEqual(r.unblocked, [b.id]);
    await mem.close();
    mem = await open({ path });
    assert.deepEqual((await mem.tasks.ready()).map((t) => t.id), [b.id]);
    const ctx = await mem.buildContext({ sessionId: 'later', messages: [{ role: 'user', content: 'what next?' }], budgetTokens: 4000 });
    assert.match(ctx.system, /## Tasks\n- \[ \] write the API \(.+\) ready/);
    assert.deepEqual(await mem.tasks.delete(a.id), { deleted: true });
    await mem.close();
  });
});

describe('route', () => {
  let mem;
  before(async () => { mem = await open({ path: ':memory:' }); });
  after(() => mem.close());

  test('text and messages, both languages', async () => {
    assert.deepEqual(await mem.route('I prefer Python for scripts.'),
      { layer: 'memory', type: 'preference', tier: 'permanent', rule: 'preference', reason: (await mem.route('I prefer Python for scripts.')).reason });
    assert.equal((await mem.route('我明天要去北京出差')).tier, 'short');
    assert.equal((await mem.route('第一步：备份数据库')).layer, 'plan');
    assert.equal((await mem.route({ role: 'tool', tool_call_id: 'c', content: 'exit 1' })).rule, 'tool_output');
    await rejects(() => mem.route(5), 'invalid_argument', 'text');
    await rejects(() => mem.route({ role: 'bot', content: 'x' }), 'invalid_argument', 'message.role');
  });
});

describe('export and import', () => {
  test('JSON Lines round trip, progress, all or nothing', async () => {
    const src = await open({ path: ':memory:' });
    await src.remember({ type: 'preference', content: '用户喜欢喝绿茶', title: 'Tea' });
    await src.appendMessages('s1', openai);
    await src.documents.set('IDENTITY', 'I am Ada.');
    await src.tasks.create({ title: 'migrate' });
    const phases = [];
    const out = await src.export({ onProgress: (p) => phases.push(p.phase) });
    assert.deepEqual(phases, ['export', 'done']);
    assert.equal(out.format, 'jsonl');
    assert.deepEqual(out.counts, { memory: 1, turn: 6, document: 1, task: 1 });
    const iphases = [];
    // Into another database: the ids are kept.
    const other = await open({ path: ':memory:' });
    const rep = await other.import(new TextEncoder().encode(out.data), { onProgress: (p) => iphases.push(p.phase) });
    assert.deepEqual(iphases, ['check', 'write', 'done']);
    assert.deepEqual(rep.imported, out.counts);
    const again = await other.export();
    assert.equal(again.data.split('\n').slice(1).join('\n'), out.data.split('\n').slice(1).join('\n'));
    // A broken last line: nothing is written.
    const third = await open({ path: ':memory:' });
    await rejects(() => third.import(`${out.data}{"kind":"memory"}\n`), 'invalid_argument', `data[${out.data.trim().split('\n').length}].namespace`);
    assert.deepEqual((await third.export()).counts, {});
    await rejects(() => third.import(42), 'invalid_argument', 'data');
    await Promise.all([src.close(), other.close(), third.close()]);
  });

  test('Markdown folder round trip', async () => {
    const src = await open({ path: ':memory:' });
    await src.remember({ type: 'rule', content: 'Never deploy on Fridays' });
    const md = await src.export({ format: 'md' });
    assert.deepEqual(md.files.map((f) => f.path), ['MEMORY.md', 'rule_never-deploy-on-fridays.md']);
    const dst = await open({ path: ':memory:' });
    const rep = await dst.import(md.files);
    assert.deepEqual(rep.imported, { memory: 1 });
    assert.deepEqual((await dst.export({ format: 'md' })).files, md.files);
    // Files as a browser's folder picker gives them (webkitRelativePath under the folder).
    const picked = md.files.map((f) => Object.defineProperty(new File([f.content], f.path.split('/').at(-1)), 'webkitRelativePath', { value: `memory/${f.path}` }));
    const third = await open({ path: ':memory:' });
    assert.deepEqual((await third.import(picked)).imported, { memory: 1 });
    assert.deepEqual((await third.export({ format: 'md' })).files, md.files);
    // A JSON Lines file picked on its own is a Blob.
    const jl = await src.export();
    const fourth = await open({ path: ':memory:' });
    assert.deepEqual((await fourth.import(new Blob([jl.data]))).imported, { memory: 1 });
    await Promise.all([third.close(), fourth.close()]);
    await Promise.all([src.close(), dst.close()]);
  });
});

describe('invalid values are refused', () => {
  test('limit: 0', async () => {
    const mem = await open({ path: ':memory:' });
    await mem.remember({ content: 'tea' });
    await rejects(() => mem.recall('tea', { limit: 0 }), 'invalid_argument', 'limit');
    await rejects(() => mem.list({ limit: 0 }), 'invalid_argument', 'limit');
    await rejects(() => mem.searchTurns('tea', { limit: 0 }), 'invalid_argument', 'limit');
    await rejects(() => mem.consolidate({ limit: 0 }), 'invalid_argument', 'limit');
    assert.equal((await mem.recall('tea', { limit: 1 })).length, 1);
    await mem.close();
  });
});

describe('the package stands alone', () => {
  const pkg = path.join(packageDir(), 'node_modules/memcore');

  test('every relative link of a shipped Markdown file resolves inside the package', () => {
    const mds = [];
    const walk = (d) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith('.md')) mds.push(p);
      }
    };
    walk(pkg);
    assert.ok(mds.some((p) => p.endsWith(`${path.sep}docs${path.sep}GLUE.md`)), 'docs ship with the package');
    let links = 0;
    for (const md of mds) {
      for (const [, target] of fs.readFileSync(md, 'utf8').matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
        const file = path.resolve(path.dirname(md), target.split('#')[0]);
        assert.ok(fs.existsSync(file), `${path.relative(pkg, md)} links to ${target}, which is not in the package`);
        links++;
      }
    }
    assert.ok(links > 20, `only ${links} links checked`);
  });

  test('the README tells npm users from checkout users: make only for a checkout, install and quick starts for npm', () => {
    const readme = fs.readFileSync(path.join(pkg, 'README.md'), 'utf8');
    // The project's README opens with its two commands (make demo, make test), each said
    // to be for a checkout; after that block, npm users get install and quick starts, and
    // no make command appears again before the checkout section.
    const firstBlock = readme.match(/^```sh\n([\s\S]*?)```/m);
    assert.ok(firstBlock && firstBlock.index < readme.indexOf('## Install'), 'the README opens with its commands');
    const lines = firstBlock[1].trim().split('\n');
    assert.deepEqual(lines.map((l) => l.split(/\s+/).slice(0, 2).join(' ')), ['make demo', 'make test']);
    for (const l of lines) assert.match(l, /checkout/, `${l}: says it is for a checkout`);
    const after = firstBlock.index + firstBlock[0].length;
    const checkout = readme.indexOf('## From a checkout');
    assert.ok(readme.indexOf('npm install memcore', after) > 0 && readme.indexOf('npm install memcore', after) < checkout);
    for (const w of ['**Node**', '**Browser**', '**Cloudflare Worker**']) assert.ok(readme.indexOf(w) > 0 && readme.indexOf(w) < checkout, w);
    assert.ok(!/\bmake \w/.test(readme.slice(after, checkout)), 'no make command between the opening block and the checkout section');
    const pj = JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8'));
    assert.match(pj.repository.url, /^git\+https:\/\//, 'relative links resolve on the registry page through repository');
  });
});
