// The runtime-independent half of the package, entered here: the Memory class. Its parts
// beside it: options.js (open's options), values.js (argument checks and encoding),
// snapshot-bytes.js, engine-client.js (the client that speaks the JSON protocol,
// docs/PROTOCOL.md, to the wasm engine) and connection.js. Each runtime entry (node.js,
// browser.js, workerd.js) loads the engine its own way and hands EngineClient an object
// with call(requestJSON): Promise<responseJSON>; this module re-exports what they use.

import { invalid } from './errors.js';
import { importArgs } from './glue.js';
import { runToolCall, toolDefinitions } from './tools.js';
import { binarySnapshotResult, snapshotBytes, snapshotResult, toBase64 } from './snapshot-bytes.js';
import { checkNamespace } from './options.js';
import { CONSOLIDATE_STEPS, checkMessages, checkSessionFirst, checkString, describe, detailedOption, encode, isObject, options } from './values.js';

export { Connection, EngineSlot, SharedFiles, connectMemory } from './connection.js';
export { EngineClient } from './engine-client.js';
export { DEFAULT_CALLBACK_TIMEOUT_MS, DEFAULT_LIMITS, DEFAULT_SCORING, checkNamespace, checkOpenOptions, openArgs } from './options.js';
export { fromBase64, snapshotBytes, toBase64 } from './snapshot-bytes.js';
export { MAX_DEPTH, encode } from './values.js';

const INTERNAL = Symbol('memcore.internal');

/** Returns a Memory over conn bound to namespace (for the runtime entries, not exported). */
export function memoryView(conn, namespace) {
  return new Memory(INTERNAL, conn, namespace);
}

/**
 * Memory: one namespace of an open memcore database. Get one from open(). Every method
 * checks its arguments' JavaScript types first (invalid_argument, naming the field as the
 * engine would) and the engine checks the rest; a closed database is `closed` before
 * anything else.
 */
export class Memory {
  #conn;
  #ns;
  #documents;
  #quota;
  #scratchpad;
  #plan;
  #state;
  #tasks;

  constructor(token, conn, namespace) {
    if (token !== INTERNAL) throw new TypeError('use open() to get a Memory');
    this.#conn = conn;
    this.#ns = namespace;
  }

  get namespace() {
    return this.#ns;
  }

  get closed() {
    return this.#conn.closed;
  }

  withNamespace(namespace) {
    checkNamespace(namespace);
    this.#conn.check();
    return new Memory(INTERNAL, this.#conn, namespace);
  }

  #call(op, args) {
    return this.#conn.call(op, { ...args, namespace: this.#ns });
  }

  // ─── Memories ───────────────────────────────────────────────────────────────────────

  async remember(input, opts) {
    this.#conn.check();
    const detailed = detailedOption(opts);
    if (Array.isArray(input)) {
      const r = await this.#call('remember', { memories: encode(input, 'memories') });
      return detailed ? r : r.memories;
    }
    if (!isObject(input)) {
      throw invalid('memory', `remember takes a memory object or an array of them, got ${describe(input)}`);
    }
    const r = await this.#call('remember', { memory: encode(input, 'memory') });
    return detailed ? r : r.memories[0];
  }

  async get(id) {
    this.#conn.check();
    const r = await this.#call('get', { id: checkString(id, 'id', 'an id') });
    return r.memory;
  }

  async list(filter) {
    this.#conn.check();
    const r = await this.#call('list', options(filter, 'filter'));
    return { memories: r.memories, nextCursor: r.nextCursor || undefined };
  }

  async update(id, patch, opts) {
    this.#conn.check();
    checkString(id, 'id', 'an id');
    if (!isObject(patch)) throw invalid('patch', `update takes a patch object, got ${describe(patch)}`);
    const { detailed, ...rest } = options(opts, 'options', ['id', 'patch']);
    if (detailed !== undefined && typeof detailed !== 'boolean') throw invalid('detailed', `detailed is a boolean, got ${describe(detailed)}`);
    const r = await this.#call('update', { ...rest, id, patch: encode(patch, 'patch') });
    return detailed ? r : r.memory;
  }

  async forget(target, opts) {
    this.#conn.check();
    const o = options(opts, 'options', ['id', 'ids', 'filter']);
    let what;
    if (typeof target === 'string') what = { id: target };
    else if (Array.isArray(target)) what = { ids: encode(target, 'ids') };
    else if (isObject(target)) what = { filter: encode(target, 'filter') };
    else throw invalid('id', `forget takes an id, an array of ids or a filter, got ${describe(target)}`);
    return this.#call('forget', { ...o, ...what });
  }

  async history(id) {
    this.#conn.check();
    return (await this.#call('history', { id: checkString(id, 'id', 'an id') })).history;
  }

  async recall(query, opts) {
    this.#conn.check();
    checkString(query, 'query', 'a query');
    return (await this.#call('recall', { ...options(opts, 'options', ['query']), query })).hits;
  }

  async stats() {
    this.#conn.check();
    return this.#call('stats', {});
  }

  // ─── Conversations ──────────────────────────────────────────────────────────────────

  async appendTurns(sessionId, turns) {
    this.#conn.check();
    checkSessionFirst(sessionId, 'appendTurns', 'turns');
    if (!Array.isArray(turns)) throw invalid('turns', `appendTurns takes an array of turns, got ${describe(turns)}`);
    return (await this.#call('appendTurns', { sessionId, turns: encode(turns, 'turns') })).turns;
  }

  async searchTurns(query, opts) {
    this.#conn.check();
    checkString(query, 'query', 'a query');
    return (await this.#call('searchTurns', { ...options(opts, 'options', ['query']), query })).hits;
  }

  /** extractFacts op: the result as the engine returns it (docs/FACTS.md). */
  async extractFacts(messages, opts) {
    this.#conn.check();
    const m = checkMessages(messages);
    return this.#call('extractFacts', { ...options(opts, 'options', ['messages']), messages: m });
  }

  /**
   * consolidate op: the daily upkeep (retries, decay, sweep, fold, index). With
   * onProgress the steps run one request each, and onProgress({step, index, total,
   * result}) is called after each with that step's result; the merged result is returned.
   */
  async consolidate(opts) {
    this.#conn.check();
    const { onProgress, ...o } = isObject(opts) ? opts : { onProgress: undefined, ...options(opts) };
    if (onProgress === undefined) return this.#call('consolidate', options(o));
    if (typeof onProgress !== 'function') throw invalid('onProgress', `onProgress is a function ({step, index, total, result}) => void, got ${describe(onProgress)}`);
    const args = options(o);
    const steps = args.steps === undefined ? CONSOLIDATE_STEPS : args.steps;
    if (!Array.isArray(steps)) throw invalid('steps', `steps is an array of step names, got ${describe(steps)}`);
    const todo = steps.length ? CONSOLIDATE_STEPS.filter((s) => steps.includes(s)) : CONSOLIDATE_STEPS;
    const unknown = steps.findIndex((s) => !CONSOLIDATE_STEPS.includes(s));
    if (unknown >= 0) throw invalid(`steps[${unknown}]`, `${JSON.stringify(steps[unknown])} is not one of ${CONSOLIDATE_STEPS.join(', ')}`);
    let merged = null;
    for (const [index, step] of todo.entries()) {
      const result = await this.#call('consolidate', { ...args, steps: [step] });
      if (merged === null) merged = { ...result, steps: [] };
      else {
        for (const k of Object.keys(result)) {
          if (k === 'steps' || k === 'plan') continue;
          if (typeof result[k] === 'number' && k !== 'pending') merged[k] = (merged[k] || 0) + result[k];
          else if (merged[k] === undefined || k === 'pending') merged[k] = result[k];
        }
        if (result.plan) merged.plan = [...(merged.plan || []), ...result.plan];
      }
      merged.steps.push(step);
      await onProgress({ step, index, total: todo.length, result });
    }
    return merged;
  }

  /** compact op: {messages (in the shape given), report} (docs/COMPACTION.md). */
  async compact(messages, opts) {
    this.#conn.check();
    const m = checkMessages(messages);
    return this.#call('compact', { ...options(opts, 'options', ['messages']), messages: m });
  }

  /** buildContext op: {messages, system, shape, recalled, report} (docs/CONTEXT.md). */
  async buildContext(opts) {
    this.#conn.check();
    if (!isObject(opts)) {
      throw invalid('options', `buildContext takes an options object {sessionId, messages, budgetTokens, …}, got ${describe(opts)}`);
    }
    if (opts.sessionId !== undefined) checkString(opts.sessionId, 'sessionId', 'a session id');
    if (opts.messages !== undefined) checkMessages(opts.messages);
    return this.#call('buildContext', options(opts));
  }

  /** endSession op: {episode, by}. */
  async endSession(sessionId) {
    this.#conn.check();
    return this.#call('endSession', { sessionId: checkString(sessionId, 'sessionId', 'a session id') });
  }

  /** episodes.list op: the episodes, oldest first. */
  async episodes(opts) {
    this.#conn.check();
    return (await this.#call('episodes.list', options(opts))).episodes;
  }

  // ─── Documents and working memory ───────────────────────────────────────────────────

  /** quota.* ops: the namespace's own quota (maxMemories, maxBytes, onExceed) and its usage. */
  get quota() {
    return (this.#quota ??= Object.freeze({
      get: async () => {
        this.#conn.check();
        return this.#call('quota.get', {});
      },
      set: async (quota) => {
        this.#conn.check();
        if (quota !== null && !isObject(quota)) throw invalid('quota', `quota is an object {maxMemories, maxBytes, onExceed} or null, got ${describe(quota)}`);
        return this.#call('quota.set', { quota: quota === null ? null : encode(quota, 'quota') });
      },
    }));
  }

  get documents() {
    return (this.#documents ??= Object.freeze({
      get: async (name) => {
        this.#conn.check();
        return this.#call('documents.get', { name: checkString(name, 'name', 'a document name') });
      },
      set: async (name, content) => {
        this.#conn.check();
        checkString(name, 'name', 'a document name');
        return this.#call('documents.set', { name, content: checkString(content, 'content', 'a document\'s content') });
      },
      list: async () => {
        this.#conn.check();
        return (await this.#call('documents.list', {})).documents;
      },
      delete: async (name) => {
        this.#conn.check();
        return this.#call('documents.delete', { name: checkString(name, 'name', 'a document name') });
      },
    }));
  }

  get scratchpad() {
    return (this.#scratchpad ??= Object.freeze({
      set: async (sessionId, key, value) => {
        this.#conn.check();
        checkString(sessionId, 'sessionId', 'a session id');
        checkString(key, 'key', 'a scratchpad key');
        return this.#call('scratchpad.set', { sessionId, key, value: checkString(value, 'value', 'a scratchpad value') });
      },
      get: async (sessionId, key) => {
        this.#conn.check();
        checkString(sessionId, 'sessionId', 'a session id');
        return this.#call('scratchpad.get', { sessionId, key: checkString(key, 'key', 'a scratchpad key') });
      },
      list: async (sessionId) => {
        this.#conn.check();
        checkString(sessionId, 'sessionId', 'a session id');
        return (await this.#call('scratchpad.list', { sessionId })).entries;
      },
      delete: async (sessionId, key) => {
        this.#conn.check();
        checkString(sessionId, 'sessionId', 'a session id');
        return this.#call('scratchpad.delete', { sessionId, key: checkString(key, 'key', 'a scratchpad key') });
      },
    }));
  }

  get plan() {
    return (this.#plan ??= Object.freeze({
      set: async (sessionId, plan) => {
        this.#conn.check();
        checkString(sessionId, 'sessionId', 'a session id');
        if (!isObject(plan)) throw invalid('plan', `plan.set takes a plan {goal, steps: [{title, status?}]}, got ${describe(plan)}`);
        if (Object.hasOwn(plan, 'sessionId')) throw invalid('sessionId', 'the session id is the first argument of plan.set, not a field of the plan');
        return this.#call('plan.set', { ...options(plan, 'plan'), sessionId });
      },
      get: async (sessionId) => {
        this.#conn.check();
        return this.#call('plan.get', { sessionId: checkString(sessionId, 'sessionId', 'a session id') });
      },
      updateStep: async (sessionId, index, status) => {
        this.#conn.check();
        checkString(sessionId, 'sessionId', 'a session id');
        if (!Number.isSafeInteger(index)) throw invalid('index', `a step index is an integer (0-based), got ${describe(index)}`);
        return this.#call('plan.updateStep', { sessionId, index, status: checkString(status, 'status', 'a step status') });
      },
    }));
  }

  get state() {
    return (this.#state ??= Object.freeze({
      set: async (sessionId, state) => {
        this.#conn.check();
        checkString(sessionId, 'sessionId', 'a session id');
        return this.#call('state.set', { sessionId, state: checkString(state, 'state', 'a business state') });
      },
      get: async (sessionId) => {
        this.#conn.check();
        return this.#call('state.get', { sessionId: checkString(sessionId, 'sessionId', 'a session id') });
      },
    }));
  }

  // ─── Agent glue: chat messages, tools, tasks, routing, export/import ─────────────────

  /** appendMessages op: OpenAI or Anthropic messages, as they are, stored as turns. */
  async appendMessages(sessionId, messages) {
    this.#conn.check();
    checkSessionFirst(sessionId, 'appendMessages', 'messages');
    return (await this.#call('appendMessages', { sessionId, messages: checkMessages(messages) })).turns;
  }

  /** Tool definitions (JSON Schema) that let the model use this memory (tools.js). */
  memoryTools(opts) {
    return toolDefinitions(opts);
  }

  /** Runs one tool call of the model; the tool-result message in the call's shape. */
  async handleToolCall(call, opts) {
    this.#conn.check();
    const o = options(opts, 'options');
    for (const k of Object.keys(o)) {
      if (k !== 'sessionId' && k !== 'ops') throw invalid(k, `unknown option ${JSON.stringify(k)}`);
    }
    if (o.sessionId !== undefined) checkString(o.sessionId, 'sessionId', 'a session id');
    return runToolCall(this, call, o);
  }

  /** route op: which layer a text or a chat message belongs to. */
  async route(textOrMessage) {
    this.#conn.check();
    if (typeof textOrMessage === 'string') return this.#call('route', { text: textOrMessage });
    if (isObject(textOrMessage)) return this.#call('route', { message: encode(textOrMessage, 'message') });
    throw invalid('text', `route takes a text or a chat message, got ${describe(textOrMessage)}`);
  }

  get tasks() {
    return (this.#tasks ??= Object.freeze({
      create: async (task) => {
        this.#conn.check();
        if (!isObject(task)) throw invalid('task', `tasks.create takes {title, description?, blockedBy?, status?, sessionId?}, got ${describe(task)}`);
        return (await this.#call('tasks.create', options(task, 'task'))).task;
      },
      get: async (id) => {
        this.#conn.check();
        return (await this.#call('tasks.get', { id: checkString(id, 'id', 'a task id') })).task;
      },
      update: async (id, patch) => {
        this.#conn.check();
        checkString(id, 'id', 'a task id');
        if (!isObject(patch)) throw invalid('patch', `tasks.update takes a patch {status?, title?, blockedBy?, …}, got ${describe(patch)}`);
        return this.#call('tasks.update', { ...options(patch, 'patch', ['id']), id });
      },
      delete: async (id) => {
        this.#conn.check();
        return this.#call('tasks.delete', { id: checkString(id, 'id', 'a task id') });
      },
      list: async (filter) => {
        this.#conn.check();
        return (await this.#call('tasks.list', options(filter, 'filter'))).tasks;
      },
      ready: async () => {
        this.#conn.check();
        return (await this.#call('tasks.list', { ready: true })).tasks;
      },
    }));
  }

  /**
   * export op: {format, data} (JSON Lines) or {format, files} (Markdown). onProgress, when
   * given, hears {phase: 'export' | 'done', …}.
   */
  async export(opts) {
    this.#conn.check();
    const { onProgress, ...o } = opts ?? {};
    if (onProgress !== undefined && typeof onProgress !== 'function') throw invalid('onProgress', 'onProgress is a function');
    onProgress?.({ phase: 'export' });
    const r = await this.#call('export', options(o));
    onProgress?.({ phase: 'done', counts: r.counts });
    return { ...r, data: r.data ?? undefined, files: r.files ?? undefined };
  }

  /**
   * import op: checks everything first (a dry run), then writes all or nothing. data: JSON
   * Lines (string, bytes, Blob/File) or a Markdown folder ([{path, content}] or Files).
   */
  async import(data, opts) {
    this.#conn.check();
    const { onProgress, ...rest } = opts ?? {};
    if (onProgress !== undefined && typeof onProgress !== 'function') throw invalid('onProgress', 'onProgress is a function');
    const o = options(rest, 'options', ['data', 'files', 'format']);
    const args = { ...o, ...(await importArgs(data)) };
    onProgress?.({ phase: 'check' });
    const checked = await this.#call('import', { ...args, dryRun: true });
    if (o.dryRun) {
      onProgress?.({ phase: 'done', report: checked });
      return checked;
    }
    onProgress?.({ phase: 'write', report: checked });
    const r = await this.#call('import', args);
    onProgress?.({ phase: 'done', report: r });
    return r;
  }

  // ─── Snapshots ──────────────────────────────────────────────────────────────────────

  /** snapshot op: the whole database (every namespace) as the bytes of an SQLite file. */
  async snapshot() {
    this.#conn.check();
    if (this.#conn.client.binary) {
      // Node and workerd: the bytes come beside the JSON (args binary: true), not as base64.
      const { result, bytes } = await this.#conn.callBytes('snapshot', { namespace: this.#ns, binary: true }, null);
      return binarySnapshotResult(result, bytes);
    }
    return snapshotResult(await this.#call('snapshot', {}));
  }

  /** restore op: replaces the whole database with a snapshot's bytes, after checking them. */
  async restore(data) {
    this.#conn.check();
    const bytes = snapshotBytes(data);
    if (this.#conn.client.binary) {
      return (await this.#conn.callBytes('restore', { namespace: this.#ns, binary: true }, bytes)).result;
    }
    return this.#call('restore', { data: toBase64(bytes) });
  }

  close() {
    return this.#conn.close();
  }
}
