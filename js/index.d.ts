// Type definitions for memcore — hand-written: they are the JavaScript contract of the
// engine's JSON protocol (docs/PROTOCOL.md), field for field. Dates are RFC 3339 strings in
// UTC with millisecond precision, exactly as the engine sends them: converting them to Date
// objects would cost every recall an allocation per field and lose nothing a caller needs.

/** The version of this package; the wasm engine it loads must be the same version. */
export const VERSION: string;

// ─── Errors ─────────────────────────────────────────────────────────────────────────────

/**
 * Why a call failed. The set is closed: branch on it, not on messages.
 *
 * - `invalid_argument` — a malformed or out-of-range argument (empty content, importance 2,
 *   an unknown field, a non-string query…); `field` names it.
 * - `not_found` — no memory with that id in this namespace; no such document, scratchpad
 *   key or plan; a session with no turns to end.
 * - `conflict` — `update` with an `expectVersion` that is not the stored version; a second
 *   `plan.updateStep` to `in_progress` while another step is; ending a session twice.
 * - `too_large` — over a limit (content 64 KiB, batch 1,000, …); nothing was written.
 * - `closed` — the Memory (or the database under it) was closed.
 * - `unsupported` — a shim and engine of different versions, a database (or snapshot)
 *   written by a newer memcore, or a feature this version does not have.
 * - `storage` — SQLite or the file system failed, or another process held the database
 *   locked for longer than the busy timeout (5 s); nothing was written.
 * - `internal` — a bug, or the wasm engine stopped; reopen the database.
 */
export type ErrorCode =
  | 'invalid_argument'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'closed'
  | 'unsupported'
  | 'storage'
  | 'internal';

/** Every ErrorCode, for exhaustive handling and tests. */
export const ERROR_CODES: readonly ErrorCode[];

/**
 * The only error memcore throws (as a rejected Promise from every async method). Checks on
 * the JavaScript side — a number where a query belongs — throw it too, with the same codes
 * and field names as the engine, so callers handle one kind of failure.
 */
export class MemcoreError extends Error {
  /** @param code one of ERROR_CODES (anything else becomes `internal`) */
  constructor(code: ErrorCode, message: string, field?: string, options?: { cause?: unknown });
  /** Always `'MemcoreError'`. */
  readonly name: 'MemcoreError';
  /** What kind of failure this is; stable across versions, unlike `message`. */
  readonly code: ErrorCode;
  /**
   * The offending argument in the engine's path notation — `query`, `memory.content`,
   * `memories[2].importance`, `patch.tier`, `expectVersion` — or undefined when no single
   * field is at fault. For showing the user which input to fix.
   */
  readonly field: string | undefined;
}

// ─── Records ────────────────────────────────────────────────────────────────────────────

/**
 * What a memory is, which tells the agent how to use it and picks its default tier:
 * `preference`, `rule`, `skill` and `profile` (about the person and how to work with them)
 * are permanent; `fact`, `note` and `error` live 30 days (`long`).
 */
export type MemoryType = 'fact' | 'preference' | 'rule' | 'skill' | 'error' | 'profile' | 'note';

/**
 * How long a memory lives after it is created (or its tier set): `transient` 1 day,
 * `short` 3 days, `long` 30 days, `permanent` never expires. An expired memory is kept but
 * neither recalled nor listed (unless `includeExpired`).
 */
export type Tier = 'transient' | 'short' | 'long' | 'permanent';

/** An RFC 3339 timestamp, e.g. `2026-11-22T05:02:11.866Z`. Inputs also accept a Date. */
export type Timestamp = string;

/** Where a memory was learned: the session and the turns that support it. */
export interface Source {
  /** The session (see appendTurns) the memory came from. */
  sessionId?: string;
  /** Ids of the turns it was learned from, for going back to what was actually said. */
  turnIds?: string[];
}

/** A persona card, for memories about a person. */
export interface Card {
  /** Who the person is, in a sentence or two. */
  backstory?: string;
  /** The person's name. */
  person?: string;
  /** How they relate to the user ("manager", "sister"). */
  relationship?: string;
}

/** A stored memory, as every method returns it. Optional fields are absent when empty. */
export interface MemoryRecord {
  /** A ULID: 26 characters that sort by creation time. */
  id: string;
  /** The namespace it lives in; a namespace never sees another's memories. */
  namespace: string;
  type: MemoryType;
  /** A short title; searched with 3× the weight of content. */
  title?: string;
  /** The memory itself (1 byte to 64 KiB by default). */
  content: string;
  /** What it is about ("Lin"); searched with 2× the weight of content, like predicate and tags. */
  subject?: string;
  /** The relation to the subject ("prefers", "lives in"). */
  predicate?: string;
  /** Free labels (≤ 32 of ≤ 64 bytes); filters match any of them. */
  tags: string[];
  /** 0..1, how much it matters; a component of the recall score. Default 0.5. */
  importance: number;
  /** 0..1, how sure the agent is. Default 1. */
  confidence: number;
  tier: Tier;
  createdAt: Timestamp;
  /** When content or fields last changed; recency decays from here. */
  updatedAt: Timestamp;
  /** When it expires; absent for permanent memories. */
  expiresAt?: Timestamp;
  /** When a recall last returned it (absent if never). */
  lastAccessedAt?: Timestamp;
  /** How many recalls returned it (not counting `peek` ones): its "heat". */
  accessCount: number;
  /** 1 at creation, +1 per update: pass it as `expectVersion` for optimistic concurrency. */
  version: number;
  source?: Source;
  card?: Card;
  /** The id of the memory that replaced this one; a superseded memory is not recalled. */
  supersededBy?: string;
  /** The caller's name for it, unique in its namespace (remember with a known key updates it). */
  key?: string;
  /** The caller's JSON object (≤ 8 KiB), filterable by top-level equality. */
  metadata?: Metadata;
}

/** A memory's free-form metadata: a JSON object of at most 8 KiB (compact JSON). */
export type Metadata = { [key: string]: unknown };

/**
 * How an update (or a remember whose key is known) combines with the stored memory:
 * `overwrite` (default) replaces the fields it sets; `append` adds the new content on a
 * dated line after the old ("(2026-11-23) …"); `merge` unites tags and metadata (the
 * newer value of a key wins) and overwrites the other fields it sets.
 */
export type UpdateStrategy = 'overwrite' | 'append' | 'merge';

/** A memory superseded by a newer one with the same subject and predicate. */
export interface Supersession {
  /** The old memory: it now has supersededBy and is no longer recalled. */
  id: string;
  /** The new one. */
  by: string;
}

/** What remember(…, {detailed: true}) returns: the records and what else changed. */
export interface RememberResult {
  memories: MemoryRecord[];
  /** Live memories with the subject and predicate of a new one. */
  superseded?: Supersession[];
  /** Ids of memories updated because their key was given (upserts). */
  upserted?: string[];
  /** Memories a quota with `onExceed: 'evict'` forgot to make room. */
  evicted?: string[];
}

/** What update(…, {detailed: true}) returns. */
export interface UpdateResult {
  memory: MemoryRecord;
  superseded?: Supersession[];
}

/**
 * A memory to remember. Only `content` is required; unknown fields are refused (with
 * `invalid_argument` naming them) rather than silently dropped.
 */
export interface MemoryInput {
  /** Default `note`. */
  type?: MemoryType;
  title?: string;
  /** Required; not blank; ≤ 64 KiB of UTF-8 by default. */
  content: string;
  subject?: string;
  predicate?: string;
  tags?: string[];
  /** 0..1, default 0.5. */
  importance?: number;
  /** 0..1, default 1. */
  confidence?: number;
  /** Default by type (see MemoryType). */
  tier?: Tier;
  /** An explicit expiry instead of the tier's. */
  expiresAt?: Timestamp | Date;
  source?: Source;
  card?: Card;
  /**
   * The memory's name in its namespace: when a memory has this key, remember updates it
   * (an upsert, with `strategy`) instead of creating one. ≤ 256 bytes, no control characters.
   */
  key?: string;
  /** A JSON object of the caller's, ≤ 8 KiB. */
  metadata?: Metadata;
  /** With a known key: how the input updates the memory (default `overwrite`). */
  strategy?: UpdateStrategy;
  /**
   * With a key: fail with `conflict` (field `memories[i].expectVersion`) unless the memory
   * of that key is at this version; a key no memory has is a conflict too.
   */
  expectVersion?: number;
}

/** The fields an update sets; fields it does not name keep their values. */
export interface MemoryPatch {
  type?: MemoryType;
  title?: string;
  content?: string;
  subject?: string;
  predicate?: string;
  /** Replaces the whole tag list. */
  tags?: string[];
  importance?: number;
  confidence?: number;
  /** Setting a tier restarts its lifetime from now. */
  tier?: Tier;
  expiresAt?: Timestamp | Date;
  source?: Source;
  card?: Card;
  /** Marks this memory as replaced by another one: it is no longer recalled. */
  supersededBy?: string;
  /** Sets the key (`''` removes it); a key another memory has is a `conflict` (field `patch.key`). */
  key?: string;
  /** Replaces the metadata (`{}` removes it), or with strategy `merge` unites it. */
  metadata?: Metadata;
}

/** One change of a memory, with its state right after the change. */
export interface HistoryEntry {
  version: number;
  op: 'create' | 'update' | 'forget';
  at: Timestamp;
  /** The memory as it was after this change (for a forget: its last state). */
  memory: MemoryRecord | null;
}

/** Which memories a list or a forget applies to. */
export interface Filter {
  /** Any of these types. */
  types?: MemoryType[];
  /** Memories with any of these tags. */
  tags?: string[];
  tier?: Tier;
  /** createdAt >= this. */
  createdAfter?: Timestamp | Date;
  /** createdAt < this. */
  createdBefore?: Timestamp | Date;
  /** Memories whose metadata has each of these top-level keys with an equal JSON value (`1` is not `true` nor `"1"`). */
  metadata?: Metadata;
}

/** Options of list(): a filter plus paging. Newest first. */
export interface ListFilter extends Filter {
  /** Also list expired memories. */
  includeExpired?: boolean;
  /** Also list memories replaced by others. */
  includeSuperseded?: boolean;
  /** Page size, 1..1000 (default 50). */
  limit?: number;
  /** The nextCursor of the previous page. */
  cursor?: string;
}

/** A page of list(). */
export interface ListPage {
  memories: MemoryRecord[];
  /** Pass it as `cursor` for the next page; undefined on the last page. */
  nextCursor: string | undefined;
}

/** Options of update(). */
export interface UpdateOptions {
  /**
   * Fail with `conflict` unless the stored version is this one: two agents editing the same
   * memory do not overwrite each other's changes unseen.
   */
  expectVersion?: number;
  /** How the patch combines with the memory (default `overwrite`). */
  strategy?: UpdateStrategy;
  /** Return {memory, superseded} instead of the memory. */
  detailed?: boolean;
}

/** Options of forget(). */
export interface ForgetOptions {
  /**
   * Also delete the history. Without it a `forget` entry (holding the last text) is added
   * to the history; with it nothing of the memory is left, in the index or the file. A
   * purge by id also takes a memory forgotten earlier without purge (its history keeps it).
   */
  purge?: boolean;
  /**
   * With purge: also delete the turns the memories were learned from (`source.turnIds` of
   * every version) and the copies compaction stored of them, and the episodes of their
   * sessions. Without purge it is `invalid_argument`.
   */
  alsoTurns?: boolean;
}

/** What forget() removed. */
export interface ForgetResult {
  forgotten: number;
  ids: string[];
  /** What was removed, where, how many. */
  receipt: ForgetReceipt;
}

/** The receipt of a forget (with purge, every place the memory's text was copied to). */
export interface ForgetReceipt {
  memories: number;
  historyEntries: number;
  vectors: number;
  /** Cached embeddings of the memories' texts. */
  embeddings: number;
  /** Lines removed from documents (MEMORY, USER, daily logs). */
  documents: { name: string; lines: number }[];
  /** Lines removed from the core-memory blocks frozen for sessions. */
  coreSnapshotLines: number;
  /** Queued LLM extraction passes dropped. */
  queue: number;
  /** Episodes deleted (the memory's own; with alsoTurns those of the purged turns' sessions). */
  episodes: number;
  episodeMemories?: string[];
  /** Items and texts of other episodes cleaned of the memories' text. */
  episodeItems: number;
  /** Turns deleted (alsoTurns). */
  turns: number;
  /** Extraction's read marks of those turns dropped (alsoTurns): a re-sent copy of such a message is read again. */
  readMarks: number;
  /** The full-text indexes were rewritten, so no term of what was removed is left. */
  indexRewritten: boolean;
}

/** Options of recall(). */
export interface RecallOptions {
  /** How many hits, 1..1000 (default 10). */
  limit?: number;
  /** Only memories of these types. */
  types?: MemoryType[];
  /** Only memories with any of these tags. */
  tags?: string[];
  /** Only memories created at or after this. */
  since?: Timestamp | Date;
  /** Only memories created before this. */
  until?: Timestamp | Date;
  /** Only memories whose metadata has each of these top-level keys with an equal value. */
  metadata?: Metadata;
  /** Return each hit's score components, to see (or log) why it ranked where it did. */
  explain?: boolean;
  /**
   * Do not count this recall as access. By default a recall warms the memories it returns
   * (accessCount, lastAccessedAt), which raises their score later: peek for UI and debugging.
   */
  peek?: boolean;
}

/**
 * The parts of a hit's score (docs/SCORING.md):
 * score = (0.70·relevance + 0.10·recency + 0.15·importance + 0.05·heat) · coverage by default.
 */
export interface ScoreComponents {
  /** FTS5's BM25, negated (higher is better); 0 when the memory shares no query token. */
  bm25: number;
  /** Cosine similarity to the query's embedding; only with an embed function. */
  vector?: number;
  /** bm25 / best bm25 of the candidates, or the normalised RRF of BM25 and vector ranks. */
  relevance: number;
  /** 0.5 ^ (days since updatedAt / 30). */
  recency: number;
  /** As stored. */
  importance: number;
  /** From accessCount, decayed since lastAccessedAt. */
  heat: number;
  /**
   * The share of the query's terms the best hit holds; every hit's score is multiplied by
   * it, so a memory found by one stray word of a question no longer scores high. Absent
   * with an embed function and for the profile memories of an about-me recall.
   */
  coverage?: number;
}

/** One result of recall(). */
export interface RecallHit {
  memory: MemoryRecord;
  /** The fused score, higher first. Comparable within one recall only. */
  score: number;
  /** Only with `explain: true`. */
  components?: ScoreComponents;
}

/** Who said a turn. */
export type Role = 'system' | 'developer' | 'user' | 'assistant' | 'tool';

/** A turn to append: one message of a conversation. */
export interface TurnInput {
  role: Role;
  /** The tool's name, for role `tool`. */
  name?: string;
  /** Required, except for a turn with `callId` or `toolCalls` (may be empty then). */
  content: string;
  /** When it was said; default now. */
  createdAt?: Timestamp | Date;
  /** Role `tool`: the id of the call this result answers. */
  callId?: string;
  /** Role `assistant`: the tool calls the turn made (at most 128). */
  toolCalls?: ToolCall[];
}

/** A stored turn. Turns are append-only: the trajectory is never edited. */
export interface Turn {
  id: string;
  sessionId: string;
  /** 1, 2, … within the session, in append order. */
  seq: number;
  role: Role;
  name?: string;
  content: string;
  createdAt: Timestamp;
  /** Role `tool`: the id of the call this result answers (kept by appendMessages). */
  callId?: string;
  /** Role `assistant`: the tool calls the turn made. */
  toolCalls?: ToolCall[];
}

/** Options of searchTurns(). */
export interface SearchTurnsOptions {
  /** Only this session; default all sessions of the namespace. */
  sessionId?: string;
  /** How many hits, 1..1000 (default 10). */
  limit?: number;
}

/** One result of searchTurns(). */
export interface TurnHit {
  turn: Turn;
  /** BM25, higher is better. */
  score: number;
}

/** What stats() counts, for one namespace (and the file as a whole for dbBytes). */
export interface Stats {
  namespace: string;
  /** Live memories: neither expired nor superseded. */
  memories: number;
  expired: number;
  superseded: number;
  /** Live memories by type (types with none are absent). */
  byType: Partial<Record<MemoryType, number>>;
  /** Memories that have an embedding (hybrid recall). */
  vectors: number;
  /** Embed calls that failed since the database was opened (BM25 was used instead). */
  embedFailures: number;
  turns: number;
  sessions: number;
  /** Size of the whole database file, all namespaces. */
  dbBytes: number;
  /** The file's schema version. */
  schemaVersion: number;
  /** The engine's version. */
  version: string;
  /** Embedder calls since open (memory texts and recall queries), the texts they carried, and the texts a cache answered instead. */
  embedCalls: number;
  embedTexts: number;
  embedCacheHits: number;
  /** Browser entry, OPFS databases only: the origin's storage and who owns the file (docs/BROWSER.md). */
  browser?: BrowserStats;
}

/** What stats() adds in the browser entry for an OPFS database. */
export interface BrowserStats {
  /** navigator.storage.persisted(): true when the browser will not evict this origin's storage under pressure; null when it cannot tell. */
  persisted: boolean | null;
  /** navigator.storage.estimate(): the origin's usage and quota in bytes (all its storage, not only memcore's), or null. */
  usageBytes: number | null;
  quotaBytes: number | null;
  /** Whether this tab's worker owns the file; other tabs send their requests to the owner. */
  owner: boolean;
}

// ─── Conversations ──────────────────────────────────────────────────────────────────────

/**
 * A chat message in the OpenAI shape (`role`, `content` string or parts, `tool_calls`,
 * `tool_call_id`) or the Anthropic one (`content` blocks `text` / `tool_use` /
 * `tool_result`). Only `role` is typed: the methods that take messages are generic in
 * their type, so an SDK's own message objects (or plain literals) go in as they are and
 * come back as the same type. Roles other than `system`, `developer`, `user`, `assistant`
 * and `tool` are `invalid_argument` (field `messages[i].role`).
 */
export interface ChatMessage {
  readonly role: string;
}

/** The two message shapes memcore reads and writes. */
export type MessageShape = 'openai' | 'anthropic';

/** Options of extractFacts(). */
export interface ExtractOptions {
  /**
   * Store the facts as memories (tag `extracted`, and the fact's kind of claim as a
   * second tag when it names no one-value slot; importance by type), log them in the
   * day's `daily/YYYY-MM-DD` document and index them in `MEMORY`. Default false: only
   * return them, so that the host can review or filter first.
   */
  commit?: boolean;
  /**
   * The session the messages belong to: stored memories get it as `source.sessionId`
   * (and the ids of the matching turns when the messages end with the session's turns),
   * and the LLM pass is capped per session (5). With `commit`, the engine also keeps which
   * messages of the session it has read: each is read once, so calling after every turn
   * (with the whole conversation or only the new messages) or once at the end stores the
   * same facts.
   */
  sessionId?: string;
  /** The daily log a commit writes to, `YYYY-MM-DD`; default today (UTC). */
  date?: string;
  /** `false` keeps the LLM out of this call (cost, latency); default: use it when open() was given one. */
  useLLM?: boolean;
}

/** A candidate memory found in a conversation (docs/FACTS.md). */
export interface FactCandidate {
  /** The category it was found as (docs/FACTS.md); the stored memory's type. */
  type: MemoryType;
  /** One self-contained sentence ("User prefers dark mode", "用户喜欢用 Python 写脚本"). */
  content: string;
  /** What it is about, when the category has one (`user`). */
  subject?: string;
  /** The relation (`name`, `location`, `likes`…), when the category has one. */
  predicate?: string;
  /** 0..1: how sure the pattern (or the LLM) is; becomes the memory's confidence. */
  confidence: number;
  /** Indexes into the messages given of those the fact was found in, to show or check it. */
  evidence: number[];
}

/** Why an extraction found (or, with commit, stored) nothing. */
export type ExtractReason = 'too_few_messages' | 'no_cues' | 'all_known' | 'all_read';

/** What extractFacts() found and, with commit, stored. */
export interface ExtractResult {
  /** The candidates, in the order they were said (at most 8 from one message). */
  facts: FactCandidate[];
  /** The memories stored (commit only; `[]` otherwise). A fact already known as a live memory is not stored again. */
  memories: MemoryRecord[];
  /** Facts not stored because a live memory has them already. */
  duplicates: number;
  /** Who found the facts: the heuristics, or the host's LLM. */
  by: 'heuristic' | 'llm';
  /** 1 when the LLM pass failed and was queued for consolidate() (commit only). */
  queued: number;
  /** Earlier queued passes of the session this call retried (its own LLM pass having worked). */
  retried: number;
  /**
   * Why there is nothing: no user or assistant message among those given
   * (`too_few_messages`: a first message is read already), no cue found (`no_cues`), or every fact is known
   * already (`all_known`), or every message was read by an earlier call of the session
   * (`all_read`: commit with a sessionId reads each message once). Absent otherwise.
   */
  reason?: ExtractReason;
  /** Live memories that stored facts superseded (same subject and predicate). */
  superseded?: Supersession[];
  /**
   * How many of the messages given this call read (system and tool messages included:
   * they are looked at and passed over by design); 0 when the gate held. The whole
   * conversation is read, newest first, up to 24,000 characters a call.
   */
  read: number;
  /** Messages left for lack of room (the 24,000 characters): the session's next call reads them. */
  unread: number;
  /** Messages an earlier call of the session (commit with a sessionId) read already: not read again. */
  known: number;
}

/** The steps of consolidate(), in the order they run. */
export type ConsolidateStep = 'extraction' | 'decay' | 'expired' | 'fold' | 'index';

/** Options of consolidate(). */
export interface ConsolidateOptions {
  /** How many queued passes to take up, oldest first: 1..1000 (default 10). */
  limit?: number;
  /** The steps to run (default all, in order). */
  steps?: ConsolidateStep[];
  /** Plan without changing anything: the result has the counts and `plan`. */
  dryRun?: boolean;
  /** Days an expired memory stays before the sweep (0..3650, default 7). */
  graceDays?: number;
  /** Let decay lower permanent memories and rules too. */
  includePermanent?: boolean;
  /** Called after each step (the steps then run one request each). */
  onProgress?: (progress: ConsolidateProgress) => void | Promise<void>;
}

/** What onProgress gets after each step. */
export interface ConsolidateProgress {
  step: ConsolidateStep;
  /** 0-based index of the step among those run. */
  index: number;
  total: number;
  /** That step's result. */
  result: ConsolidateResult;
}

/** One change consolidate makes (listed by a dry run). */
export interface ConsolidateAction {
  step: ConsolidateStep;
  op: 'decay' | 'demote' | 'delete' | 'sweep' | 'fold' | 'rewrite';
  /** The memory (or, for `rewrite`, the document). */
  id: string;
  /** fold: the memory that supersedes it. */
  into?: string;
  /** decay, demote, delete: importance before and after. */
  from?: number;
  to?: number;
  /** demote: the new tier. */
  tier?: Tier;
  detail?: string;
}

/** What consolidate() did. */
export interface ConsolidateResult {
  /** Queued passes taken up. */
  processed: number;
  /** Answered by the LLM, stored and removed from the queue. */
  byLLM: number;
  /** Run through the heuristics instead (no LLM, cap or attempts used up), stored and removed. */
  byHeuristic: number;
  /** The LLM failed again: kept in the queue, one more attempt counted (5 at most). */
  failed: number;
  /** Memories stored. */
  stored: number;
  /** Facts not stored: live memories already. */
  duplicates: number;
  /** Passes still queued in this namespace. */
  pending: number;
  /** The steps that ran. */
  steps: ConsolidateStep[];
  dryRun: boolean;
  /** Importance decay (half-life per tier; delete below 0.1, demote below 0.3). */
  decay?: { examined: number; exempt: number; decayed: number; demoted: number; deleted: number };
  /** Memories expired longer than graceDays, purged. */
  expired?: { graceDays: number; swept: number };
  /** Duplicates (same type, same first 80 characters case-folded) superseded by the newest. */
  fold?: { groups: number; folded: number };
  /** MEMORY's `## Auto-extracted` section and USER's `## Profile` section rewritten from live memories. */
  index?: { memoryLines: number; userLines: number; memoryChanged: boolean; userChanged: boolean };
  /** A dry run's actions (at most 1,000). */
  plan?: ConsolidateAction[];
  planTruncated?: boolean;
}

/**
 * A namespace's quota. Past it a remember fails with `too_large` (field
 * `quota.maxMemories` or `quota.maxBytes`), or with `onExceed: 'evict'` forgets the
 * non-permanent memories of lowest importance × heat × recency first.
 */
export interface Quota {
  /** 0 or absent: no limit. Expired and superseded memories count. */
  maxMemories?: number;
  /** Bytes of the memories' fields; 0 or absent: no limit. */
  maxBytes?: number;
  onExceed?: 'error' | 'evict';
}

/** The quota that applies to a namespace and its usage. */
export interface QuotaInfo extends Quota {
  /** true: the namespace's own; false: open()'s default, or none. */
  own: boolean;
  memories: number;
  bytes: number;
}

/** mem.quota: the namespace's own quota. */
export interface QuotaAPI {
  get(): Promise<QuotaInfo>;
  /** Sets the namespace's quota (stored in the file); null removes it. */
  set(quota: Quota | null): Promise<QuotaInfo>;
}

/** Options of compact(). Thresholds under the floors (8 messages, 4,000 characters) are raised to them. */
export interface CompactOptions {
  /**
   * Append what leaves the context to this session as turns (those it has already are
   * skipped), so that searchTurns still finds it. Without it nothing is stored.
   */
  sessionId?: string;
  /** Summarise the older messages whatever the thresholds. */
  force?: boolean;
  /** Summarise past this many messages (default 20). */
  maxMessages?: number;
  /** Summarise past this many characters of readable text (default 48,000). */
  maxChars?: number;
  /**
   * Summarise past this many estimated tokens (default none), and shrink the verbatim tail
   * (down to 4 messages) until the result fits.
   */
  maxTokens?: number;
  /**
   * Appended to the summary under "Working state:" (the plan, the scratchpad…), so that
   * what the agent is doing survives compaction. ≤ 64 KiB.
   */
  workingState?: string;
}

/** What compaction did (docs/COMPACTION.md); tokens are estimated, CJK-aware. */
export interface CompactionReport {
  /** The conversation's estimated tokens as given: what compaction saved is the difference. */
  tokensBefore: number;
  /** Never more than tokensBefore but for the working state the summary carries. */
  tokensAfter: number;
  /** Messages as given. */
  messagesBefore: number;
  /** Messages returned. */
  messagesAfter: number;
  /** Old tool results replaced by `[Previous: used <tool>]`. */
  micro: number;
  /** Acknowledgements and repeated errors left out of what the summariser read. */
  ruleDropped: number;
  /** Tool outputs cut short in what the summariser read. */
  ruleTruncated: number;
  /** Messages the `[compacted]` summary replaced. */
  summarized: number;
  /** Who wrote the summary; `''` when nothing was summarised. */
  summaryBy: 'llm' | 'extractive' | '';
  /** Why the LLM's summary was not used, when it failed (the extractive one was). */
  llmError?: string;
  /** What made summary compaction run; `''` when it did not. */
  trigger: 'messages' | 'chars' | 'tokens' | 'force' | '';
}

/** The report of compact(). */
export interface CompactReport extends CompactionReport {
  /** Turns appended to the session (with `sessionId`). */
  storedTurns: number;
}

/** What compact() returns. */
export interface CompactResult<M extends ChatMessage = ChatMessage> {
  /**
   * The compacted conversation, in the shape it came in: the system messages and the most
   * recent messages verbatim, a `[compacted]` user message in place of the older ones.
   * Fields memcore does not interpret come back unchanged.
   */
  messages: M[];
  /** What was done, to log or to decide whether to compact more aggressively next time. */
  report: CompactReport;
}

/**
 * How a task's budget is split: a complex task leans on its plan and recalled knowledge
 * and writes longer answers, so memory and reserve grow at the expense of raw history.
 */
export type Complexity = 'simple' | 'medium' | 'complex';

/** Options of buildContext(). */
export interface BuildContextOptions<M extends ChatMessage = ChatMessage> {
  /**
   * The conversation: its core-memory snapshot is frozen at its first buildContext (so the
   * prompt prefix stays byte-identical and the provider's prompt cache keeps hitting), and
   * its working state (plan, business state, scratchpad) is rendered.
   */
  sessionId: string;
  /** The conversation so far (may be empty); the last user message gets the recalled memories. */
  messages: readonly M[];
  /** The model's context window to fill, in estimated tokens: 1..10,000,000. */
  budgetTokens: number;
  /** The host's own system prompt, sent first and unchanged (≤ 256 KiB). */
  systemPrompt?: string;
  /**
   * The auto-recall query; default: made of the last user messages (500 characters at
   * most). A recall query: at most 2 KiB, `too_large` (field `query`) beyond.
   */
  query?: string;
  /** Default `medium`; see Complexity. */
  complexity?: Complexity;
  /**
   * Default: detected from tool blocks. A conversation of plain text reads as OpenAI, so
   * Anthropic hosts should say `anthropic` (no system message is then put in `messages`).
   */
  shape?: MessageShape;
  /** `false` keeps the turns of earlier sessions out of the recall block (memories only). Default true. */
  recallTurns?: boolean;
}

/** One entry of the `<recalled-memories>` block: where it came from and when (docs/CONTEXT.md). */
export interface RecalledItem {
  /** A memory, a turn of an earlier session, or the USER document (for a question about the user). */
  kind: 'memory' | 'turn' | 'document';
  /** The memory's id, the turn's id, or the document's name. */
  id: string;
  /** The memory's type. */
  type?: MemoryType;
  /** The turn's session. */
  sessionId?: string;
  /** The turn's role. */
  role?: string;
  /** The memory's updatedAt, the turn's createdAt, the document's updatedAt (ISO 8601). */
  at: string;
  /** The text as shown in the block (maybe cut). */
  text: string;
}

/** The budget's shares by complexity (docs/CONTEXT.md). */
export interface ContextShares {
  /** Nominal share of the system prompt and core snapshot (never cut: they must stay stable). */
  system: number;
  /** Cap of the working state plus the recalled memories. */
  memory: number;
  /** Nominal share of the conversation: it gets whatever the others leave. */
  history: number;
  /** Kept free for the model's answer. */
  reserve: number;
}

/** Where buildContext()'s tokens went, in estimated tokens. */
export interface ContextReport {
  /** The system prompt and the system messages merged into it. */
  system: number;
  /** The core-memory snapshot (IDENTITY, SOUL, USER, MEMORY). */
  core: number;
  /** Plan, business state, scratchpad. */
  working: number;
  /** The `<recalled-memories>` block. */
  recall: number;
  /** The conversation as sent, without the recall block. */
  history: number;
  /** Kept free for the model's answer. */
  reserve: number;
  /** What is sent: system + core + working + recall + history. */
  total: number;
  /** budgetTokens, as given. */
  budget: number;
  /** The complexity used (`medium` when none was given). */
  complexity: Complexity;
  /** The shares of that complexity. */
  shares: ContextShares;
  /** What was cut to fit, in the order it was cut. */
  trimmed: Array<'recall' | 'working' | 'history' | 'reserve'>;
  /** The parts never cut (system prompt, core snapshot, the turn in flight) alone exceed the budget. */
  overBudget?: boolean;
  /** This call froze the session's core-memory snapshot (its first buildContext). */
  snapshotFrozen?: boolean;
  /** Messages of the conversation as given (without the system message). */
  messagesIn: number;
  /** Messages of the conversation as sent (without the system message). */
  messagesOut: number;
  /** What compaction did to the older history, when it ran. */
  compaction?: CompactionReport;
}

/** What buildContext() returns: what to send to the model this turn. */
export interface BuildContextResult<M extends ChatMessage = ChatMessage> {
  /**
   * The messages to send, in the input's shape. OpenAI: the first is the system message.
   * Anthropic: no system message — send `system` as the request's `system` parameter.
   */
  messages: M[];
  /** The system text: the system prompt, the frozen core-memory snapshot, the working state. */
  system: string;
  /** The shape of `messages`. */
  shape: MessageShape;
  /** Ids of the memories in the `<recalled-memories>` block, to log or show what the model saw. */
  recalled: string[];
  /** Every entry of the block in its order — memories, turns of earlier sessions, the USER document — with its origin. */
  recalledItems: RecalledItem[];
  /** Where the tokens went, and what was cut to fit. */
  report: ContextReport;
}

/**
 * What a finished session leaves behind: what it was about, how it went, what was learned.
 * Its memory (`memoryId`, a note tagged `episode`) makes it recallable in later sessions.
 */
export interface Episode {
  /** A ULID, sortable by when the session ended. */
  id: string;
  /** The session it is the episode of. */
  sessionId: string;
  /** A few sentences (≤ 1,200 characters): what was asked, what was done, how it ended. */
  summary: string;
  /** What the user wanted: the plan's goal, else the first request (or the LLM's sentence). */
  goal: string;
  /** `completed: …`, `failed: …`, `unfinished: …`, `answered: …` (heuristic), or the LLM's sentence. */
  outcome: string;
  /** People, places, projects and code identifiers that matter (≤ 20). */
  entities: string[];
  /** The tools the session's tool turns named, in first-use order. */
  toolsUsed: string[];
  /** What to do or avoid next time (≤ 5). */
  lessons: string[];
  /** 0..1; the episode memory's importance. */
  importance: number;
  /** When the session started: its first turn, or its first working-memory write if earlier. */
  startedAt: Timestamp;
  /** When endSession was called. */
  endedAt: Timestamp;
  /** The id of the note that makes the episode recallable. */
  memoryId?: string;
}

/** What endSession() returns. */
export interface EndSessionResult {
  /** The stored episode. */
  episode: Episode;
  /** Who wrote the summary fields: the host's LLM, or the heuristics (no LLM, or it failed). */
  by: 'llm' | 'heuristic';
}

/** Options of episodes(). */
export interface EpisodesOptions {
  /** Only this session's episode; default every episode of the namespace. */
  sessionId?: string;
}

// ─── Documents ──────────────────────────────────────────────────────────────────────────

/**
 * The documents of a namespace: `IDENTITY` (who the agent is), `SOUL` (how it behaves),
 * `USER` (who the user is), `MEMORY` (the index of what it knows, ≤ 200 lines) — the four
 * go into every buildContext — and daily logs `daily/YYYY-MM-DD`. Names are
 * case-sensitive; any other is `invalid_argument` (field `name`).
 */
export type DocumentName = 'IDENTITY' | 'SOUL' | 'USER' | 'MEMORY' | `daily/${string}`;

/** A document with its content. */
export interface Document {
  name: DocumentName;
  /** Markdown, ≤ 64 KiB. */
  content: string;
  /** When it was last set (by the host, or by extractFacts for MEMORY and daily logs). */
  updatedAt: Timestamp;
}

/** A document as documents.list() describes it: without its content, which may be 64 KiB. */
export interface DocumentInfo {
  name: DocumentName;
  /** The UTF-8 size of its content. */
  bytes: number;
  /** When it was last set. */
  updatedAt: Timestamp;
}

/** What documents.delete() returns. */
export interface DocumentDeleted {
  /** Always true: deleting a missing document is `not_found`, so a typo does not pass silently. */
  deleted: true;
  name: DocumentName;
}

/** `mem.documents`: the namespace's Markdown documents, stored in the database. */
export interface DocumentsAPI {
  /** The document. @throws `not_found` (field `name`) when it was never set. */
  get(name: DocumentName): Promise<Document>;
  /**
   * Creates or replaces it (content may be empty). Sessions that already froze their
   * core-memory snapshot keep the old text: the next session sees the new one.
   * @throws `too_large` (field `content`) over 64 KiB, or MEMORY over 200 lines.
   */
  set(name: DocumentName, content: string): Promise<Document>;
  /** Every document of the namespace, by name, without content. */
  list(): Promise<DocumentInfo[]>;
  /** @throws `not_found` (field `name`) when there is no such document. */
  delete(name: DocumentName): Promise<DocumentDeleted>;
}

// ─── Working memory ─────────────────────────────────────────────────────────────────────

/**
 * One scratchpad key of a session. Some keys are shown specially by buildContext:
 * `session_facts` / `session_facts::<name>` (in full, first), `subagent_result::<name>` and
 * `delegation_result::<name>` (summarised); keys of the form `__name__` are the engine's.
 */
export interface ScratchpadEntry {
  /** 1–256 bytes, no control characters. */
  key: string;
  /** ≤ 64 KiB, may be empty. */
  value: string;
  /** When it was last set. */
  updatedAt: Timestamp;
}

/** What scratchpad.delete() returns. */
export interface ScratchpadDeleted {
  /** Always true: deleting a missing key is `not_found`. */
  deleted: true;
  key: string;
}

/**
 * `mem.scratchpad`: key/values of one session, rendered into buildContext's working state,
 * so that notes and sub-agent results survive compaction. Working memory lives as long as
 * the database: ending a session does not delete it.
 */
export interface ScratchpadAPI {
  /**
   * Sets a key (1–256 bytes, no control characters, not `__name__`) to a value (≤ 64 KiB,
   * may be empty), replacing it.
   */
  set(sessionId: string, key: string, value: string): Promise<ScratchpadEntry>;
  /** @throws `not_found` (field `key`) when the key is not set. */
  get(sessionId: string, key: string): Promise<ScratchpadEntry>;
  /** The session's entries by key; an unknown session has none. */
  list(sessionId: string): Promise<ScratchpadEntry[]>;
  /** @throws `not_found` (field `key`) when the key is not set. */
  delete(sessionId: string, key: string): Promise<ScratchpadDeleted>;
}

/** A plan step's status. At most one step of a plan is `in_progress`: the one being worked on. */
export type PlanStepStatus = 'pending' | 'in_progress' | 'completed' | 'failed';

/** A step of a stored plan. */
export interface PlanStep {
  /** What the step is, ≤ 1 KiB. */
  title: string;
  /** Always present in a stored plan (`pending` by default). */
  status: PlanStepStatus;
}

/** A step to set: the status defaults to `pending`. */
export interface PlanStepInput {
  /** Required, ≤ 1 KiB. */
  title: string;
  /** Default `pending`. */
  status?: PlanStepStatus;
}

/** A plan to set. */
export interface PlanInput {
  /** Required, ≤ 1 KiB: what the session is for (also the episode's goal). */
  goal: string;
  /** At most 100 (`too_large`, field `steps`); two `in_progress` are `invalid_argument` (`steps[i].status`). */
  steps?: readonly PlanStepInput[];
}

/** A session's plan, as stored. */
export interface Plan {
  /** The session it belongs to. */
  sessionId: string;
  /** What the session is for. */
  goal: string;
  /** In order; `[]` for a plan without steps. */
  steps: PlanStep[];
  /** When it was last set or a step updated. */
  updatedAt: Timestamp;
}

/**
 * `mem.plan`: one plan a session — a goal and its steps — rendered into buildContext's
 * working state (`1. [x] done`, `2. [>] active`…) and used by endSession for the episode's
 * goal and outcome.
 */
export interface PlanAPI {
  /** Creates or replaces the session's whole plan. */
  set(sessionId: string, plan: PlanInput): Promise<Plan>;
  /** @throws `not_found` (field `sessionId`) when the session has no plan. */
  get(sessionId: string): Promise<Plan>;
  /**
   * Sets the status of step `index` (0-based); any status may follow any other.
   * @throws `conflict` (field `status`) setting `in_progress` while another step is:
   * complete or fail that one first. `invalid_argument` (field `index`) out of range;
   * `not_found` without a plan.
   */
  updateStep(sessionId: string, index: number, status: PlanStepStatus): Promise<Plan>;
}

/** A session's business state. */
export interface BusinessState {
  /** The session it belongs to. */
  sessionId: string;
  /** Free text; `''` when never set (or cleared). */
  state: string;
}

/**
 * `mem.state`: one free-text business state a session — a cart, a form half filled, an
 * incident's status — rendered into buildContext's working state.
 */
export interface StateAPI {
  /** Replaces it (≤ 64 KiB; `''` clears it). */
  set(sessionId: string, state: string): Promise<BusinessState>;
  /** The state, `''` for a session that never set one (not `not_found`). */
  get(sessionId: string): Promise<BusinessState>;
}

// ─── Snapshots ──────────────────────────────────────────────────────────────────────────

/** What restore() did. */
export interface RestoreResult {
  /** The size of the restored database. */
  bytes: number;
  /** Live memories of this Memory's namespace after the restore. */
  memories: number;
  /** The database's schema version now. */
  schemaVersion: number;
  /** The snapshot's schema version: lower than schemaVersion when it was migrated on restore. */
  fromSchemaVersion: number;
}

// ─── Opening ────────────────────────────────────────────────────────────────────────────

/**
 * Turns texts into vectors for hybrid recall: one vector per text, all of one dimension
 * (≤ 4096), as arrays or typed arrays of finite numbers. It is awaited while a request runs.
 * If it throws or returns something else, the write still succeeds without a vector (and
 * recall falls back to BM25); stats().embedFailures counts it.
 */
export type EmbedFunction = (texts: string[]) => Promise<ArrayLike<number>[]> | ArrayLike<number>[];

/** One message of a CompletionRequest: always plain text. */
export interface CompletionMessage {
  /** `user` today (the input to work on); typed wider so that hosts can pass it on as is. */
  role: 'system' | 'user' | 'assistant';
  /** Plain text: transcripts and numbered messages, never content parts. */
  content: string;
}

/**
 * What the engine asks the host's LLM: fact extraction, compaction summaries and episodes.
 * It is shaped like a chat-completions call so that it maps onto any provider's API.
 */
export interface CompletionRequest {
  /** The instructions (what to extract, how to summarise); absent when there are none. */
  system?: string;
  /** The input to work on, as one or more plain-text messages. */
  messages: CompletionMessage[];
  /** An upper bound for the answer; absent when the engine sets none. */
  maxTokens?: number;
  /** Always 0 today: memory must be reproducible, not creative. */
  temperature: number;
  /**
   * The engine parses the answer as JSON (extraction, episodes): use the provider's JSON
   * mode when it has one. The engine reads answers defensively (code fences and prose
   * around the JSON are fine), so a provider without one works too.
   */
  json: boolean;
}

/**
 * The host's LLM: answers a CompletionRequest with the model's text. memcore never needs
 * one — without it extraction, summaries and episodes are deterministic heuristics — but
 * uses it when given, and falls back to the heuristics whenever it throws, returns
 * something other than a string, or answers what cannot be used (the result's `by`,
 * `summaryBy` and `llmError` say which happened). It is awaited while a request runs;
 * a call that takes longer than open's `callbackTimeoutMs` (a minute) is abandoned, and an
 * answer over 1 MiB is not read (both count as failures).
 */
export type LLMFunction = (request: CompletionRequest) => Promise<string> | string;

/** Engine limits; 0 or absent means the default (DEFAULT_LIMITS). Over a limit is `too_large`. */
export interface Limits {
  /** A memory's or turn's content (64 KiB). */
  maxContentBytes?: number;
  /** Title, subject, predicate, card fields, names, session ids (1 KiB). */
  maxFieldBytes?: number;
  /** Tags per memory (32). */
  maxTags?: number;
  /** Bytes per tag (64). */
  maxTagBytes?: number;
  /** Memories per remember, turns per appendTurns, ids per forget (1,000). */
  maxBatch?: number;
  /** A recall or searchTurns query (2 KiB). */
  maxQueryBytes?: number;
  /** The largest `limit` of recall, searchTurns and list (1,000). */
  maxResults?: number;
  /** One request as JSON (64 MiB). */
  maxRequestBytes?: number;
}

/** Recall's weights and constants (docs/SCORING.md); absent ones keep DEFAULT_SCORING's. */
export interface Scoring {
  /** Weight of relevance (0.70). */
  relevance?: number;
  /** Weight of recency (0.10). */
  recency?: number;
  /** Weight of importance (0.15). */
  importance?: number;
  /** Weight of heat (0.05). */
  heat?: number;
  /** Days after which recency is 0.5 (30). */
  recencyHalfLifeDays?: number;
  /** Days after which heat halves (7). */
  heatHalfLifeDays?: number;
  /** Access counts well above this add little heat (5). */
  heatSaturation?: number;
  /** BM25 weight of the title column (3). */
  titleBM25?: number;
  /** BM25 weight of subject, predicate and tags (2). */
  subjectBM25?: number;
  /** BM25 weight of content (1). */
  contentBM25?: number;
  /** searchTurns' weight for the words of the turn a turn replies to (0.4). */
  turnContextBM25?: number;
  /** searchTurns' lift for a turn, times the best score of another matching turn of its session (0.4); 0 ranks turns on their own. */
  turnSessionBoost?: number;
  /** searchTurns' weight for feedback from its best hit: the candidates already found are scored again on the best hit's words that the query lacks (0.3; pseudo-relevance feedback, no second search, so a turn is still found only by a word of the query); 0 turns it off. */
  turnFeedback?: number;
  /** searchTurns' lift for a found turn that holds the kind of answer the question's words ask for: its score × (1 + this) when "when …?" / "什么时候…？" finds a date or time in it, "how many …?" / "多少…？" a number (0.25); 0 turns it off. */
  turnAnswerKind?: number;
  /** Candidates below this relevance are dropped (0.1). */
  minRelevance?: number;
  /** Cosine similarity a vector candidate needs (0.25); depends on the embedding model. */
  minSimilarity?: number;
  /** Reciprocal rank fusion's k (60). */
  rrfK?: number;
  /** BM25 matches re-scored, at least (50). */
  candidatePool?: number;
}

/** The engine's default limits. */
export const DEFAULT_LIMITS: Readonly<Required<Limits>>;

/** Recall's default weights. */
export const DEFAULT_SCORING: Readonly<Required<Scoring>>;

/**
 * A `file:` URL (a WHATWG `URL` such as `new URL('./agent.db', import.meta.url)`), typed
 * structurally so that these types need neither the DOM lib nor @types/node.
 */
export interface FileURL {
  readonly href: string;
  readonly protocol: string;
  readonly pathname: string;
}

/** Options of open(). Unknown options are refused (`invalid_argument` naming them). */
export interface OpenOptions {
  /**
   * The database file, created when missing; relative paths are resolved against
   * process.cwd(). A file: URL works too. `':memory:'` is a private in-memory database
   * that lives until it is closed. Required: an agent's memory should not vanish by default.
   * In the browser entry the path names a file in the Origin Private File System; in the
   * Workers entry it names the database inside `storage` (see below), and without
   * `storage` only `':memory:'` is accepted (a database kept with snapshot() / restore()).
   */
  path: string | FileURL;
  /** The namespace of the returned Memory (1–128 bytes, no control characters). Default `'default'`. */
  namespace?: string;
  /** An embedder for hybrid (BM25 + vector) recall; without it recall is BM25 only. */
  embed?: EmbedFunction;
  /**
   * The host's LLM, for better fact extraction, compaction summaries and episodes than the
   * built-in heuristics (which are used without it, and whenever it fails).
   */
  llm?: LLMFunction;
  /** SQLite's page cache in KiB (default 8192 for a file, 1024 for ':memory:'): lower it where memory is tight. */
  cacheKiB?: number;
  /**
   * How long one call of `llm` or `embed` may take, in milliseconds (1 to 3,600,000;
   * default 60,000). A call that takes longer is abandoned and counts as failed: the
   * request carries on with the heuristics or BM25 (docs/RELIABILITY.md "Host callbacks").
   */
  callbackTimeoutMs?: number;
  /**
   * How long a call waits for the database's lock while another process holds it, in
   * milliseconds (1 to 300,000; default 5,000): then it fails with a `storage` MemcoreError,
   * "database is locked", having written nothing. Longer for several Node processes on one
   * file, shorter where an answer now beats one later (docs/RELIABILITY.md "Lock waits").
   * In a browser the lock is another connection's in the owner tab's worker, which no call
   * holds across a wait in practice (docs/BROWSER.md "Several tabs").
   */
  busyTimeoutMs?: number;
  /** Open an existing file without writing to it. */
  readOnly?: boolean;
  limits?: Limits;
  scoring?: Scoring;
  /** The default quota of every namespace that has none of its own (see Quota). */
  quota?: Quota;
  /**
   * Let V8 optimise the engine with TurboFan (default false). The shim otherwise compiles
   * it with Liftoff only: tiering SQLite's huge functions up costs seconds of CPU and
   * ~700 MB of peak memory at start for little gain on small queries. Only the first open
   * of a process decides; see README "Cold start".
   */
  tierUp?: boolean;

  // Browser only (the package's "browser" entry, js/browser.js; docs/BROWSER.md). There
  // `path` names a file in the origin private file system ("agent.db",
  // "memcore/agent.db"; no "." or ".." segments), held by one tab or worker at a time,
  // and tierUp is ignored.

  /**
   * What to do when this browser has no OPFS (too old, a private window, not a secure
   * context): `'error'` (default) rejects with `unsupported` on `vfs`; `'memory'` opens an
   * in-memory database instead, which is lost when the page closes.
   */
  fallback?: 'error' | 'memory';
  /** Called with the reason when `fallback: 'memory'` was used (else a console warning). */
  onFallback?: (reason: MemcoreError) => void;
  /** Where the engine is, if not `../dist/memcore.wasm` beside this module (for bundlers and CDNs). Served as application/wasm. */
  wasmURL?: string | { readonly href: string };
  /** Where Go's wasm_exec.js is, if not `../dist/wasm_exec.js` beside this module. */
  wasmExecURL?: string | { readonly href: string };
  /** The worker script, if not `./browser-worker.js` beside this module. */
  workerURL?: string | { readonly href: string };
  /**
   * Ask the browser, once per page, to keep the origin's storage persistent
   * (`navigator.storage.persist()`: not evicted under storage pressure). Default true for
   * OPFS paths; Chromium decides by itself, Firefox asks the user. stats().browser.persisted
   * tells the answer.
   */
  persist?: boolean;

  /**
   * Cloudflare Workers only (the "workerd" entry): keep the database in this SQLite-backed
   * Durable Object's own storage (`ctx.storage`), one row per page, each write one storage
   * transaction; `path` then names the database inside that storage (no slash; default
   * `'memcore.db'`). Without it a Workers database lives in memory (`':memory:'`). Anything
   * else is `invalid_argument` on `storage`; the engine elsewhere refuses it (`unsupported`
   * on `vfs`). See examples/cloudflare-worker.
   */
  storage?: DurableObjectSqlStorage;
}

/**
 * What open({ storage }) needs of a Durable Object's `ctx.storage`: the synchronous SQL
 * API and synchronous transactions of SQLite-backed objects (typed structurally, so that
 * these types need no @cloudflare/workers-types).
 */
export interface DurableObjectSqlStorage {
  readonly sql: { exec(query: string, ...bindings: unknown[]): { toArray(): unknown[] } };
  transactionSync<T>(fn: () => T): T;
}

/**
 * Cloudflare Workers only: what the databases kept in Durable Object storage asked of it
 * in this isolate so far — page reads, commits (storage transactions), pages written.
 */
export function storageIOCounts(): { reads: number; commits: number; pagesWritten: number };

/** How the browser entry loaded the engine (ms; see docs/BROWSER.md). */
export interface EngineInfo {
  version: string;
  /** Whether WebAssembly.compileStreaming was used (needs Content-Type: application/wasm). */
  streaming: boolean;
  timing: { fetch: number; compile: number; instantiate: number; start: number; total: number; worker: number };
}

/**
 * Browser only: starts loading the engine in its worker now (so that it overlaps the
 * page's own start), with open()'s wasmURL, wasmExecURL and workerURL. Unless `warm:
 * false`, it then runs the engine once on a throwaway in-memory database, so that the
 * browser has compiled what the first open() and recall run before the application
 * calls them; it resolves when that is done (docs/BROWSER.md, "First visit").
 */
export function preload(options?: Pick<OpenOptions, 'wasmURL' | 'wasmExecURL' | 'workerURL'> & { warm?: boolean }): Promise<EngineInfo>;

/** Browser only: how the engine was loaded, or null before the first open() or preload(). */
export function engineInfo(): Promise<EngineInfo | null>;

/**
 * Cloudflare Workers only: the engine's WebAssembly memory in this isolate, in bytes (0
 * before the first open). It never shrinks, and Workers allow 128 MB per isolate: watch
 * it to decide when an owner's database has grown too large for one isolate.
 */
export function wasmMemoryBytes(): number;

/**
 * Opens (creating when missing) a memcore database and returns a Memory bound to
 * `options.namespace`. The first open in a process loads and compiles the wasm engine
 * (a few hundred milliseconds); later ones reuse it.
 *
 * Opening a file that this process already has open shares that database (one connection
 * and page cache, no lock contention with itself); the options must then be the same,
 * else `invalid_argument` on `path`. Other processes may open the file too: each
 * transaction locks it, and a writer that waits more than 5 s gets `storage`.
 */
export function open(options: OpenOptions): Promise<Memory>;

// ─── Memory ─────────────────────────────────────────────────────────────────────────────

/**
 * One namespace of an open memcore database. Every method is async and rejects with a
 * MemcoreError. Methods may be called concurrently; the engine runs them one at a time.
 */
export class Memory {
  private constructor();

  /** The namespace this view reads and writes. */
  readonly namespace: string;

  /** Whether the database was closed (through this view or any other of the same open()). */
  readonly closed: boolean;

  /**
   * A view of the same database bound to another namespace: cheap (no new connection),
   * and isolated (it never reads, updates, forgets or counts another namespace's data).
   * Views share the open(): closing any of them closes all of them.
   * @throws MemcoreError `invalid_argument` (field `namespace`), or `closed`.
   */
  withNamespace(namespace: string): Memory;

  /**
   * Stores one memory and returns its record, or stores an array of up to 1,000 in one
   * transaction — all of them or, if any is invalid, none (the error names
   * `memories[i].field`) — and returns their records in order.
   */
  remember(memory: MemoryInput, options?: { detailed?: false }): Promise<MemoryRecord>;
  remember(memories: MemoryInput[], options?: { detailed?: false }): Promise<MemoryRecord[]>;
  remember(input: MemoryInput | MemoryInput[], options?: { detailed?: false }): Promise<MemoryRecord | MemoryRecord[]>;
  /** With `detailed: true`: the records, and what the call superseded, upserted and evicted. */
  remember(input: MemoryInput | MemoryInput[], options: { detailed: true }): Promise<RememberResult>;

  /** The memory with this id, expired or not. @throws `not_found` if this namespace has none. */
  get(id: string): Promise<MemoryRecord>;

  /** Memories newest first, filtered and paged. */
  list(filter?: ListFilter): Promise<ListPage>;

  /**
   * Changes the fields the patch names (version + 1, a history entry).
   * @throws `conflict` (field `expectVersion`) when options.expectVersion is not the stored version.
   */
  update(id: string, patch: MemoryPatch, options?: UpdateOptions & { detailed?: false }): Promise<MemoryRecord>;
  update(id: string, patch: MemoryPatch, options: UpdateOptions & { detailed: true }): Promise<UpdateResult>;

  /** The namespace's quota (maxMemories, maxBytes, onExceed) and its usage. */
  readonly quota: QuotaAPI;

  /**
   * Forgets one memory by id, several by ids, or all that match a filter (which must name
   * at least one criterion), in one transaction. An unknown id is `not_found` and nothing
   * is forgotten. The text is deleted from the index and (secure_delete) from the file.
   */
  forget(target: string | string[] | Filter, options?: ForgetOptions): Promise<ForgetResult>;

  /** Every change of the memory, oldest first. @throws `not_found` after a purge. */
  history(id: string): Promise<HistoryEntry[]>;

  /**
   * The memories most relevant to query, best first: BM25 over a CJK-aware tokenizer (a
   * two-character Chinese word is found inside a sentence; any shared word matches),
   * fused with recency, importance and heat, and with vector similarity when the database
   * has an embed function. Expired and superseded memories are skipped.
   */
  recall(query: string, options?: RecallOptions): Promise<RecallHit[]>;

  /** Counts for this namespace, and the file's size. */
  stats(): Promise<Stats>;

  /**
   * Appends turns to a session (numbered after its last), in one transaction. Turns are
   * the raw trajectory that memories are distilled from: append-only, searchable.
   */
  appendTurns(sessionId: string, turns: TurnInput[]): Promise<Turn[]>;

  /** Turns ranked by BM25 (ties: newest first). */
  searchTurns(query: string, options?: SearchTurnsOptions): Promise<TurnHit[]>;

  /**
   * Finds the memories worth keeping in the recent messages of a conversation — who the
   * user is, likes and dislikes, standing rules, what got done, errors and lessons — in
   * Chinese, English and both mixed, with precise patterns (docs/FACTS.md), or with the
   * host's LLM when open() was given one. With `commit` it stores them (skipping what is
   * known), so an agent can call it after every few turns without piling up duplicates.
   * @throws `invalid_argument` (field `messages`, `messages[i].role`…) for a malformed
   * conversation, `too_large` over 1,000 messages or a message over 64 KiB.
   */
  extractFacts<M extends ChatMessage>(messages: readonly M[], options?: ExtractOptions): Promise<ExtractResult>;

  /**
   * The namespace's upkeep, step by step (docs/ENGINE.md, "Upkeep"): retries the LLM
   * extraction passes that failed; decays the importance of memories not used (half-life
   * per tier), deleting those below 0.1 and demoting those below 0.3; purges memories
   * expired longer than graceDays; folds duplicates into the newest; rewrites MEMORY's
   * index and USER's profile section from live memories. `dryRun` returns the plan and
   * changes nothing. Call it daily (idle time, app start).
   */
  consolidate(options?: ConsolidateOptions): Promise<ConsolidateResult>;

  /**
   * Shortens a conversation that outgrows the model's context, cheapest first: old tool
   * results become placeholders, and past a threshold (or with `force`) the older messages
   * become one `[compacted]` summary — the host LLM's, or an extractive one — ending with
   * the working state. A tool call is never split from its result. With `sessionId`, what
   * leaves the context is stored as turns, so searchTurns still reaches it: nothing is lost.
   */
  compact<M extends ChatMessage>(messages: readonly M[], options?: CompactOptions): Promise<CompactResult<M>>;

  /**
   * Assembles what to send to the model this turn within `budgetTokens`: the system prompt,
   * the session's frozen core-memory snapshot and its working state as the system text,
   * then the conversation — compacted to fit — with the memories recalled for it in a
   * `<recalled-memories>` block at the start of the last user message. Works without an
   * LLM. It does not store turns: appendTurns each turn (searchTurns and endSession read them).
   */
  buildContext<M extends ChatMessage>(options: BuildContextOptions<M>): Promise<BuildContextResult<M>>;

  /**
   * Ends a session: writes its episode from its turns and plan (with the host's LLM when
   * there is one), and remembers a note tagged `episode` so that later recalls find what
   * happened. Working memory stays.
   * @throws `not_found` (field `sessionId`) for a session with no turns; `conflict` when it
   * was ended already (episodes() has its episode: turns appended since would otherwise be
   * silently left out).
   */
  endSession(sessionId: string): Promise<EndSessionResult>;

  /** The namespace's episodes (or one session's), oldest first. */
  episodes(options?: EpisodesOptions): Promise<Episode[]>;

  /** The namespace's documents: IDENTITY, SOUL, USER, MEMORY and daily logs. */
  readonly documents: DocumentsAPI;

  /** Per-session key/values of working memory. */
  readonly scratchpad: ScratchpadAPI;

  /** Per-session plan of working memory: a goal and its steps. */
  readonly plan: PlanAPI;

  /** Per-session business state of working memory. */
  readonly state: StateAPI;

  /**
   * The whole database — every namespace, not only this view's — as the bytes of an
   * SQLite file: for keeping an in-memory database (Workers) in durable storage, or a
   * backup. It is consistent even while others write.
   * @throws `too_large` when it would not fit in one request (limits.maxRequestBytes): in
   * Node and workerd the bytes move beside the JSON, so up to maxRequestBytes; in a browser
   * they move as base64 inside it, so up to ¾ of it.
   */
  snapshot(): Promise<Uint8Array>;

  /**
   * Replaces the whole database — every namespace — with a snapshot's bytes, after checking
   * them (an SQLite file, undamaged, memcore's schema); an older memcore's snapshot is
   * migrated. On any refusal nothing changes.
   * `data` is a Uint8Array (a Buffer), an ArrayBuffer or any other view of bytes.
   * @throws `invalid_argument` (field `data`) for anything but bytes, or bytes that are not
   * a usable memcore snapshot; `unsupported` (field `data`) for a newer memcore's snapshot,
   * or a read-only database; `too_large` (field `data`) for more than one request carries:
   * limits.maxRequestBytes (64 MiB by default) in Node and workerd, where the bytes move
   * beside the JSON; ¾ of it (about 48 MiB) in a browser, where they move as base64 inside it.
   */
  restore(data: ArrayBufferLike | ArrayBufferView): Promise<RestoreResult>;

  /**
   * Closes the database for every view of this open() (requests already running finish
   * first); later calls fail with `closed`. Idempotent. A file opened again by another
   * open() stays open until that one is closed too. Not closing loses nothing — every
   * write is committed and fsynced when its Promise resolves — but frees the handle.
   */
  close(): Promise<void>;
}

// ─── Agent glue: chat messages, memory tools, tasks, routing, export/import ─────────────

/** One tool call of an assistant turn. */
export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them: JSON text. */
  arguments: string;
}

/** The operations memoryTools() can offer. */
export type ToolOp = 'save' | 'recall' | 'forget' | 'search' | 'scratchpad' | 'plan' | 'tasks';

/** Options of memoryTools(). */
export interface MemoryToolsOptions {
  /** The shape of the definitions; default `openai`. */
  shape?: MessageShape;
  /** Which operations to offer; default all. save/recall/forget are actions of one `remember` tool. */
  ops?: ToolOp[];
}

/** A JSON Schema object, as the tools' parameters are written. */
export interface JSONSchema {
  type?: string;
  [keyword: string]: unknown;
}

/** A tool definition in the OpenAI shape (`tools` of chat.completions). */
export interface OpenAIToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: JSONSchema };
}

/** A tool definition in the Anthropic shape (`tools` of messages.create). */
export interface AnthropicToolDefinition {
  name: string;
  description: string;
  input_schema: JSONSchema;
}

/** An OpenAI tool call (`message.tool_calls[i]`). */
export interface OpenAIToolCall {
  id: string;
  type?: 'function';
  function: { name: string; arguments: string };
}

/** An Anthropic tool_use content block. */
export interface AnthropicToolUse {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

/** The OpenAI tool-result message handleToolCall answers with. */
export interface OpenAIToolResult {
  role: 'tool';
  tool_call_id: string;
  /** JSON of the result, or a text starting with "Error" the model can act on. */
  content: string;
}

/** The Anthropic tool_result block handleToolCall answers with (put it in a user message). */
export interface AnthropicToolResult {
  type: 'tool_result';
  tool_use_id: string;
  content: string;
  /** Set when the call failed for a reason the model can fix. */
  is_error?: true;
}

/** Options of handleToolCall(). */
export interface HandleToolCallOptions {
  /** The conversation: needed by scratchpad and update_plan, recorded as a saved memory's source. */
  sessionId?: string;
  /** The operations offered (as given to memoryTools); a call to another is an error result. */
  ops?: ToolOp[];
}

/** What route() decides. */
export interface RouteDecision {
  layer: 'scratchpad' | 'plan' | 'turn' | 'memory' | 'document';
  /** Layer `memory`: the memory's type and tier. */
  type?: MemoryType;
  tier?: Tier;
  /** Layer `document`: IDENTITY, SOUL or daily (the day's daily/YYYY-MM-DD). */
  document?: 'IDENTITY' | 'SOUL' | 'daily';
  /** Layer `scratchpad`: the key to keep it under. */
  key?: string;
  /** The rule that decided, e.g. `preference`, `temporary`, `tool_output` (docs/ROUTING.md). */
  rule: string;
  /** Why, in a sentence. */
  reason: string;
}

/** Task statuses. */
export type TaskStatus = 'pending' | 'in_progress' | 'completed' | 'cancelled';

/** A task of the namespace's persistent task graph. */
export interface Task {
  id: string;
  title: string;
  description?: string;
  status: TaskStatus;
  /** The session that created it, if one did (the task outlives it). */
  sessionId?: string;
  /** The tasks this one waits for. */
  blockedBy: string[];
  /** The tasks waiting for this one. */
  blocks: string[];
  /** Some task of blockedBy is not completed. */
  blocked: boolean;
  /** Pending and not blocked: can start now. */
  ready: boolean;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A task to create. */
export interface TaskInput {
  title: string;
  description?: string;
  /** Default pending. */
  status?: TaskStatus;
  blockedBy?: string[];
  sessionId?: string;
}

/** Changes to a task: blockedBy replaces the blockers, addBlockedBy/removeBlockedBy edit them. */
export interface TaskPatch {
  title?: string;
  description?: string;
  status?: TaskStatus;
  blockedBy?: string[];
  addBlockedBy?: string[];
  removeBlockedBy?: string[];
}

/** What tasks.update() did: the task, and the tasks its change made ready. */
export interface TaskUpdateResult {
  task: Task;
  unblocked: string[];
}

/** Filter of tasks.list(). */
export interface TaskFilter {
  status?: TaskStatus[];
  /** Only the ready tasks. */
  ready?: boolean;
  sessionId?: string;
}

/** The persistent task graph of a namespace. */
export interface TasksAPI {
  /** @throws `not_found` (field `blockedBy`) for an unknown blocker. */
  create(task: TaskInput): Promise<Task>;
  get(id: string): Promise<Task>;
  /**
   * @throws `conflict` (field `status`) to start or complete a blocked task;
   * `invalid_argument` (field `blockedBy`/`addBlockedBy`) for a cycle.
   */
  update(id: string, patch: TaskPatch): Promise<TaskUpdateResult>;
  delete(id: string): Promise<{ deleted: true }>;
  list(filter?: TaskFilter): Promise<Task[]>;
  /** The tasks that can start now. */
  ready(): Promise<Task[]>;
}

/** Export formats: every record as JSON Lines, or one namespace as a Markdown folder. */
export type ExportFormat = 'jsonl' | 'md';

/** A file of a Markdown export or import: a relative path with "/" and its text. */
export interface MarkdownFile {
  path: string;
  content: string;
}

/** Progress of export() and import(), by phase. */
export interface ExportProgress {
  phase: 'export' | 'check' | 'write' | 'done';
  counts?: Record<string, number>;
  report?: ImportReport;
}

/** Options of export(). */
export interface ExportOptions {
  /** Default `jsonl`. */
  format?: ExportFormat;
  /** Default this view's namespace; `['*']` for all (jsonl only: md takes one). */
  namespaces?: string[];
  onProgress?: (p: ExportProgress) => void;
}

/** An export: `data` (jsonl) or `files` (md), and the number of records of each kind. */
export interface ExportResult {
  format: ExportFormat;
  data?: string;
  files?: MarkdownFile[];
  namespaces: string[];
  counts: Record<string, number>;
}

/** Options of import(). */
export interface ImportOptions {
  /** jsonl: only these namespaces' records (default all). md goes into this view's namespace. */
  namespaces?: string[];
  /** Check and report only. */
  dryRun?: boolean;
  onProgress?: (p: ExportProgress) => void;
}

/** What import() did, by record kind. */
export interface ImportReport {
  imported: Record<string, number>;
  /** Already there (same id; same session and seq for a turn; same name for a document). */
  skipped: Record<string, number>;
  /** Left out by the namespaces filter. */
  excluded: number;
  namespaces: string[];
  dryRun?: true;
}

/** Something with the bytes of a file: a Blob or a File. */
export interface BlobLike {
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** What import() reads: JSON Lines (text, bytes, a Blob or File) or a Markdown folder. */
export type ImportData = string | ArrayBufferLike | ArrayBufferView | BlobLike | readonly (MarkdownFile | BlobLike)[];

export interface Memory {
  /**
   * Stores OpenAI or Anthropic chat messages, as they are, as turns of a session: roles
   * (developer too), tool calls (`toolCalls`), tool results as `tool` turns named after
   * their tool with the call's id (`callId`). Anthropic tool_result blocks become tool
   * turns of their own. Non-text parts are kept as a marker (`[image]`).
   * @throws `invalid_argument` naming `messages[i]…`; nothing is stored then.
   */
  appendMessages<M extends ChatMessage>(sessionId: string, messages: readonly M[]): Promise<Turn[]>;

  /** Tool definitions (JSON Schema) that let the model remember, recall, forget, search, plan. */
  memoryTools(options: MemoryToolsOptions & { shape: 'anthropic' }): AnthropicToolDefinition[];
  memoryTools(options?: MemoryToolsOptions & { shape?: 'openai' }): OpenAIToolDefinition[];

  /**
   * Runs one tool call of the model and returns the tool-result message in the call's
   * shape. Bad arguments (not JSON, wrong types, unknown tool, a memory that does not
   * exist) come back as an error result the model can read; only `closed`, `storage`,
   * `unsupported` and `internal` are thrown.
   */
  handleToolCall(call: OpenAIToolCall, options?: HandleToolCallOptions): Promise<OpenAIToolResult>;
  handleToolCall(call: AnthropicToolUse, options?: HandleToolCallOptions): Promise<AnthropicToolResult>;

  /** Which layer a text or a chat message belongs to, by deterministic rules (English, Chinese). */
  route<M extends ChatMessage>(textOrMessage: string | M): Promise<RouteDecision>;

  /** The namespace's persistent task graph. */
  readonly tasks: TasksAPI;

  /** Every record of the namespace(s) as JSON Lines, or one namespace as Markdown files. */
  export(options?: ExportOptions): Promise<ExportResult>;

  /**
   * Checks everything, then writes it all in one transaction, or nothing; what exists is
   * skipped. @throws `invalid_argument` naming `data[line]…` or `files[i]`.
   */
  import(data: ImportData, options?: ImportOptions): Promise<ImportReport>;
}
