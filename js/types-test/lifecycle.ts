// Type tests of the memory lifecycle (keys, metadata, strategies, supersede, forget
// receipts, upkeep, quotas). Lines after @ts-expect-error must be type errors.
import {
  Memory,
  open,
  type ConsolidateAction,
  type ConsolidateProgress,
  type ConsolidateResult,
  type ForgetReceipt,
  type MemoryRecord,
  type QuotaInfo,
  type RememberResult,
  type Supersession,
  type UpdateResult,
} from 'memcore';

export async function lifecycle(mem: Memory): Promise<void> {
  const m: MemoryRecord = await mem.remember({ key: 'user.diet', content: 'vegan', metadata: { source: 'form', n: 1 } });
  const k: string | undefined = m.key;
  const r: RememberResult = await mem.remember({ key: 'user.diet', content: 'and fish', strategy: 'append', expectVersion: 1 }, { detailed: true });
  const sup: Supersession[] | undefined = r.superseded;
  const many: MemoryRecord[] = await mem.remember([{ content: 'a' }, { content: 'b' }]);
  const u: MemoryRecord = await mem.update(m.id, { metadata: { n: 2 }, key: 'diet' }, { strategy: 'merge' });
  const ud: UpdateResult = await mem.update(m.id, { content: 'x' }, { detailed: true, expectVersion: 3 });
  const page = await mem.list({ metadata: { source: 'form' } });
  await mem.recall('diet', { metadata: { n: 1 } });
  const f = await mem.forget(m.id, { purge: true, alsoTurns: true });
  const rc: ForgetReceipt = f.receipt;
  const lines: number = rc.documents.reduce((n, d) => n + d.lines, 0) + rc.turns + rc.queue;
  await mem.forget({ metadata: { source: 'form' } });
  const c: ConsolidateResult = await mem.consolidate({
    dryRun: true, steps: ['decay', 'fold'], graceDays: 7, includePermanent: false,
    onProgress: (p: ConsolidateProgress) => void p.step,
  });
  const plan: ConsolidateAction[] = c.plan ?? [];
  const decayed: number = c.decay?.decayed ?? 0;
  const q: QuotaInfo = await mem.quota.set({ maxMemories: 1000, onExceed: 'evict' });
  await mem.quota.set(null);
  const used: number = (await mem.quota.get()).bytes + q.memories;
  const st = await mem.stats();
  const hits: number = st.embedCacheHits + st.embedCalls + st.embedTexts;
  await open({ path: ':memory:', quota: { maxBytes: 1 << 20 } });
  void [k, sup, many, u, ud, page, lines, plan, decayed, used, hits];
}

export async function lifecycleMisuse(mem: Memory): Promise<void> {
  // @ts-expect-error unknown strategy
  await mem.update('id', {}, { strategy: 'blend' });
  // @ts-expect-error metadata is an object
  await mem.remember({ content: 'x', metadata: 'tags' });
  // @ts-expect-error a detailed remember is not a record
  const m: MemoryRecord = await mem.remember({ content: 'x' }, { detailed: true });
  // @ts-expect-error unknown step
  await mem.consolidate({ steps: ['vacuum'] });
  // @ts-expect-error onExceed is error or evict
  await mem.quota.set({ onExceed: 'drop' });
  // @ts-expect-error alsoTurns is a boolean
  await mem.forget('id', { purge: true, alsoTurns: 'yes' });
  void m;
}
