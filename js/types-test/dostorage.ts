// Cloudflare Workers: the database in a Durable Object's own storage (open({ storage })).
import { open, storageIOCounts, type DurableObjectSqlStorage, type Memory } from 'memcore';

/** A stand-in of a Durable Object's ctx.storage, as workerd gives it. */
declare const ctxStorage: {
  sql: { exec(query: string, ...bindings: unknown[]): { toArray(): Record<string, unknown>[]; one(): unknown }; databaseSize: number };
  transactionSync<T>(fn: () => T): T;
  get(key: string): Promise<unknown>;
};

export async function durableObjectStorage(): Promise<number> {
  const storage: DurableObjectSqlStorage = ctxStorage;
  const mem: Memory = await open({ path: 'memcore.db', storage });
  const io = storageIOCounts();
  await mem.close();
  return io.reads + io.commits + io.pagesWritten;
}
