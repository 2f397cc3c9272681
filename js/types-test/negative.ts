// Every line after a @ts-expect-error must be a type error: the .d.ts rejects misuse at
// compile time. tsc fails if one of them compiles ("Unused '@ts-expect-error' directive").
import { Memory, MemcoreError, open, type MemoryRecord, type RecallHit } from 'memcore';

export async function misuse(mem: Memory): Promise<void> {
  // @ts-expect-error path is required
  await open({});
  // @ts-expect-error path is not a number
  await open({ path: 42 });
  // @ts-expect-error unknown option
  await open({ path: 'a.db', namespce: 'x' });
  // @ts-expect-error embed returns vectors, not one vector per call
  await open({ path: 'a.db', embed: async (t: string[]) => t.length });
  // @ts-expect-error content is required
  await mem.remember({ type: 'fact' });
  // @ts-expect-error not a memory
  await mem.remember(42);
  // @ts-expect-error unknown type
  await mem.remember({ content: 'x', type: 'gossip' });
  // @ts-expect-error importance is a number
  await mem.remember({ content: 'x', importance: 'high' });
  // @ts-expect-error unknown field
  await mem.remember({ content: 'x', colour: 'red' });
  // @ts-expect-error one in, one out: not an array
  const arr: MemoryRecord[] = await mem.remember({ content: 'x' });
  // @ts-expect-error an array in, an array out
  const single: MemoryRecord = await mem.remember([{ content: 'x' }]);
  // @ts-expect-error the query is a string
  await mem.recall(42);
  // @ts-expect-error unknown recall option
  await mem.recall('x', { top: 3 });
  // @ts-expect-error namespaces are bound by withNamespace, not per call
  await mem.recall('x', { namespace: 'other' });
  const hits: RecallHit[] = await mem.recall('x');
  // @ts-expect-error components may be absent (only with explain)
  const rel: number = hits[0]!.components.relevance;
  // @ts-expect-error expectVersion is a number
  await mem.update('id', {}, { expectVersion: '1' });
  // @ts-expect-error the id is not patchable
  await mem.update('id', { id: 'other' });
  // @ts-expect-error forget takes an id, ids or a filter
  await mem.forget(42);
  // @ts-expect-error unknown role
  await mem.appendTurns('s', [{ role: 'robot', content: 'x' }]);
  // @ts-expect-error turns is an array
  await mem.appendTurns('s', { role: 'user', content: 'x' });
  // @ts-expect-error namespace is read-only
  mem.namespace = 'x';
  // @ts-expect-error no public constructor
  new Memory();
  // @ts-expect-error not an error code
  new MemcoreError('oops', 'm');
  // @ts-expect-error tierUp is a boolean
  await open({ path: 'a.db', tierUp: 'yes' });
  // @ts-expect-error callbackTimeoutMs is a number of milliseconds
  await open({ path: 'a.db', callbackTimeoutMs: '5s' });
  // @ts-expect-error busyTimeoutMs is a number of milliseconds
  await open({ path: 'a.db', busyTimeoutMs: '5s' });
  // @ts-expect-error unknown limit
  await open({ path: 'a.db', limits: { maxContent: 1 } });
  void [arr, single, rel];
}

export async function misuseConversations(mem: Memory): Promise<void> {
  // @ts-expect-error messages is an array, not a string
  await mem.extractFacts('Hi, my name is Ada.');
  // @ts-expect-error a message has a role
  await mem.extractFacts([{ content: 'x' }]);
  // @ts-expect-error commit is a boolean
  await mem.extractFacts([{ role: 'user', content: 'x' }], { commit: 'yes' });
  // @ts-expect-error unknown extract option
  await mem.extractFacts([{ role: 'user', content: 'x' }], { llm: true });
  // @ts-expect-error consolidate's limit is a number
  await mem.consolidate({ limit: '10' });
  // @ts-expect-error force is a boolean
  await mem.compact([{ role: 'user', content: 'x' }], { force: 1 });
  // @ts-expect-error messages are the first argument of compact, not an option
  await mem.compact({ messages: [] });
  // @ts-expect-error budgetTokens is required
  await mem.buildContext({ sessionId: 's', messages: [] });
  // @ts-expect-error sessionId is required
  await mem.buildContext({ messages: [], budgetTokens: 1000 });
  // @ts-expect-error unknown complexity
  await mem.buildContext({ sessionId: 's', messages: [], budgetTokens: 1000, complexity: 'hard' });
  // @ts-expect-error unknown shape
  await mem.buildContext({ sessionId: 's', messages: [], budgetTokens: 1000, shape: 'gemini' });
  // @ts-expect-error the session id is a string
  await mem.endSession(7);
  const c = await mem.compact([{ role: 'user' as const, content: 'x' }]);
  // @ts-expect-error the messages keep their type: content is a string here
  const n: number = c.messages[0]!.content;
  // @ts-expect-error summaryBy is a closed union
  if (c.report.summaryBy === 'gpt') return;
  void n;
}

export async function misuseWorkingMemory(mem: Memory): Promise<void> {
  // @ts-expect-error document names are case-sensitive
  await mem.documents.get('identity');
  // @ts-expect-error not a document name
  await mem.documents.set('NOTES', 'x');
  // @ts-expect-error content is a string
  await mem.documents.set('USER', { text: 'x' });
  // @ts-expect-error the scratchpad is per session: the session id comes first
  await mem.scratchpad.set('key', 'value');
  // @ts-expect-error values are strings
  await mem.scratchpad.set('s', 'k', 42);
  // @ts-expect-error a plan has a goal
  await mem.plan.set('s', { steps: [] });
  // @ts-expect-error unknown step status
  await mem.plan.set('s', { goal: 'g', steps: [{ title: 't', status: 'done' }] });
  // @ts-expect-error the index is a number
  await mem.plan.updateStep('s', '0', 'completed');
  // @ts-expect-error unknown status
  await mem.plan.updateStep('s', 0, 'started');
  // @ts-expect-error the state is a string
  await mem.state.set('s', { cart: 2 });
  // @ts-expect-error documents is read-only
  mem.documents = mem.documents;
  // @ts-expect-error no tasks API yet
  await mem.tasks.list('s');
}

export async function misuseSnapshots(mem: Memory): Promise<void> {
  // @ts-expect-error restore takes bytes, not base64
  await mem.restore('U1FMaXRlIGZvcm1hdCAzAA==');
  // @ts-expect-error nor an array of numbers
  await mem.restore([83, 81, 76]);
  // @ts-expect-error a snapshot is bytes
  const s: string = await mem.snapshot();
  // @ts-expect-error llm is a function
  await open({ path: 'a.db', llm: true });
  // @ts-expect-error llm answers with text, not an object
  await open({ path: 'a.db', llm: async () => ({ text: 'x' }) });
  void s;
}

export function narrow(e: MemcoreError): void {
  // @ts-expect-error code is a closed union
  if (e.code === 'timeout') return;
  // @ts-expect-error field may be undefined
  const f: string = e.field;
  void f;
  // @ts-expect-error recallTurns is a boolean
  await mem.buildContext({ sessionId: 's', messages: [], budgetTokens: 100, recallTurns: 'no' });
}

export async function browserStatsWrong(): Promise<void> {
  // @ts-expect-error persist is a boolean
  await open({ path: 'agent.db', persist: 'yes' });
  const s = await open({ path: 'agent.db' }).then((m) => m.stats());
  // @ts-expect-error browser may be absent (not a browser, or not OPFS)
  const owner: boolean = s.browser.owner;
  void owner;
}

export async function glueMisuse(mem: Memory): Promise<void> {
  // @ts-expect-error messages are an array
  await mem.appendMessages('s1', { role: 'user', content: 'x' });
  // @ts-expect-error unknown shape
  mem.memoryTools({ shape: 'gemini' });
  // @ts-expect-error unknown op
  mem.memoryTools({ ops: ['delete_everything'] });
  // @ts-expect-error an OpenAI call answers with an OpenAI result
  const r: import('memcore').AnthropicToolResult = await mem.handleToolCall({ id: 'c', function: { name: 'x', arguments: '{}' } });
  // @ts-expect-error route takes a text or a message
  await mem.route(42);
  // @ts-expect-error a task needs a title
  await mem.tasks.create({ blockedBy: [] });
  // @ts-expect-error unknown task status
  await mem.tasks.update('t', { status: 'done' });
  // @ts-expect-error unknown export format
  await mem.export({ format: 'csv' });
  // @ts-expect-error import does not take a number
  await mem.import(42);
  // @ts-expect-error unknown role
  await mem.appendTurns('s', [{ role: 'robot', content: 'x' }]);
  void r;
}

export async function durableObjectStorage(): Promise<void> {
  // @ts-expect-error storage is a Durable Object's storage with the synchronous SQL API, not a string
  await open({ path: 'memcore.db', storage: 'ctx.storage' });
  // @ts-expect-error the storage needs transactionSync
  await open({ path: 'memcore.db', storage: { sql: { exec: () => ({ toArray: () => [] }) } } });
}
