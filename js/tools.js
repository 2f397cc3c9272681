// Memory as tools the model calls: tool definitions (JSON Schema) in the OpenAI or the
// Anthropic shape, and the handler that runs one call against a Memory and answers with
// the tool-result message in the call's shape. Arguments come from a model, so they are
// checked here against the same schema the model was given, then by the engine; what is
// wrong with them comes back as a tool result the model can read and correct, never as
// an exception. Only failures the model cannot fix (closed, storage, unsupported,
// internal) are thrown to the host.

import { MemcoreError, invalid } from './errors.js';

/** The operations memoryTools can offer, in order. */
export const TOOL_OPS = Object.freeze(['save', 'recall', 'forget', 'search', 'scratchpad', 'plan', 'tasks']);

const MEMORY_TYPES = ['fact', 'preference', 'rule', 'skill', 'error', 'profile', 'note'];
const STEP_STATUSES = ['pending', 'in_progress', 'completed', 'failed'];
const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'];

/** Which tool each op belongs to. */
const OP_TOOL = { save: 'remember', recall: 'remember', forget: 'remember', search: 'search_conversation_traces', scratchpad: 'scratchpad', plan: 'update_plan', tasks: 'tasks' };

/** The tools' schemas, given the ops chosen (remember's actions are the chosen ones). */
function schemas(ops) {
  const actions = ops.filter((o) => OP_TOOL[o] === 'remember');
  const out = [];
  if (actions.length) {
    out.push({
      name: 'remember',
      description: 'Long-term memory about the user and the work, kept across conversations. ' +
        `action ${actions.map((a) => `"${a}"`).join(', ')}: ` +
        [actions.includes('save') && 'save stores a durable fact, preference, rule, skill or lesson (content, type)',
          actions.includes('recall') && 'recall finds memories relevant to query',
          actions.includes('forget') && 'forget deletes the memory with id (from recall)'].filter(Boolean).join('; ') + '.',
      parameters: {
        type: 'object',
        properties: {
          action: { type: 'string', enum: actions },
          ...(actions.includes('save') && {
            content: { type: 'string', description: 'save: the memory, one self-contained statement', maxLength: 4000 },
            type: { type: 'string', enum: MEMORY_TYPES, description: 'save: what kind of memory (default note)' },
            importance: { type: 'number', minimum: 0, maximum: 1, description: 'save: 0..1 (default 0.5)' },
            tags: { type: 'array', items: { type: 'string', maxLength: 64 }, maxItems: 16 },
          }),
          ...(actions.includes('recall') && {
            query: { type: 'string', description: 'recall: what to look for, in the user\'s words', maxLength: 2000 },
            limit: { type: 'integer', minimum: 1, maximum: 50, description: 'recall: how many (default 5)' },
          }),
          ...(actions.includes('forget') && { id: { type: 'string', description: 'forget: the memory id', maxLength: 128 } }),
        },
        required: ['action'],
        additionalProperties: false,
      },
    });
  }
  if (ops.includes('search')) {
    out.push({
      name: 'search_conversation_traces',
      description: 'Searches the stored turns of past and current conversations (including tool output that was compacted away) for query.',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', maxLength: 2000 },
          limit: { type: 'integer', minimum: 1, maximum: 50, description: 'default 5' },
          thisSessionOnly: { type: 'boolean', description: 'only this conversation (default all)' },
        },
        required: ['query'],
        additionalProperties: false,
      },
    });
  }
  if (ops.includes('scratchpad')) {
    out.push({
      name: 'scratchpad',
      description: 'Working notes of this conversation only (not kept after it): set, get, list or delete a key. ' +
        'The scratchpad is shown to you in the working state.',
      parameters: {
        type: 'object',
        properties: {
          action: { type: 'string', enum: ['set', 'get', 'list', 'delete'] },
          key: { type: 'string', maxLength: 256 },
          value: { type: 'string', maxLength: 16000 },
        },
        required: ['action'],
        additionalProperties: false,
      },
    });
  }
  if (ops.includes('plan')) {
    out.push({
      name: 'update_plan',
      description: 'The plan of the work at hand: give goal and steps to replace it, or step and status to update one step. ' +
        'At most one step is in_progress. Keep it current: mark steps completed as you finish them.',
      parameters: {
        type: 'object',
        properties: {
          goal: { type: 'string', maxLength: 1000 },
          steps: {
            type: 'array', maxItems: 100,
            items: {
              type: 'object',
              properties: { title: { type: 'string', maxLength: 1000 }, status: { type: 'string', enum: STEP_STATUSES } },
              required: ['title'], additionalProperties: false,
            },
          },
          step: { type: 'integer', minimum: 1, description: 'the step to update, from 1' },
          status: { type: 'string', enum: STEP_STATUSES },
        },
        additionalProperties: false,
      },
    });
  }
  if (ops.includes('tasks')) {
    out.push({
      name: 'tasks',
      description: 'The persistent task list, kept across conversations: create (title, blockedBy), update (id, status), ' +
        'or list (ready: only what can start now). Completing a task unblocks the tasks waiting for it.',
      parameters: {
        type: 'object',
        properties: {
          action: { type: 'string', enum: ['create', 'update', 'list'] },
          id: { type: 'string', maxLength: 128 },
          title: { type: 'string', maxLength: 1000 },
          description: { type: 'string', maxLength: 4000 },
          status: { type: 'string', enum: TASK_STATUSES },
          blockedBy: { type: 'array', items: { type: 'string', maxLength: 128 }, maxItems: 100 },
          ready: { type: 'boolean' },
        },
        required: ['action'],
        additionalProperties: false,
      },
    });
  }
  return out;
}

/** Checks memoryTools' options and returns the chosen ops. */
function chosenOps(o) {
  if (o === undefined) return [...TOOL_OPS];
  if (o === null || typeof o !== 'object' || Array.isArray(o)) throw invalid('options', 'memoryTools takes {shape, ops}');
  for (const k of Object.keys(o)) {
    if (!['shape', 'ops', 'sessionId'].includes(k)) throw invalid(k, `unknown option ${JSON.stringify(k)}`);
  }
  if (o.shape !== undefined && o.shape !== 'openai' && o.shape !== 'anthropic') {
    throw invalid('shape', `shape is "openai" or "anthropic", got ${JSON.stringify(o.shape)}`);
  }
  if (o.ops === undefined) return [...TOOL_OPS];
  if (!Array.isArray(o.ops) || o.ops.length === 0) throw invalid('ops', `ops is a non-empty array of ${TOOL_OPS.join(', ')}`);
  for (const [i, op] of o.ops.entries()) {
    if (!TOOL_OPS.includes(op)) throw invalid(`ops[${i}]`, `${JSON.stringify(op)} is not one of ${TOOL_OPS.join(', ')}`);
  }
  return TOOL_OPS.filter((op) => o.ops.includes(op));
}

/** Tool definitions in shape: OpenAI {type:'function', function:{…}} or Anthropic {name, description, input_schema}. */
export function toolDefinitions(o) {
  const ops = chosenOps(o);
  const shape = o?.shape ?? 'openai';
  return schemas(ops).map((s) => (shape === 'anthropic'
    ? { name: s.name, description: s.description, input_schema: s.parameters }
    : { type: 'function', function: { name: s.name, description: s.description, parameters: s.parameters } }));
}

// ─── Checking a model's arguments against a schema ──────────────────────────────────────

/** Returns a message saying what is wrong with v against schema s, or undefined. */
function violation(v, s, path) {
  const at = path || 'arguments';
  switch (s.type) {
    case 'object': {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return `${at} must be an object`;
      for (const k of s.required ?? []) if (!Object.hasOwn(v, k)) return `${path ? `${path}.` : ''}${k} is required`;
      for (const [k, e] of Object.entries(v)) {
        const p = path ? `${path}.${k}` : k;
        if (!Object.hasOwn(s.properties, k)) return `${p} is not a parameter of this tool (it takes ${Object.keys(s.properties).join(', ')})`;
        const m = violation(e, s.properties[k], p);
        if (m) return m;
      }
      return undefined;
    }
    case 'array': {
      if (!Array.isArray(v)) return `${at} must be an array`;
      if (s.maxItems !== undefined && v.length > s.maxItems) return `${at} has ${v.length} items, at most ${s.maxItems}`;
      for (const [i, e] of v.entries()) {
        const m = violation(e, s.items, `${at}[${i}]`);
        if (m) return m;
      }
      return undefined;
    }
    case 'string':
      if (typeof v !== 'string') return `${at} must be a string`;
      if (s.enum && !s.enum.includes(v)) return `${at} must be one of ${s.enum.join(', ')}`;
      if (s.maxLength !== undefined && v.length > s.maxLength) return `${at} is ${v.length} characters, at most ${s.maxLength}`;
      return undefined;
    case 'integer':
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v)) return `${at} must be a number`;
      if (s.type === 'integer' && !Number.isInteger(v)) return `${at} must be an integer`;
      if (s.minimum !== undefined && v < s.minimum) return `${at} must be at least ${s.minimum}`;
      if (s.maximum !== undefined && v > s.maximum) return `${at} must be at most ${s.maximum}`;
      return undefined;
    case 'boolean':
      return typeof v === 'boolean' ? undefined : `${at} must be true or false`;
  }
  return undefined;
}

/** A failure the model can act on, as a tool result. */
class ToolError extends Error {
  constructor(message, field) {
    super(message);
    this.field = field;
  }
}

function need(args, key, action) {
  if (args[key] === undefined) throw new ToolError(`${key} is required for action "${action}"`, key);
  return args[key];
}

function clip(s, n) {
  return s.length > n ? `${s.slice(0, n)}…` : s;
}

// ─── Running a call ─────────────────────────────────────────────────────────────────────

/** Reads a tool call of either shape into {shape, id, name, args | argsError}. */
function readCall(call) {
  if (call === null || typeof call !== 'object' || Array.isArray(call)) {
    throw invalid('call', 'handleToolCall takes a tool call: OpenAI {id, function:{name, arguments}} or Anthropic {type:"tool_use", id, name, input}');
  }
  if (call.type === 'tool_use') {
    if (typeof call.id !== 'string') throw invalid('call.id', 'a tool_use block has a string id');
    return { shape: 'anthropic', id: call.id, name: call.name, args: call.input };
  }
  if (call.function && typeof call.function === 'object') {
    if (typeof call.id !== 'string') throw invalid('call.id', 'a tool call has a string id');
    const raw = call.function.arguments;
    let args = raw;
    if (typeof raw === 'string') {
      try {
        args = raw.trim() === '' ? {} : JSON.parse(raw);
      } catch (e) {
        return { shape: 'openai', id: call.id, name: call.function.name, argsError: `arguments are not valid JSON: ${e.message}` };
      }
    }
    return { shape: 'openai', id: call.id, name: call.function.name, args };
  }
  throw invalid('call', 'not a tool call: OpenAI {id, function:{name, arguments}} or Anthropic {type:"tool_use", id, name, input}');
}

function resultMessage(c, content, isError) {
  if (c.shape === 'anthropic') {
    const m = { type: 'tool_result', tool_use_id: c.id, content };
    if (isError) m.is_error = true;
    return m;
  }
  return { role: 'tool', tool_call_id: c.id, content };
}

/**
 * Runs one tool call against mem and returns the tool-result message in the call's
 * shape. o: {sessionId, ops}. Errors of the model's making come back as a result that
 * starts with "Error" (is_error in the Anthropic shape).
 */
export async function runToolCall(mem, call, o = {}) {
  const c = readCall(call);
  const ops = chosenOps(o.ops === undefined ? undefined : { ops: o.ops });
  const defs = schemas(ops);
  try {
    if (c.argsError) throw new ToolError(c.argsError);
    const def = defs.find((d) => d.name === c.name);
    if (!def) throw new ToolError(`there is no tool ${JSON.stringify(String(c.name)).slice(0, 80)}: the tools are ${defs.map((d) => d.name).join(', ')}`);
    const args = c.args ?? {};
    const bad = violation(args, def.parameters, '');
    if (bad) throw new ToolError(bad);
    const out = await run(mem, c.name, args, o.sessionId);
    return resultMessage(c, JSON.stringify(out), false);
  } catch (e) {
    if (e instanceof ToolError) return resultMessage(c, `Error: ${e.message}`, true);
    if (e instanceof MemcoreError && ['invalid_argument', 'not_found', 'conflict', 'too_large'].includes(e.code)) {
      return resultMessage(c, `Error (${e.code}${e.field ? `, ${e.field}` : ''}): ${e.message}`, true);
    }
    throw e;
  }
}

function session(sessionId, tool) {
  if (typeof sessionId !== 'string' || sessionId === '') {
    // The host's mistake, not the model's: say so to both.
    throw new ToolError(`${tool} needs a conversation: the host must pass {sessionId} to handleToolCall`);
  }
  return sessionId;
}

async function run(mem, tool, a, sessionId) {
  switch (tool) {
    case 'remember':
      switch (a.action) {
        case 'save': {
          const m = await mem.remember({ content: need(a, 'content', 'save'), type: a.type, importance: a.importance, tags: a.tags,
            ...(sessionId && { source: { sessionId } }) });
          return { saved: { id: m.id, type: m.type, content: m.content } };
        }
        case 'recall': {
          const hits = await mem.recall(need(a, 'query', 'recall'), { limit: a.limit ?? 5 });
          return { memories: hits.map((h) => ({ id: h.memory.id, type: h.memory.type, content: h.memory.content, score: Math.round(h.score * 1000) / 1000 })) };
        }
        case 'forget': {
          const r = await mem.forget(need(a, 'id', 'forget'));
          return { forgotten: r.forgotten };
        }
      }
      break;
    case 'search_conversation_traces': {
      if (a.thisSessionOnly) session(sessionId, tool);
      const hits = await mem.searchTurns(a.query, { limit: a.limit ?? 5, ...(a.thisSessionOnly && { sessionId }) });
      return { turns: hits.map(({ turn: t }) => ({ sessionId: t.sessionId, seq: t.seq, role: t.role, ...(t.name && { tool: t.name }), content: clip(t.content, 1000) })) };
    }
    case 'scratchpad': {
      const sid = session(sessionId, tool);
      switch (a.action) {
        case 'set': {
          const e = await mem.scratchpad.set(sid, need(a, 'key', 'set'), need(a, 'value', 'set'));
          return { set: e.key };
        }
        case 'get':
          return { key: a.key, value: (await mem.scratchpad.get(sid, need(a, 'key', 'get'))).value };
        case 'list':
          return { entries: (await mem.scratchpad.list(sid)).map((e) => ({ key: e.key, value: clip(e.value, 1000) })) };
        case 'delete':
          await mem.scratchpad.delete(sid, need(a, 'key', 'delete'));
          return { deleted: a.key };
      }
      break;
    }
    case 'update_plan': {
      const sid = session(sessionId, tool);
      let plan;
      if (a.goal !== undefined || a.steps !== undefined) {
        if (a.step !== undefined || a.status !== undefined) throw new ToolError('give goal and steps (a new plan) or step and status (one step), not both');
        plan = await mem.plan.set(sid, { goal: need(a, 'goal', 'a new plan'), steps: a.steps ?? [] });
      } else {
        const step = need(a, 'step', 'a step update');
        plan = await mem.plan.updateStep(sid, step - 1, need(a, 'status', 'a step update'));
      }
      return { goal: plan.goal, steps: plan.steps.map((s, i) => `${i + 1}. [${s.status}] ${s.title}`) };
    }
    case 'tasks':
      switch (a.action) {
        case 'create': {
          const t = await mem.tasks.create({ title: need(a, 'title', 'create'), description: a.description, blockedBy: a.blockedBy, ...(sessionId && { sessionId }) });
          return { task: taskView(t) };
        }
        case 'update': {
          const r = await mem.tasks.update(need(a, 'id', 'update'), { title: a.title, description: a.description, status: a.status, blockedBy: a.blockedBy });
          return { task: taskView(r.task), unblocked: r.unblocked };
        }
        case 'list':
          return { tasks: (await mem.tasks.list({ ready: a.ready || undefined, status: a.status ? [a.status] : undefined })).map(taskView) };
      }
      break;
  }
  throw new ToolError(`unknown action ${JSON.stringify(a.action)}`);
}

function taskView(t) {
  return { id: t.id, title: t.title, status: t.status, ready: t.ready, ...(t.blockedBy.length && { blockedBy: t.blockedBy }) };
}
