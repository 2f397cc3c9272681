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
  // @ts-expect-error unknown limit
  await open({ path: 'a.db', limits: { maxContent: 1 } });
  void [arr, single, rel];
}

export function narrow(e: MemcoreError): void {
  // @ts-expect-error code is a closed union
  if (e.code === 'timeout') return;
  // @ts-expect-error field may be undefined
  const f: string = e.field;
  void f;
}
