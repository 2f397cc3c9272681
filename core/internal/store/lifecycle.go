package store

import (
	"encoding/binary"
	"math"
	"time"

	"github.com/ncruces/go-sqlite3"

	"github.com/memcore/memcore/core/internal/record"
)

// MemoryByKey returns the memory of namespace ns with the caller's key, or nil.
func (d *DB) MemoryByKey(ns, key string) (*record.Memory, error) {
	s, err := d.prepare(`SELECT ` + memCols + ` FROM memories m WHERE m.namespace=? AND m.key=?`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns, key); err != nil {
		return nil, err
	}
	if !s.Step() {
		return nil, s.Err()
	}
	return scanMemory(s, 0)
}

// LiveSamePredicate returns the live memories of ns (not superseded, not expired at now)
// with predicate pred and the subject subj (ASCII case-insensitive), other than id.
func (d *DB) LiveSamePredicate(ns, subj, pred, id string, now time.Time) ([]*record.Memory, error) {
	s, err := d.prepare(`SELECT ` + memCols + ` FROM memories m
		WHERE m.namespace=? AND m.predicate=? AND m.predicate<>'' AND lower(m.subject)=lower(?) AND m.id<>?
		AND m.superseded_by IS NULL AND (m.expires_at IS NULL OR m.expires_at > ?)
		ORDER BY m.id`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns, pred, subj, id, ms(now)); err != nil {
		return nil, err
	}
	return scanAll(s)
}

// scanAll reads every row of s as memCols.
func scanAll(s *sqlite3.Stmt) ([]*record.Memory, error) {
	var out []*record.Memory
	for s.Step() {
		m, err := scanMemory(s, 0)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, s.Err()
}

// CachedEmbeddings returns the cached vectors of namespace ns for the given content
// hashes (sha256 of the embedded text), by hash.
func (d *DB) CachedEmbeddings(ns string, hashes [][]byte) (map[string][]float32, error) {
	s, err := d.prepare(`SELECT vec FROM embedding_cache WHERE namespace=? AND hash=?`)
	if err != nil {
		return nil, err
	}
	out := map[string][]float32{}
	for _, h := range hashes {
		s.Reset()
		if err := bind(s, ns, h); err != nil {
			return nil, err
		}
		if s.Step() {
			out[string(h)] = decodeVec(s.ColumnRawBlob(0))
		}
		if err := s.Err(); err != nil {
			s.Reset()
			return nil, err
		}
	}
	s.Reset()
	return out, nil
}

// CacheEmbedding stores the vector of the text with hash h (kept when there is one).
func (d *DB) CacheEmbedding(ns string, h []byte, vec []float32) error {
	return d.exec(`INSERT OR IGNORE INTO embedding_cache (namespace, hash, dim, vec) VALUES (?,?,?,?)`,
		ns, h, len(vec), encodeVec(vec))
}

// UncacheEmbedding drops the cached vector of the text with hash h (a purge).
func (d *DB) UncacheEmbedding(ns string, h []byte) (bool, error) {
	if err := d.exec(`DELETE FROM embedding_cache WHERE namespace=? AND hash=?`, ns, h); err != nil {
		return false, err
	}
	return d.conn.Changes() > 0, nil
}

func encodeVec(vec []float32) []byte {
	buf := make([]byte, 4*len(vec))
	for i, v := range vec {
		binary.LittleEndian.PutUint32(buf[4*i:], math.Float32bits(v))
	}
	return buf
}

func decodeVec(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

// QuotaRow is a namespace's quota as stored (0: no limit).
type QuotaRow struct {
	MaxMemories int64
	MaxBytes    int64
	Evict       bool
}

// GetQuota returns the namespace's own quota, or nil when it has none.
func (d *DB) GetQuota(ns string) (*QuotaRow, error) {
	s, err := d.prepare(`SELECT max_memories, max_bytes, evict FROM quotas WHERE namespace=?`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns); err != nil {
		return nil, err
	}
	if !s.Step() {
		return nil, s.Err()
	}
	return &QuotaRow{MaxMemories: s.ColumnInt64(0), MaxBytes: s.ColumnInt64(1), Evict: s.ColumnBool(2)}, nil
}

// SetQuota sets (q not nil) or removes (nil) the namespace's own quota.
func (d *DB) SetQuota(ns string, q *QuotaRow) error {
	if q == nil {
		return d.exec(`DELETE FROM quotas WHERE namespace=?`, ns)
	}
	return d.exec(`INSERT OR REPLACE INTO quotas (namespace, max_memories, max_bytes, evict) VALUES (?,?,?,?)`,
		ns, q.MaxMemories, q.MaxBytes, q.Evict)
}

// memBytesSQL is what a memory weighs against a quota: the bytes of its fields.
const memBytesSQL = `(octet_length(m.content) + octet_length(m.title) + octet_length(m.subject) +
	octet_length(m.predicate) + octet_length(m.tags) + coalesce(octet_length(m.metadata), 0) +
	coalesce(octet_length(m.card), 0) + coalesce(octet_length(m.key), 0))`

// Usage returns how many memories namespace ns holds (expired and superseded ones
// included: they are in the file) and their bytes (memBytesSQL).
func (d *DB) Usage(ns string) (count, bytes int64, err error) {
	s, err := d.prepare(`SELECT count(*), coalesce(sum(` + memBytesSQL + `), 0) FROM memories m WHERE m.namespace=?`)
	if err != nil {
		return 0, 0, err
	}
	defer s.Reset()
	if err := bind(s, ns); err != nil {
		return 0, 0, err
	}
	if !s.Step() {
		return 0, 0, s.Err()
	}
	return s.ColumnInt64(0), s.ColumnInt64(1), nil
}

// EvictionCandidate is a memory that a quota may evict, with what its score needs.
type EvictionCandidate struct {
	ID          string
	Importance  float64
	AccessCount int64
	LastUsed    time.Time // last access or update
	Bytes       int64
	Dead        bool // expired or superseded: evicted first
}

// EvictionCandidates returns the non-permanent memories of ns.
func (d *DB) EvictionCandidates(ns string, now time.Time) ([]EvictionCandidate, error) {
	s, err := d.prepare(`SELECT m.id, m.importance, m.access_count,
		max(coalesce(m.last_accessed_at, 0), m.updated_at), ` + memBytesSQL + `,
		(m.superseded_by IS NOT NULL OR (m.expires_at IS NOT NULL AND m.expires_at <= ?))
		FROM memories m WHERE m.namespace=? AND m.tier <> 'permanent'`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ms(now), ns); err != nil {
		return nil, err
	}
	var out []EvictionCandidate
	for s.Step() {
		out = append(out, EvictionCandidate{ID: s.ColumnText(0), Importance: s.ColumnFloat(1),
			AccessCount: s.ColumnInt64(2), LastUsed: fromMS(s.ColumnInt64(3)), Bytes: s.ColumnInt64(4),
			Dead: s.ColumnBool(5)})
	}
	return out, s.Err()
}

// UpkeepRow is what consolidate reads of a memory: enough to decay, fold and index it.
type UpkeepRow struct {
	ID, Type, Tier, Subject, Predicate string
	Content                            string // at most the first 600 bytes
	Importance                         float64
	LastUsed                           time.Time // last access, update or decay
	UpdatedAt                          time.Time
}

// LiveUpkeepRows returns the live memories of ns (not superseded, not expired at now),
// oldest first.
func (d *DB) LiveUpkeepRows(ns string, now time.Time) ([]UpkeepRow, error) {
	s, err := d.prepare(`SELECT m.id, m.type, m.tier, m.subject, m.predicate, substr(m.content, 1, 600), m.importance,
		max(coalesce(m.last_accessed_at, 0), m.updated_at, coalesce(m.decayed_at, 0)), m.updated_at
		FROM memories m WHERE m.namespace = ? AND m.superseded_by IS NULL
		AND (m.expires_at IS NULL OR m.expires_at > ?) ORDER BY m.id`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns, ms(now)); err != nil {
		return nil, err
	}
	var out []UpkeepRow
	for s.Step() {
		out = append(out, UpkeepRow{ID: s.ColumnText(0), Type: s.ColumnText(1), Tier: s.ColumnText(2),
			Subject: s.ColumnText(3), Predicate: s.ColumnText(4), Content: s.ColumnText(5),
			Importance: s.ColumnFloat(6), LastUsed: fromMS(s.ColumnInt64(7)), UpdatedAt: fromMS(s.ColumnInt64(8))})
	}
	return out, s.Err()
}

// ExpiredBefore returns the ids of ns's memories that expired before t, oldest first.
func (d *DB) ExpiredBefore(ns string, t time.Time) ([]string, error) {
	s, err := d.prepare(`SELECT m.id FROM memories m WHERE m.namespace = ? AND m.expires_at IS NOT NULL
		AND m.expires_at <= ? ORDER BY m.id`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, ns, ms(t)); err != nil {
		return nil, err
	}
	var out []string
	for s.Step() {
		out = append(out, s.ColumnText(0))
	}
	return out, s.Err()
}

// SetDecayed sets a memory's importance as decayed at at, without a new version: decay is
// upkeep, not an edit (like access counts).
func (d *DB) SetDecayed(ns, id string, importance float64, at time.Time) error {
	return d.exec(`UPDATE memories SET importance = ?, decayed_at = ? WHERE namespace = ? AND id = ?`,
		importance, ms(at), ns, id)
}
