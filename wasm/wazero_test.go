// Tests of the wasip1 build under wazero: the binary that ships (built with
// internal/wasmbuild's pinned flags into a cache directory, rebuilt only when an input
// changed) is instantiated by the Go client internal/wasiclient and must pass the same
// protocol conformance suite as the native engine, keep file databases in a preopened
// directory, call back into its host, and refuse a mismatched shim.
package wasm_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"github.com/memcore/memcore/core"
	"github.com/memcore/memcore/internal/host"
	"github.com/memcore/memcore/internal/prototest"
	"github.com/memcore/memcore/internal/wasiclient"
	"github.com/memcore/memcore/internal/wasmbuild"
)

var (
	setupOnce sync.Once
	setupErr  error               // the build or compilation failed: every test fails with it
	skipWhy   string              // no go command: every test is skipped with this
	shared    *wasiclient.Runtime // compiled once for the package
)

func TestMain(m *testing.M) {
	code := m.Run()
	if shared != nil {
		shared.Close(context.Background())
	}
	os.Exit(code)
}

// cacheRoot is where the built binary is kept between runs: the user's cache directory
// (the go build cache's parent on most systems). wazero's compiled code is kept beside it,
// in wasiclient.DefaultCacheDir, shared with `memcore bench`.
func cacheRoot() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "memcore")
}

// engineRuntime builds (when an input changed) and compiles the wasip1 module once.
func engineRuntime(t testing.TB) *wasiclient.Runtime {
	t.Helper()
	setupOnce.Do(func() {
		ctx := context.Background()
		root, err := wasmbuild.ModuleRoot(".")
		if err != nil {
			setupErr = err
			return
		}
		if bin := os.Getenv("MEMCORE_WASI_WASM"); bin != "" {
			// Test a given binary (dist/memcore-wasi.wasm of a release, an experiment).
			shared, setupErr = compileFile(ctx, bin)
			return
		}
		var path string
		path, skipWhy, setupErr = build(root, "wasip1")
		if path != "" {
			shared, setupErr = compileFile(ctx, path)
		}
	})
	if skipWhy != "" {
		t.Skip(skipWhy)
	}
	if setupErr != nil {
		t.Fatal(setupErr)
	}
	return shared
}

// build builds target (incrementally) into the cache directory of the checkout at root
// and returns the binary's path, or why the tests must be skipped (no go command), or
// the error.
func build(root, target string) (path, skip string, err error) {
	// One binary directory per checkout, so that two work trees never see each other's
	// binary as up to date.
	sum := sha256.Sum256([]byte(root))
	out := filepath.Join(cacheRoot(), "wasm", hex.EncodeToString(sum[:6]))
	start := time.Now()
	var log bytes.Buffer
	res, err := wasmbuild.Build(context.Background(), wasmbuild.Options{Dir: root, Out: out, Targets: []string{target}, Log: &log})
	switch {
	case errors.Is(err, wasmbuild.ErrNoGo):
		return "", "cannot build the " + target + " binary: " + err.Error(), nil
	case err != nil:
		return "", "", fmt.Errorf("building the %s binary: %w\n%s", target, err, log.Bytes())
	}
	if res[0].Built {
		fmt.Fprintf(os.Stderr, "wasm: built %s in %.1fs\n", res[0].Path, time.Since(start).Seconds())
	}
	return res[0].Path, "", nil
}

// TestJSBuild builds the js entry point with the shipping flags, so that a change that
// breaks it fails make test (running it in Node and browsers is the JS package's tests).
func TestJSBuild(t *testing.T) {
	root, err := wasmbuild.ModuleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	path, skip, err := build(root, "js")
	if skip != "" {
		t.Skip(skip)
	}
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("\x00asm")) {
		t.Fatalf("%s is not a wasm module", path)
	}
}

// compileFile compiles the module in file through the on-disk compilation cache.
func compileFile(ctx context.Context, file string) (*wasiclient.Runtime, error) {
	bin, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	r, err := wasiclient.New(ctx, bin, wasiclient.DefaultCacheDir())
	if d := time.Since(start); d > 5*time.Second {
		fmt.Fprintf(os.Stderr, "wasm: compiled the module in %.1fs (cached for the next run)\n", d.Seconds())
	}
	return r, err
}

// newClient starts a fresh instance, closed when the test ends; dataDir, when not "", is
// mounted at /data.
func newClient(t testing.TB, dataDir string) *wasiclient.Client {
	t.Helper()
	r := engineRuntime(t)
	c, err := r.Instantiate(context.Background(), dataDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close(context.Background()) })
	return c
}

// call sends a request and decodes the response envelope.
func call(t *testing.T, c *wasiclient.Client, req string) response {
	t.Helper()
	out, err := c.Call(context.Background(), []byte(req))
	if err != nil {
		t.Fatalf("%s: %v", req, err)
	}
	var r response
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("%s: response %s: %v", req, out, err)
	}
	r.raw = out
	return r
}

type response struct {
	ID     json.RawMessage `json:"id"`
	OK     bool            `json:"ok"`
	Result json.RawMessage `json:"result"`
	Error  *core.Error     `json:"error"`
	raw    []byte
}

// must fails the test unless r is ok, and decodes its result into v (when not nil).
func (r response) must(t *testing.T, v any) {
	t.Helper()
	if !r.OK {
		t.Fatalf("want ok, got %s", r.raw)
	}
	if v != nil {
		if err := json.Unmarshal(r.Result, v); err != nil {
			t.Fatalf("result %s: %v", r.Result, err)
		}
	}
}

// fails fails the test unless r is an error with code and field.
func (r response) fails(t *testing.T, code core.Code, field string) {
	t.Helper()
	if r.OK || r.Error == nil || r.Error.Code != code || r.Error.Field != field {
		t.Fatalf("want error %s (field %q), got %s", code, field, r.raw)
	}
}

// open opens a database on c and returns its handle.
func open(t *testing.T, c *wasiclient.Client, args string) int64 {
	t.Helper()
	var res struct {
		DB       int64  `json:"db"`
		Version  string `json:"version"`
		Protocol int    `json:"protocol"`
	}
	call(t, c, `{"v":1,"id":1,"op":"open","args":`+args+`}`).must(t, &res)
	if res.DB <= 0 || res.Version != core.Version || res.Protocol != core.ProtocolVersion {
		t.Fatalf("open answered %+v", res)
	}
	return res.DB
}

// withDB returns req with "db": db added to its envelope. Anything that does not start
// as a JSON object is returned as is: the host answers it without routing.
func withDB(req []byte, db int64) []byte {
	trimmed := bytes.TrimLeft(req, " \t\r\n")
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return req
	}
	rest := trimmed[1:]
	field := `"db":` + strconv.FormatInt(db, 10)
	if r := bytes.TrimLeft(rest, " \t\r\n"); len(r) > 0 && r[0] != '}' {
		field += ","
	}
	return append([]byte("{"+field), rest...)
}

// TestConformance runs the protocol conformance suite against the wasm engine: each
// case gets a fresh in-memory database opened on one shared instance, and its requests
// carry the database's handle.
func TestConformance(t *testing.T) {
	c := newClient(t, "")
	prototest.Run(t, func(t *testing.T) prototest.Conn {
		db := open(t, c, `{"path":""}`)
		closeDB := func() error {
			out, err := c.Call(context.Background(), []byte(`{"v":1,"op":"close","db":`+strconv.FormatInt(db, 10)+`}`))
			if err != nil {
				return err
			}
			if !bytes.Contains(out, []byte(`"ok":true`)) {
				return fmt.Errorf("close: %s", out)
			}
			return nil
		}
		t.Cleanup(func() { closeDB() })
		return prototest.Conn{
			Call: func(req []byte) []byte {
				out, err := c.Call(context.Background(), withDB(req, db))
				if err != nil {
					t.Fatalf("the wasm call failed: %v", err)
				}
				return out
			},
			Close: closeDB,
		}
	})
}

// TestABI checks the reactor's exports beyond Call: version, empty and malformed
// requests, and that buffers are released (memory stays bounded over many calls).
func TestABI(t *testing.T) {
	c := newClient(t, "")
	ctx := context.Background()
	v, err := c.Version(ctx)
	if err != nil || v != core.Version {
		t.Fatalf("memcore_version = %q, %v; want %q", v, err, core.Version)
	}
	call(t, c, ``).fails(t, core.CodeInvalidArgument, "")
	call(t, c, `not json`).fails(t, core.CodeInvalidArgument, "")
	call(t, c, `{"v":2,"op":"stats","db":1}`).fails(t, core.CodeUnsupported, "v")
	// Routing: a request needs the handle of an open database.
	call(t, c, `{"v":1,"op":"stats"}`).fails(t, core.CodeInvalidArgument, "db")
	call(t, c, `{"v":1,"op":"stats","db":42}`).fails(t, core.CodeClosed, "db")
	db := open(t, c, `{"path":""}`)
	call(t, c, `{"v":1,"op":"stats","db":`+strconv.FormatInt(db, 10)+`}`).must(t, nil)
	call(t, c, `{"v":1,"op":"close","db":`+strconv.FormatInt(db, 10)+`}`).must(t, nil)
	call(t, c, `{"v":1,"op":"stats","db":`+strconv.FormatInt(db, 10)+`}`).fails(t, core.CodeClosed, "")
	call(t, c, `{"v":1,"op":"open","args":{"path":"","bogus":1}}`).fails(t, core.CodeInvalidArgument, "bogus")

	// 400 requests of 256 KiB: were request or response buffers kept, memory would grow
	// by 100 MiB.
	db = open(t, c, `{"path":""}`)
	before := c.MemoryBytes()
	big := `{"v":1,"op":"recall","db":` + strconv.FormatInt(db, 10) + `,"args":{"query":"x"},"id":"` + strings.Repeat("p", 256<<10) + `"}`
	for range 400 {
		call(t, c, big).must(t, nil)
	}
	if grew := int64(c.MemoryBytes()) - int64(before); grew > 64<<20 {
		t.Errorf("memory grew by %d MiB over 400 calls of 256 KiB: buffers are not freed", grew>>20)
	}
}

// TestHandshake: a shim of another version is refused at open.
func TestHandshake(t *testing.T) {
	c := newClient(t, "")
	call(t, c, `{"v":1,"id":1,"op":"open","args":{"path":"","version":"0.0.0-other"}}`).fails(t, core.CodeUnsupported, "version")
	db := open(t, c, `{"path":"","version":"`+core.Version+`"}`)
	var hello struct {
		Version string   `json:"version"`
		Ops     []string `json:"ops"`
	}
	call(t, c, `{"v":1,"op":"hello","db":`+strconv.FormatInt(db, 10)+`,"args":{"version":"`+core.Version+`"}}`).must(t, &hello)
	if hello.Version != core.Version || len(hello.Ops) == 0 {
		t.Fatalf("hello answered %+v", hello)
	}
}

// TestPersistence: a file database in a preopened directory survives its instance.
func TestPersistence(t *testing.T) {
	dir := t.TempDir()
	c := newClient(t, dir)
	db := strconv.FormatInt(open(t, c, `{"path":"/data/agent.db"}`), 10)
	call(t, c, `{"v":1,"op":"remember","db":`+db+`,"args":{"memory":{"type":"preference","content":"用户喜欢用 Python 写脚本"}}}`).must(t, nil)
	call(t, c, `{"v":1,"op":"close","db":`+db+`}`).must(t, nil)
	if err := c.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "agent.db")); err != nil {
		t.Fatalf("no database file in the mounted directory: %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "agent.db*")); len(left) != 1 {
		t.Errorf("files left beside the database after close: %v", left)
	}

	c2 := newClient(t, dir) // a new instance: a new Go runtime, nothing in memory
	db = strconv.FormatInt(open(t, c2, `{"path":"/data/agent.db"}`), 10)
	var res struct {
		Hits []struct {
			Memory core.Memory `json:"memory"`
		} `json:"hits"`
	}
	call(t, c2, `{"v":1,"op":"recall","db":`+db+`,"args":{"query":"Python 脚本"}}`).must(t, &res)
	if len(res.Hits) != 1 || res.Hits[0].Memory.Content != "用户喜欢用 Python 写脚本" {
		t.Fatalf("recall after reopening found %+v", res.Hits)
	}
	// Writing again works (the dot-file lock of the first instance is gone).
	call(t, c2, `{"v":1,"op":"remember","db":`+db+`,"args":{"memory":{"content":"second write"}}}`).must(t, nil)
	call(t, c2, `{"v":1,"op":"close","db":`+db+`}`).must(t, nil)

	// A path outside every preopened directory cannot be opened.
	call(t, c2, `{"v":1,"op":"open","args":{"path":"/elsewhere/agent.db"}}`).fails(t, core.CodeStorage, "path")
}

// synonyms are the test embedder's "meaning": words mapped to one concept land on one
// dimension, so a query can find a memory it shares no word with — which BM25 cannot.
var synonyms = map[string]string{"canine": "dog", "puppy": "dog", "hound": "dog"}

// embedder is the test's host embedder: a normalised hashed bag of concepts,
// deterministic.
func embedder(texts []string) [][]float32 {
	const dim = 64
	out := make([][]float32, len(texts))
	for i, s := range texts {
		v := make([]float32, dim)
		for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			if c, ok := synonyms[w]; ok {
				w = c
			}
			h := fnv.New32a()
			h.Write([]byte(w))
			v[h.Sum32()%dim]++
		}
		var n float64
		for _, x := range v {
			n += float64(x * x)
		}
		if n > 0 {
			for j := range v {
				v[j] /= float32(math.Sqrt(n))
			}
		}
		out[i] = v
	}
	return out
}

// TestEmbedCallback: an open with "embed": true makes the engine call host_call with
// kind "embed" and {"texts":[…]}, use the {"vectors":[…]} it answers for hybrid recall,
// and carry on with BM25 when the embedder fails (the write succeeds, stats counts it).
func TestEmbedCallback(t *testing.T) {
	c := newClient(t, "")
	type callRec struct {
		db    int64
		kind  string
		texts []string
	}
	var calls []callRec
	fail := false
	c.SetCallback(func(db int64, kind string, payload []byte) ([]byte, error) {
		var req host.EmbedRequest
		if err := json.Unmarshal(payload, &req); err != nil {
			return nil, fmt.Errorf("payload %s: %v", payload, err)
		}
		calls = append(calls, callRec{db, kind, req.Texts})
		if fail {
			return json.Marshal(host.EmbedReply{Error: &host.ReplyError{Message: "the model is not loaded"}})
		}
		return json.Marshal(host.EmbedReply{Vectors: embedder(req.Texts)})
	})
	plain := open(t, c, `{"path":""}`) // no embed: never calls back
	db := open(t, c, `{"path":"","embed":true}`)
	for _, h := range []int64{plain, db} {
		d := strconv.FormatInt(h, 10)
		call(t, c, `{"v":1,"op":"remember","db":`+d+`,"args":{"memories":[
			{"content":"The user prefers Python for scripts"},
			{"content":"The user's dog is called Rex"}]}}`).must(t, nil)
	}
	d := strconv.FormatInt(db, 10)
	var res struct {
		Hits []struct {
			Memory core.Memory `json:"memory"`
		} `json:"hits"`
	}
	// "canine" shares no token with any memory: only the host's vectors can find Rex.
	call(t, c, `{"v":1,"op":"recall","db":`+strconv.FormatInt(plain, 10)+`,"args":{"query":"canine"}}`).must(t, &res)
	if len(res.Hits) != 0 {
		t.Fatalf("recall without an embedder found %+v", res.Hits)
	}
	call(t, c, `{"v":1,"op":"recall","db":`+d+`,"args":{"query":"canine"}}`).must(t, &res)
	if len(res.Hits) != 1 || !strings.Contains(res.Hits[0].Memory.Content, "Rex") {
		t.Fatalf("recall through the host's embedder found %+v", res.Hits)
	}
	if len(calls) < 2 {
		t.Fatalf("host_call was called %d times, want the write and the query", len(calls))
	}
	for _, cl := range calls {
		if cl.db != db || cl.kind != host.KindEmbed || len(cl.texts) == 0 {
			t.Errorf("host_call(%d, %q, %q); want db %d, kind embed and texts", cl.db, cl.kind, cl.texts, db)
		}
	}
	if last := calls[len(calls)-1].texts; len(last) != 1 || last[0] != "canine" {
		t.Errorf("the query was embedded as %q", last)
	}

	fail = true
	call(t, c, `{"v":1,"op":"remember","db":`+d+`,"args":{"memory":{"content":"stored although the embedder fails"}}}`).must(t, nil)
	c.SetCallback(func(int64, string, []byte) ([]byte, error) { return nil, errors.New("host_call failed outright") })
	call(t, c, `{"v":1,"op":"remember","db":`+d+`,"args":{"memory":{"content":"stored although host_call fails"}}}`).must(t, nil)
	call(t, c, `{"v":1,"op":"recall","db":`+d+`,"args":{"query":"stored"}}`).must(t, &res)
	if len(res.Hits) != 2 {
		t.Fatalf("BM25 recall with a failing embedder found %+v", res.Hits)
	}
	var st core.Stats
	call(t, c, `{"v":1,"op":"stats","db":`+d+`}`).must(t, &st)
	if st.Vectors != 2 || st.EmbedFailures < 3 {
		t.Fatalf("stats: %d vectors, %d embed failures; want 2 and at least 3 (two writes, one query)", st.Vectors, st.EmbedFailures)
	}
}
