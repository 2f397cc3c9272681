// Everything here must type-check: the documented uses of the package.
import {
  DEFAULT_LIMITS,
  DEFAULT_SCORING,
  ERROR_CODES,
  Memory,
  MemcoreError,
  VERSION,
  open,
  preload,
  type BrowserStats,
  type AnthropicToolDefinition,
  type AnthropicToolResult,
  type BuildContextResult,
  type ExportProgress,
  type ExportResult,
  type ImportReport,
  type MarkdownFile,
  type OpenAIToolDefinition,
  type OpenAIToolResult,
  type RouteDecision,
  type Task,
  type TaskUpdateResult,
  type ToolCall,
  type RecalledItem,
  type BusinessState,
  type EngineInfo,
  type ChatMessage,
  type CompactReport,
  type CompactResult,
  type CompletionRequest,
  type ConsolidateResult,
  type Document,
  type DocumentInfo,
  type EmbedFunction,
  type EndSessionResult,
  type Episode,
  type ErrorCode,
  type ExtractResult,
  type FactCandidate,
  type HistoryEntry,
  type LLMFunction,
  type ListPage,
  type MemoryInput,
  type MemoryRecord,
  type Plan,
  type PlanStep,
  type RecallHit,
  type RestoreResult,
  type ScratchpadEntry,
  type Stats,
  type Turn,
  type TurnHit,
} from 'memcore';

export async function documented(): Promise<void> {
  const mem: Memory = await open({ path: 'agent.db' });
  const one: MemoryRecord = await mem.remember({ type: 'preference', content: '用户喜欢用 Python 写脚本', importance: 0.8 });
  const many: MemoryRecord[] = await mem.remember([{ content: 'a' }, { content: 'b', tags: ['x'], expiresAt: new Date() }]);
  const hits: RecallHit[] = await mem.recall('Python 脚本', { limit: 5, explain: true, since: new Date(0), types: ['preference'] });
  const first = hits[0];
  if (first) {
    const c = first.components;
    const vector: number | undefined = c?.vector;
    const relevance: number | undefined = c?.relevance;
    void vector;
    void relevance;
    await mem.forget(first.memory.id);
  }
  await mem.forget([one.id], { purge: true });
  await mem.forget({ tags: ['x'], createdBefore: '2030-01-01T00:00:00Z' });
  const page: ListPage = await mem.list({ types: ['fact'], limit: 20 });
  let cursor: string | undefined = page.nextCursor;
  while (cursor) cursor = (await mem.list({ cursor })).nextCursor;
  const updated = await mem.update(many[0]!.id, { importance: 0.9, tags: ['tools'] }, { expectVersion: 1 });
  const version: number = updated.version;
  const history: HistoryEntry[] = await mem.history(updated.id);
  const op: 'create' | 'update' | 'forget' | undefined = history[0]?.op;
  const got = await mem.get(updated.id);
  const sessionId: string | undefined = got.source?.sessionId;
  const person: string | undefined = got.card?.person;
  const turns: Turn[] = await mem.appendTurns('s1', [{ role: 'user', content: '我明天要去北京出差' }, { role: 'tool', name: 'cal', content: 'ok' }]);
  const th: TurnHit[] = await mem.searchTurns('北京', { sessionId: 's1', limit: 3 });
  const st: Stats = await mem.stats();
  const prefs: number | undefined = st.byType.preference;
  const alice: Memory = mem.withNamespace('alice');
  const ns: string = alice.namespace;
  const closed: boolean = alice.closed;
  await mem.close();
  void [version, op, sessionId, person, turns, th, prefs, ns, closed];
}

export async function options(): Promise<void> {
  const embed: EmbedFunction = async (texts) => texts.map(() => [0.1, 0.2]);
  const typed: EmbedFunction = (texts) => texts.map(() => new Float32Array(4));
  const url = { href: 'file:///tmp/x.db', protocol: 'file:', pathname: '/tmp/x.db' }; // what a URL is, structurally
  await open({ path: url, namespace: 'n', embed, cacheKiB: 1024, readOnly: false, tierUp: false });
  await open({ path: ':memory:', embed, callbackTimeoutMs: 5_000 });
  await open({ path: 'a.db', busyTimeoutMs: 250 });
  await open({ path: ':memory:', embed: typed, limits: { maxContentBytes: 1024 }, scoring: { importance: 0.3, turnFeedback: 0 } });
  const n: number = DEFAULT_LIMITS.maxBatch + DEFAULT_SCORING.rrfK;
  const v: string = VERSION;
  void [n, v];
}

export function errors(e: unknown): string {
  const codes: readonly ErrorCode[] = ERROR_CODES;
  void codes;
  if (e instanceof MemcoreError) {
    const err: Error = e;
    void err;
    switch (e.code) {
      case 'invalid_argument':
        return `fix ${e.field ?? 'the input'}: ${e.message}`;
      case 'not_found':
      case 'conflict':
      case 'too_large':
      case 'closed':
      case 'unsupported':
      case 'storage':
      case 'internal':
        return e.code;
      default: {
        const never: never = e.code;
        return never;
      }
    }
  }
  return String(e);
}

export async function either(mem: Memory, input: MemoryInput | MemoryInput[]): Promise<number> {
  const r: MemoryRecord | MemoryRecord[] = await mem.remember(input);
  return Array.isArray(r) ? r.length : 1;
}

export const custom = new MemcoreError('not_found', 'no such memory', 'id');
export const input: MemoryInput = { content: 'x', card: { person: 'Lin', relationship: 'friend' }, source: { sessionId: 's', turnIds: ['t'] } };

// ─── Conversations, documents, working memory, snapshots, the LLM ───────────────────────

/** An SDK-like message type: an interface (no index signature), a union of roles. */
interface SdkMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_call_id?: string;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
}

/** Anthropic's shape: content blocks. */
type AnthropicMessage = {
  role: 'user' | 'assistant';
  content: string | Array<{ type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown } | { type: 'tool_result'; tool_use_id: string; content: string }>;
};

export async function conversation(mem: Memory, history: SdkMessage[], claude: AnthropicMessage[]): Promise<void> {
  const ex: ExtractResult = await mem.extractFacts(
    [
      { role: 'user', content: 'Hi, my name is Ada.' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
    ],
    { commit: true, sessionId: 's1', date: '2026-03-04', useLLM: false },
  );
  const fact: FactCandidate | undefined = ex.facts[0];
  const evidence: number[] | undefined = fact?.evidence;
  const by: 'heuristic' | 'llm' = ex.by;
  const reason: 'too_few_messages' | 'no_cues' | 'all_known' | 'all_read' | undefined = ex.reason;
  const counts: number = ex.read + ex.unread + ex.known;
  const stored: MemoryRecord[] = ex.memories;
  await mem.extractFacts(history);
  await mem.extractFacts(claude, {});
  const cons: ConsolidateResult = await mem.consolidate({ limit: 5 });
  await mem.consolidate();

  // What comes back has the type that went in.
  const c: CompactResult<SdkMessage> = await mem.compact(history, { sessionId: 's1', force: true, maxTokens: 6000, workingState: 'Plan: …' });
  const again: SdkMessage[] = c.messages;
  const rep: CompactReport = c.report;
  const summaryBy: 'llm' | 'extractive' | '' = rep.summaryBy;
  const llmError: string | undefined = rep.llmError;
  const a = await mem.compact(claude, { maxMessages: 20, maxChars: 48_000 });
  const claudeAgain: AnthropicMessage[] = a.messages;
  const stored2: number = a.report.storedTurns;

  const ctx: BuildContextResult<SdkMessage> = await mem.buildContext({
    sessionId: 's1',
    messages: history,
    budgetTokens: 8000,
    systemPrompt: 'You are helpful.',
    complexity: 'complex',
    query: 'deploy',
    shape: 'openai',
  });
  const system: string = ctx.system;
  const recalled: string[] = ctx.recalled;
  const trimmed: Array<'recall' | 'working' | 'history' | 'reserve'> = ctx.report.trimmed;
  const compacted: number | undefined = ctx.report.compaction?.summarized;
  const plain = await mem.buildContext({ sessionId: 's2', messages: [{ role: 'user', content: 'hi' }], budgetTokens: 1000 });
  const first: ChatMessage | undefined = plain.messages[0];
  const anth = await mem.buildContext({ sessionId: 's3', messages: claude, budgetTokens: 1000, shape: 'anthropic' });
  const anthMessages: AnthropicMessage[] = anth.messages;
  const memOnly = await mem.buildContext({ sessionId: 's4', messages: [], budgetTokens: 1000, recallTurns: false });
  const items: RecalledItem[] = memOnly.recalledItems;
  const from: 'memory' | 'turn' | 'document' | undefined = items[0]?.kind;
  const said: string | undefined = items[0]?.sessionId;

  const end: EndSessionResult = await mem.endSession('s1');
  const ep: Episode = end.episode;
  const lessons: string[] = ep.lessons;
  const memoryId: string | undefined = ep.memoryId;
  const eps: Episode[] = await mem.episodes({ sessionId: 's1' });
  await mem.episodes();
  void [evidence, by, reason, counts, stored, cons, again, summaryBy, llmError, claudeAgain, stored2, system, recalled, trimmed, compacted, first, anthMessages, lessons, memoryId, eps];
}

export async function workingMemory(mem: Memory): Promise<void> {
  const doc: Document = await mem.documents.set('USER', '# User\nAda, a data analyst in Berlin.');
  await mem.documents.set('daily/2026-03-04', '');
  const got: Document = await mem.documents.get('MEMORY');
  const docs: DocumentInfo[] = await mem.documents.list();
  const bytes: number | undefined = docs[0]?.bytes;
  const del: { deleted: true; name: string } = await mem.documents.delete('SOUL');

  const e: ScratchpadEntry = await mem.scratchpad.set('s1', 'subagent_result::research', 'found 3 papers');
  const v: string = (await mem.scratchpad.get('s1', 'subagent_result::research')).value;
  const entries: ScratchpadEntry[] = await mem.scratchpad.list('s1');
  await mem.scratchpad.delete('s1', 'subagent_result::research');

  const plan: Plan = await mem.plan.set('s1', { goal: 'Deploy Atlas', steps: [{ title: 'build' }, { title: 'test', status: 'in_progress' }] });
  await mem.plan.set('s2', { goal: 'No steps yet' });
  const steps: PlanStep[] = (await mem.plan.get('s1')).steps;
  const updated: Plan = await mem.plan.updateStep('s1', 1, 'completed');
  const st: BusinessState = await mem.state.set('s1', 'cart: 2 items');
  const state: string = (await mem.state.get('s1')).state;
  void [doc, got, bytes, del, e, v, entries, plan, steps, updated, st, state];
}

export async function snapshots(mem: Memory): Promise<void> {
  const bytes: Uint8Array = await mem.snapshot();
  const fresh = await open({ path: ':memory:' });
  const r: RestoreResult = await fresh.restore(bytes);
  await fresh.restore(bytes.buffer);
  await fresh.restore(new DataView(new ArrayBuffer(8)));
  const n: number = r.memories + r.bytes + r.schemaVersion + r.fromSchemaVersion;
  void n;
}

export async function withLLM(): Promise<Memory> {
  const llm: LLMFunction = async ({ system, messages, maxTokens, temperature, json }: CompletionRequest) => {
    const prompt = messages.map((m) => `${m.role}: ${m.content}`).join('\n');
    void [system, maxTokens, temperature, json];
    return json ? '[]' : `summary of ${prompt.length} characters`;
  };
  const sync: LLMFunction = () => 'ok';
  await open({ path: ':memory:', llm: sync });
  return open({ path: 'agent.db', llm, embed: async (t) => t.map(() => [1, 0]) });
}

export async function browserStats(): Promise<void> {
  const mem = await open({ path: 'agent.db', persist: false });
  const s = await mem.stats();
  const b: BrowserStats | undefined = s.browser;
  if (b) {
    const owner: boolean = b.owner;
    const kept: boolean | null = b.persisted;
    const room: number | null = b.quotaBytes === null || b.usageBytes === null ? null : b.quotaBytes - b.usageBytes;
    void [owner, kept, room];
  }
}

export async function preloads(): Promise<void> {
  const info: EngineInfo = await preload({ warm: false, wasmURL: '/memcore.wasm' });
  await preload();
  void info;
}

export async function glue(mem: Memory): Promise<void> {
  const turns: Turn[] = await mem.appendMessages('s1', [
    { role: 'developer', content: 'Be brief.' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
    { role: 'tool', tool_call_id: 'c1', content: 'ok' },
  ]);
  const calls: ToolCall[] | undefined = turns[1]?.toolCalls;
  const callId: string | undefined = turns[2]?.callId;
  await mem.appendTurns('s1', [{ role: 'developer', content: 'x' }, { role: 'tool', name: 'f', callId: 'c1', content: '' }]);

  const oa: OpenAIToolDefinition[] = mem.memoryTools();
  const an: AnthropicToolDefinition[] = mem.memoryTools({ shape: 'anthropic', ops: ['save', 'recall', 'search'] });
  const r1: OpenAIToolResult = await mem.handleToolCall({ id: 'c', type: 'function', function: { name: 'remember', arguments: '{}' } }, { sessionId: 's1' });
  const r2: AnthropicToolResult = await mem.handleToolCall({ type: 'tool_use', id: 't', name: 'remember', input: { action: 'recall', query: 'x' } });
  const isErr: true | undefined = r2.is_error;

  const d: RouteDecision = await mem.route('I prefer tea');
  const d2: RouteDecision = await mem.route({ role: 'user', content: 'x' });
  const layer: 'scratchpad' | 'plan' | 'turn' | 'memory' | 'document' = d.layer;

  const t: Task = await mem.tasks.create({ title: 'migrate', blockedBy: [] });
  const u: TaskUpdateResult = await mem.tasks.update(t.id, { status: 'completed', addBlockedBy: [] });
  const ready: Task[] = await mem.tasks.ready();
  const listed: Task[] = await mem.tasks.list({ status: ['pending', 'in_progress'], ready: true });
  await mem.tasks.delete(t.id);

  const ex: ExportResult = await mem.export({ format: 'jsonl', namespaces: ['*'], onProgress: (p: ExportProgress) => void p.phase });
  const md: MarkdownFile[] | undefined = (await mem.export({ format: 'md' })).files;
  const rep: ImportReport = await mem.import(ex.data ?? '', { dryRun: true });
  await mem.import(md ?? [], { namespaces: ['default'] });
  await mem.import(new Uint8Array(4));
  void [calls, callId, oa, an, r1, isErr, d2, layer, u, ready, listed, rep];
}
