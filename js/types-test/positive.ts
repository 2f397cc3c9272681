// Everything here must type-check: the documented uses of the package.
import {
  DEFAULT_LIMITS,
  DEFAULT_SCORING,
  ERROR_CODES,
  Memory,
  MemcoreError,
  VERSION,
  open,
  type EmbedFunction,
  type ErrorCode,
  type HistoryEntry,
  type ListPage,
  type MemoryInput,
  type MemoryRecord,
  type RecallHit,
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
  await open({ path: ':memory:', embed: typed, limits: { maxContentBytes: 1024 }, scoring: { importance: 0.3 } });
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
