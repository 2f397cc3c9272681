package store

import (
	"container/heap"
	"encoding/binary"
	"math"

	"github.com/memcore/memcore/core/internal/record"
)

// PutVector stores (or replaces) the embedding of memory id; vec must be L2-normalised.
func (d *DB) PutVector(ns, id string, vec []float32) error {
	rowid, err := d.rowid(ns, id)
	if err != nil {
		return err
	}
	buf := make([]byte, 4*len(vec))
	for i, v := range vec {
		binary.LittleEndian.PutUint32(buf[4*i:], math.Float32bits(v))
	}
	s, err := d.prepare(`INSERT OR REPLACE INTO memory_vectors (memory_rowid, dim, vec) VALUES (?,?,?)`)
	if err != nil {
		return err
	}
	defer s.Reset()
	if err := bind(s, rowid, len(vec)); err != nil {
		return err
	}
	if err := s.BindBlob(3, buf); err != nil {
		return err
	}
	return s.Exec()
}

// DeleteVector drops the embedding of memory id (its text changed and could not be
// embedded again: a stale vector would recall it for what it no longer says).
func (d *DB) DeleteVector(ns, id string) error {
	return d.exec(`DELETE FROM memory_vectors WHERE memory_rowid =
		(SELECT rowid FROM memories WHERE id = ? AND namespace = ?)`, id, ns)
}

// VectorHit is a memory found by vector similarity, with its cosine similarity.
type VectorHit struct {
	Memory *record.Memory
	Cosine float64
}

// NearestMemories scans the embeddings of the namespace's memories passing f and returns
// the limit most similar to query (L2-normalised), most similar first. Vectors of another
// dimension (an embedder was swapped) are skipped. It is exact, brute force: at on-device
// sizes (≤ 100k memories) one pass is cheaper than keeping an approximate index current.
func (d *DB) NearestMemories(ns string, query []float32, f Filter, limit int) ([]VectorHit, error) {
	s, err := d.prepare(`SELECT v.memory_rowid, v.vec FROM memory_vectors v
		JOIN memories m ON m.rowid = v.memory_rowid WHERE v.dim = ? AND ` + filterSQL)
	if err != nil {
		return nil, err
	}
	if err := bind(s, append([]any{len(query)}, filterArgs(ns, f)...)...); err != nil {
		s.Reset()
		return nil, err
	}
	top := &minHeap{}
	for s.Step() {
		b := s.ColumnRawBlob(1)
		var dot float64
		for i := range query {
			dot += float64(query[i]) * float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])))
		}
		if top.Len() < limit {
			heap.Push(top, scored{s.ColumnInt64(0), dot})
		} else if dot > (*top)[0].score {
			(*top)[0] = scored{s.ColumnInt64(0), dot}
			heap.Fix(top, 0)
		}
	}
	err = s.Err()
	s.Reset()
	if err != nil {
		return nil, err
	}
	out := make([]VectorHit, top.Len())
	for i := len(out) - 1; i >= 0; i-- {
		sc := heap.Pop(top).(scored)
		m, err := d.memoryByRowid(sc.rowid)
		if err != nil {
			return nil, err
		}
		out[i] = VectorHit{Memory: m, Cosine: sc.score}
	}
	return out, nil
}

func (d *DB) memoryByRowid(rowid int64) (*record.Memory, error) {
	s, err := d.prepare(`SELECT ` + memCols + ` FROM memories m WHERE m.rowid = ?`)
	if err != nil {
		return nil, err
	}
	defer s.Reset()
	if err := bind(s, rowid); err != nil {
		return nil, err
	}
	if !s.Step() {
		if err := s.Err(); err != nil {
			return nil, err
		}
		return nil, errNoRow
	}
	return scanMemory(s, 0)
}

type scored struct {
	rowid int64
	score float64
}

// minHeap keeps the best k scores with the worst on top.
type minHeap []scored

func (h minHeap) Len() int           { return len(h) }
func (h minHeap) Less(i, j int) bool { return h[i].score < h[j].score }
func (h minHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *minHeap) Push(x any)        { *h = append(*h, x.(scored)) }
func (h *minHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
