// The package's subpath exports ('memcore/browser', 'memcore/workerd') carry the same
// types as 'memcore': without a "types" condition TypeScript saw them as untyped (TS7016).
import { open as openBrowser, preload, engineInfo, MemcoreError } from 'memcore/browser';
import { open as openWorkerd, storageIOCounts } from 'memcore/workerd';
import type { Memory } from 'memcore';

export async function subpaths(): Promise<string | undefined> {
  const info = await preload();
  const later = await engineInfo();
  const a: Memory = await openBrowser({ path: 'agent.db' });
  const b: Memory = await openWorkerd({ path: ':memory:' });
  const io = storageIOCounts();
  try {
    await a.recall('脚本');
  } catch (e) {
    if (e instanceof MemcoreError) return e.field;
  }
  // @ts-expect-error a query is a string
  await b.recall(42);
  return `${io.reads} ${info.streaming} ${later?.streaming}`;
}
