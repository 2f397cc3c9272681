// Command wasmsize says what a Go-built WebAssembly module is made of: the bytes of its
// sections, and its functions' code grouped by the package that defines them (from the
// module's name section, which Go's wasm linker keeps even with -ldflags=-s), raw and
// gzip -9. docs/BENCHMARKS.md's upload table comes from it.
//
//	go run ./cmd/wasmsize [-top 25] dist/memcore.wasm
//
// The gzip size of a group is that of its functions' code compressed alone: gzip does not
// add up across groups, so the column shows what each part weighs, not an exact share.
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
)

func main() {
	top := flag.Int("top", 25, "how many package groups to list")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-top N] module.wasm")
		os.Exit(2)
	}
	data, err := os.ReadFile(flag.Arg(0))
	if err == nil {
		err = report(data, *top)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
}

type section struct {
	id   byte
	name string
	body []byte
}

func uleb(b []byte) (uint64, int, error) {
	v, n := binary.Uvarint(b)
	if n <= 0 {
		return 0, 0, errors.New("bad LEB128")
	}
	return v, n, nil
}

func sections(data []byte) ([]section, error) {
	if len(data) < 8 || string(data[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly module")
	}
	var out []section
	for p := 8; p < len(data); {
		id := data[p]
		size, n, err := uleb(data[p+1:])
		if err != nil {
			return nil, err
		}
		body := data[p+1+n : p+1+n+int(size)]
		s := section{id: id, body: body}
		if id == 0 {
			l, m, _ := uleb(body)
			s.name = string(body[m : m+int(l)])
		}
		out = append(out, s)
		p += 1 + n + int(size)
	}
	return out, nil
}

var sectionNames = map[byte]string{1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global", 7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "data count"}

func gz(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, 9)
	w.Write(b)
	w.Close()
	return buf.Len()
}

// importedFuncs counts the function imports (they come first in the function index space).
func importedFuncs(body []byte) (int, error) {
	count, n, err := uleb(body)
	if err != nil {
		return 0, err
	}
	p, funcs := n, 0
	for i := 0; i < int(count); i++ {
		for k := 0; k < 2; k++ { // module and field names
			l, m, err := uleb(body[p:])
			if err != nil {
				return 0, err
			}
			p += m + int(l)
		}
		kind := body[p]
		p++
		switch kind {
		case 0:
			_, m, _ := uleb(body[p:])
			p += m
			funcs++
		case 1: // table: reftype, limits
			p++
			p += limitsLen(body[p:])
		case 2:
			p += limitsLen(body[p:])
		case 3:
			p += 2
		}
	}
	return funcs, nil
}

func limitsLen(b []byte) int {
	flags := b[0]
	_, n, _ := uleb(b[1:])
	l := 1 + n
	if flags&1 != 0 {
		_, m, _ := uleb(b[l:])
		l += m
	}
	return l
}

func funcNames(body []byte) map[int]string {
	names := map[int]string{}
	_, n, _ := uleb(body)
	p := n + int(body[0]) // skip the custom section's name ("name")
	for p < len(body) {
		sub := body[p]
		size, m, _ := uleb(body[p+1:])
		start := p + 1 + m
		if sub == 1 {
			q := start
			count, k, _ := uleb(body[q:])
			q += k
			for i := 0; i < int(count); i++ {
				idx, k1, _ := uleb(body[q:])
				q += k1
				l, k2, _ := uleb(body[q:])
				q += k2
				names[int(idx)] = string(body[q : q+int(l)])
				q += int(l)
			}
		}
		p = start + int(size)
	}
	return names
}

// group names a function's package. Go's wasm linker writes a function's name with its
// package path's "/" as "_" ("github.com_ncruces_go_sqlite3.Conn.Exec",
// "encoding_json.Marshal"): the package is what comes before the first "." that is not a
// host name's.
func group(name string) string {
	if name == "" {
		return "(no name)"
	}
	rest := name
	prefix := ""
	for _, host := range []string{"github.com_", "golang.org_", "gopkg.in_"} {
		if strings.HasPrefix(rest, host) {
			prefix, rest = host, rest[len(host):]
		}
	}
	if j := strings.Index(rest, "."); j >= 0 {
		rest = rest[:j]
	}
	pkg := prefix + rest
	switch pkg {
	case "github.com_ncruces_go_sqlite3_wasm_v3":
		return pkg + " (SQLite, translated to Go)"
	case "github.com_ncruces_go_sqlite3_wasm_v3_fts5":
		return pkg + " (FTS5, translated to Go)"
	}
	return pkg
}

func report(data []byte, top int) error {
	secs, err := sections(data)
	if err != nil {
		return err
	}
	fmt.Printf("module: %d bytes, gzip -9 %d\n\n| section | bytes | gzip -9 alone |\n|---|---|---|\n", len(data), gz(data))
	var code []byte
	var names map[int]string
	imports := 0
	for _, s := range secs {
		label := sectionNames[s.id]
		if s.id == 0 {
			label = "custom " + s.name
			if s.name == "name" {
				names = funcNames(s.body)
			}
		}
		fmt.Printf("| %s | %d | %d |\n", label, len(s.body), gz(s.body))
		switch s.id {
		case 2:
			if imports, err = importedFuncs(s.body); err != nil {
				return err
			}
		case 10:
			code = s.body
		}
	}
	if code == nil {
		return errors.New("no code section")
	}
	type agg struct {
		raw  int
		body []byte
	}
	groups := map[string]*agg{}
	count, n, err := uleb(code)
	if err != nil {
		return err
	}
	p := n
	for i := 0; i < int(count); i++ {
		size, m, err := uleb(code[p:])
		if err != nil {
			return err
		}
		body := code[p+m : p+m+int(size)]
		g := group(names[imports+i])
		a := groups[g]
		if a == nil {
			a = &agg{}
			groups[g] = a
		}
		a.raw += len(body)
		a.body = append(a.body, body...)
		p += m + int(size)
	}
	keys := make([]string, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return groups[keys[i]].raw > groups[keys[j]].raw })
	fmt.Printf("\n| code of | bytes | gzip -9 alone |\n|---|---|---|\n")
	other := agg{}
	for i, k := range keys {
		if i >= top {
			other.raw += groups[k].raw
			other.body = append(other.body, groups[k].body...)
			continue
		}
		fmt.Printf("| %s | %d | %d |\n", k, groups[k].raw, gz(groups[k].body))
	}
	if other.raw > 0 {
		fmt.Printf("| (%d more packages) | %d | %d |\n", len(keys)-top, other.raw, gz(other.body))
	}
	return nil
}
