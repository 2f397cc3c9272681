-- memcore schema version 9
-- Generated from a database migrated step by step: UPDATE_GOLDEN=1 go test ./core/internal/store -run TestFreshSchema_golden
CREATE TABLE memories (
		rowid            INTEGER PRIMARY KEY,
		id               TEXT NOT NULL UNIQUE,
		namespace        TEXT NOT NULL,
		type             TEXT NOT NULL,
		title            TEXT NOT NULL DEFAULT '',
		content          TEXT NOT NULL,
		subject          TEXT NOT NULL DEFAULT '',
		predicate        TEXT NOT NULL DEFAULT '',
		tags             TEXT NOT NULL DEFAULT '[]',
		importance       REAL NOT NULL,
		confidence       REAL NOT NULL,
		tier             TEXT NOT NULL,
		created_at       INTEGER NOT NULL,
		updated_at       INTEGER NOT NULL,
		expires_at       INTEGER,
		last_accessed_at INTEGER,
		access_count     INTEGER NOT NULL DEFAULT 0,
		version          INTEGER NOT NULL DEFAULT 1,
		source           TEXT,
		card             TEXT,
		superseded_by    TEXT
	, key TEXT, metadata TEXT, decayed_at INTEGER) STRICT;
CREATE INDEX memories_ns_id ON memories(namespace, id);
CREATE INDEX memories_ns_type_id ON memories(namespace, type, id);
CREATE TABLE memory_history (
		seq       INTEGER PRIMARY KEY,
		namespace TEXT NOT NULL,
		memory_id TEXT NOT NULL,
		version   INTEGER NOT NULL,
		op        TEXT NOT NULL,
		at        INTEGER NOT NULL,
		snapshot  TEXT
	, before TEXT) STRICT;
CREATE INDEX memory_history_ns_mem ON memory_history(namespace, memory_id, seq);
CREATE VIRTUAL TABLE memories_fts USING fts5(
		title, subject, content,
		tokenize = 'porter ascii', content = '', contentless_delete = 1);
CREATE TABLE turns (
		rowid      INTEGER PRIMARY KEY,
		id         TEXT NOT NULL UNIQUE,
		namespace  TEXT NOT NULL,
		session_id TEXT NOT NULL,
		seq        INTEGER NOT NULL,
		role       TEXT NOT NULL,
		name       TEXT NOT NULL DEFAULT '',
		content    TEXT NOT NULL,
		created_at INTEGER NOT NULL, call_id TEXT NOT NULL DEFAULT '', tool_calls TEXT,
		UNIQUE (namespace, session_id, seq)
	) STRICT;
CREATE VIRTUAL TABLE turns_fts USING fts5(
		content, context, tokenize = 'porter ascii', content = '', contentless_delete = 1);
CREATE TABLE memory_vectors (
		memory_rowid INTEGER PRIMARY KEY REFERENCES memories(rowid) ON DELETE CASCADE,
		dim          INTEGER NOT NULL,
		vec          BLOB NOT NULL -- little-endian float32, L2-normalised
	) STRICT;
CREATE TABLE documents (
		namespace  TEXT NOT NULL,
		name       TEXT NOT NULL, -- IDENTITY, SOUL, USER, MEMORY, daily/YYYY-MM-DD
		content    TEXT NOT NULL,
		updated_at INTEGER NOT NULL,
		PRIMARY KEY (namespace, name)
	) STRICT, WITHOUT ROWID;
CREATE TABLE sessions (
		namespace       TEXT NOT NULL,
		session_id      TEXT NOT NULL,
		core_snapshot   TEXT,    -- core-memory block frozen at the first buildContext
		business_state  TEXT NOT NULL DEFAULT '',
		llm_extractions INTEGER NOT NULL DEFAULT 0, -- LLM extraction passes so far
		started_at      INTEGER NOT NULL,
		ended_at        INTEGER,
		PRIMARY KEY (namespace, session_id)
	) STRICT, WITHOUT ROWID;
CREATE TABLE scratchpad (
		namespace  TEXT NOT NULL,
		session_id TEXT NOT NULL,
		key        TEXT NOT NULL,
		value      TEXT NOT NULL,
		updated_at INTEGER NOT NULL,
		PRIMARY KEY (namespace, session_id, key)
	) STRICT, WITHOUT ROWID;
CREATE TABLE plans (
		namespace  TEXT NOT NULL,
		session_id TEXT NOT NULL,
		goal       TEXT NOT NULL,
		steps      TEXT NOT NULL DEFAULT '[]', -- JSON [{title, status}]
		updated_at INTEGER NOT NULL,
		PRIMARY KEY (namespace, session_id)
	) STRICT, WITHOUT ROWID;
CREATE TABLE episodes (
		rowid      INTEGER PRIMARY KEY,
		id         TEXT NOT NULL UNIQUE,
		namespace  TEXT NOT NULL,
		session_id TEXT NOT NULL,
		summary    TEXT NOT NULL,
		goal       TEXT NOT NULL DEFAULT '',
		outcome    TEXT NOT NULL DEFAULT '',
		entities   TEXT NOT NULL DEFAULT '[]',
		tools_used TEXT NOT NULL DEFAULT '[]',
		lessons    TEXT NOT NULL DEFAULT '[]',
		importance REAL NOT NULL,
		started_at INTEGER NOT NULL,
		ended_at   INTEGER NOT NULL,
		memory_id  TEXT -- the memory that makes the episode recallable
	) STRICT;
CREATE INDEX episodes_ns_session ON episodes(namespace, session_id);
CREATE TABLE extraction_queue (
		seq        INTEGER PRIMARY KEY,
		namespace  TEXT NOT NULL,
		session_id TEXT NOT NULL,
		from_turn  INTEGER NOT NULL, -- message index range the pass covers
		to_turn    INTEGER NOT NULL,
		messages   TEXT NOT NULL,    -- the user messages to extract from, JSON
		attempts   INTEGER NOT NULL DEFAULT 0,
		last_error TEXT NOT NULL DEFAULT '',
		created_at INTEGER NOT NULL,
		UNIQUE (namespace, session_id, from_turn, to_turn)
	) STRICT;
CREATE UNIQUE INDEX memories_ns_key ON memories(namespace, key) WHERE key IS NOT NULL;
CREATE INDEX memories_ns_pred ON memories(namespace, predicate) WHERE predicate <> '';
CREATE TABLE embedding_cache (
		namespace TEXT NOT NULL,
		hash      BLOB NOT NULL, -- sha256 of the embedded text
		dim       INTEGER NOT NULL,
		vec       BLOB NOT NULL, -- little-endian float32, L2-normalised
		PRIMARY KEY (namespace, hash)
	) STRICT, WITHOUT ROWID;
CREATE TABLE quotas (
		namespace    TEXT PRIMARY KEY,
		max_memories INTEGER NOT NULL DEFAULT 0, -- 0: no limit
		max_bytes    INTEGER NOT NULL DEFAULT 0,
		evict        INTEGER NOT NULL DEFAULT 0  -- 1: evict instead of refusing
	) STRICT, WITHOUT ROWID;
CREATE TABLE tasks (
		rowid        INTEGER PRIMARY KEY,
		id           TEXT NOT NULL UNIQUE,
		namespace    TEXT NOT NULL,
		title        TEXT NOT NULL,
		description  TEXT NOT NULL DEFAULT '',
		status       TEXT NOT NULL, -- pending, in_progress, completed, cancelled
		session_id   TEXT NOT NULL DEFAULT '', -- the session that created it, if any
		created_at   INTEGER NOT NULL,
		updated_at   INTEGER NOT NULL
	) STRICT;
CREATE INDEX tasks_ns_id ON tasks(namespace, id);
CREATE TABLE task_deps (
		namespace  TEXT NOT NULL,
		task_id    TEXT NOT NULL, -- the blocked task
		blocked_by TEXT NOT NULL, -- the task it waits for
		PRIMARY KEY (namespace, task_id, blocked_by)
	) STRICT, WITHOUT ROWID;
CREATE INDEX task_deps_blocker ON task_deps(namespace, blocked_by);
CREATE TABLE extraction_reads (
		namespace  TEXT NOT NULL,
		session_id TEXT NOT NULL,
		msg_hash   TEXT NOT NULL, -- facts.MessageHash: role and text
		read_at    INTEGER NOT NULL,
		PRIMARY KEY (namespace, session_id, msg_hash)
	) STRICT, WITHOUT ROWID;
CREATE TABLE memory_counts (
		namespace  TEXT NOT NULL,
		type       TEXT NOT NULL,
		total      INTEGER NOT NULL, -- memories of this type in the namespace
		superseded INTEGER NOT NULL, -- of which superseded_by is set
		PRIMARY KEY (namespace, type)
	) STRICT, WITHOUT ROWID;
CREATE INDEX memories_ns_expiry ON memories(namespace, expires_at, type)
		WHERE superseded_by IS NULL AND expires_at IS NOT NULL;
CREATE TABLE turn_counts (
		namespace TEXT PRIMARY KEY,
		turns     INTEGER NOT NULL,
		sessions  INTEGER NOT NULL -- distinct session_id among the turns
	) STRICT, WITHOUT ROWID;
CREATE TABLE fts_stats (
		kind      TEXT NOT NULL, -- memories, turns
		namespace TEXT NOT NULL,
		rows      INTEGER NOT NULL,
		tokens    INTEGER NOT NULL,
		PRIMARY KEY (kind, namespace)
	) STRICT, WITHOUT ROWID;
INSERT INTO memories_fts(memories_fts, rank) VALUES ('secure-delete', 1);
INSERT INTO turns_fts(turns_fts, rank) VALUES ('secure-delete', 1);
