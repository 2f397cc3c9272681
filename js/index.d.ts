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
 * - `not_found` — no memory with that id in this namespace.
 * - `conflict` — `update` with an `expectVersion` that is not the stored version.
 * - `too_large` — over a limit (content 64 KiB, batch 1,000, …); nothing was written.
 * - `closed` — the Memory (or the database under it) was closed.
 * - `unsupported` — a shim and engine of different versions, a database written by a newer
 *   memcore, or a feature this version does not have.
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
}

/** Options of forget(). */
export interface ForgetOptions {
  /**
   * Also delete the history. Without it a `forget` entry (holding the last text) is added
   * to the history; with it nothing of the memory is left, in the index or the file.
   */
  purge?: boolean;
}

/** What forget() removed. */
export interface ForgetResult {
  forgotten: number;
  ids: string[];
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
 * score = 0.70·relevance + 0.10·recency + 0.15·importance + 0.05·heat by default.
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
export type Role = 'system' | 'user' | 'assistant' | 'tool';

/** A turn to append: one message of a conversation. */
export interface TurnInput {
  role: Role;
  /** The tool's name, for role `tool`. */
  name?: string;
  content: string;
  /** When it was said; default now. */
  createdAt?: Timestamp | Date;
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
}

// ─── Opening ────────────────────────────────────────────────────────────────────────────

/**
 * Turns texts into vectors for hybrid recall: one vector per text, all of one dimension
 * (≤ 4096), as arrays or typed arrays of finite numbers. It is awaited while a request runs.
 * If it throws or returns something else, the write still succeeds without a vector (and
 * recall falls back to BM25); stats().embedFailures counts it.
 */
export type EmbedFunction = (texts: string[]) => Promise<ArrayLike<number>[]> | ArrayLike<number>[];

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
   */
  path: string | FileURL;
  /** The namespace of the returned Memory (1–128 bytes, no control characters). Default `'default'`. */
  namespace?: string;
  /** An embedder for hybrid (BM25 + vector) recall; without it recall is BM25 only. */
  embed?: EmbedFunction;
  /** SQLite's page cache in KiB (default 8192): lower it where memory is tight. */
  cacheKiB?: number;
  /** Open an existing file without writing to it. */
  readOnly?: boolean;
  limits?: Limits;
  scoring?: Scoring;
  /**
   * Let V8 optimise the engine with TurboFan (default false). The shim otherwise compiles
   * it with Liftoff only: tiering SQLite's huge functions up costs seconds of CPU and
   * ~700 MB of peak memory at start for little gain on small queries. Only the first open
   * of a process decides; see README "Cold start".
   */
  tierUp?: boolean;
}

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
  remember(memory: MemoryInput): Promise<MemoryRecord>;
  remember(memories: MemoryInput[]): Promise<MemoryRecord[]>;
  remember(input: MemoryInput | MemoryInput[]): Promise<MemoryRecord | MemoryRecord[]>;

  /** The memory with this id, expired or not. @throws `not_found` if this namespace has none. */
  get(id: string): Promise<MemoryRecord>;

  /** Memories newest first, filtered and paged. */
  list(filter?: ListFilter): Promise<ListPage>;

  /**
   * Changes the fields the patch names (version + 1, a history entry).
   * @throws `conflict` (field `expectVersion`) when options.expectVersion is not the stored version.
   */
  update(id: string, patch: MemoryPatch, options?: UpdateOptions): Promise<MemoryRecord>;

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
   * Closes the database for every view of this open() (requests already running finish
   * first); later calls fail with `closed`. Idempotent. A file opened again by another
   * open() stays open until that one is closed too. Not closing loses nothing — every
   * write is committed and fsynced when its Promise resolves — but frees the handle.
   */
  close(): Promise<void>;
}
