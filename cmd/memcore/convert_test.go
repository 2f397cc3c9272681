package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memcore/memcore/internal/eval"
)

// With --pooled, two MemDaily files of one category pool into one sample: trajectories become numbered
// sessions dated by their first message, target_step_ids become dia_ids, and the output
// loads in eval as it is.
func TestConvert_memDaily(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("01_simple_events.json", `[{"tid":0,"message_list":[
		{"mid":0,"message":"我将要参加论坛。","time":"2024年04月01日 周一 08:30"},
		{"mid":1,"message":"论坛的地点是北京。","time":"2024年04月01日 周一 09:00"}],
		"question_list":[{"qid":0,"question":"论坛的地点是什么？","answer":"北京","target_step_id":[1]}]}]`)
	b := write("01_simple_roles.json", `[{"tid":0,"message_list":[
		{"mid":5,"message":"我上司叫张伟。","time":"2024年04月02日 周二 10:00"}],
		"question_list":[{"qid":0,"question":"上司叫什么？","answer":"张伟","target_step_id":[5]}]}]`)
	c := write("04_aggregative_events.json", `[{"tid":0,"message_list":[{"mid":0,"message":"x","time":""}],"question_list":[]}]`)
	out := filepath.Join(dir, "out.json")
	if err := runConvert([]string{"--from", "memdaily", "--pooled", "--out", out, a, b, c}); err != nil {
		t.Fatal(err)
	}
	ds, err := eval.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(ds.Samples) != 2 {
		t.Fatalf("%d samples, want 2 (01 pooled, 04)", len(ds.Samples))
	}
	s := ds.Samples[0]
	if s.ID != "memdaily-01_simple_events+01_simple_roles" || len(s.Sessions) != 2 || len(s.QA) != 2 {
		t.Fatalf("sample %q: %d sessions %d questions", s.ID, len(s.Sessions), len(s.QA))
	}
	if got := s.QA[1].Evidence; len(got) != 1 || got[0] != "D2:1" {
		t.Errorf("second question's evidence = %v, want [D2:1] (mid 5 is the first message of session 2)", got)
	}
	if s.QA[0].Category != 101 || s.Sessions[0].Time == nil || s.Sessions[1].DateTime != "2024年04月02日 周二 10:00" {
		t.Errorf("category %d, session times %v %q", s.QA[0].Category, s.Sessions[0].Time, s.Sessions[1].DateTime)
	}

	bad := write("02_conditional_roles.json", `[{"message_list":[{"mid":0,"message":"m","time":""}],"question_list":[{"question":"q","target_step_id":[9]}]}]`)
	if err := runConvert([]string{"--from", "memdaily", "--pooled", "--out", out, bad}); err == nil || !strings.Contains(err.Error(), "target_step_id 9") {
		t.Errorf("a target naming no message: err = %v", err)
	}
	if err := runConvert([]string{"--from", "memdaily", "--pooled", "--out", out, write("notes.json", "[]")}); err == nil {
		t.Error("a file not named NN_<category>.json was accepted")
	}
	if err := runConvert([]string{"--from", "perltqa", "--out", out, a}); err == nil {
		t.Error("an unknown --from was accepted")
	}
}

func TestConvert_locomoFilter(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "locomo.json")
	samples := []map[string]any{}
	for _, id := range []string{"conv-1", "conv-2", "conv-3"} {
		samples = append(samples, map[string]any{"sample_id": id, "qa": []any{},
			"conversation": map[string]any{"speaker_a": "A", "speaker_b": "B",
				"session_1": []any{map[string]any{"speaker": "A", "dia_id": "D1:1", "text": "hi"}}}})
	}
	data, _ := json.Marshal(samples)
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.json")
	if err := runConvert([]string{"--from", "locomo", "--except", "conv-2", "--out", out, in}); err != nil {
		t.Fatal(err)
	}
	ds, err := eval.Load(out)
	if err != nil || len(ds.Samples) != 2 || ds.Samples[0].ID != "conv-1" || ds.Samples[1].ID != "conv-3" {
		t.Fatalf("except conv-2: %+v, %v", ds, err)
	}
	if err := runConvert([]string{"--from", "locomo", "--only", "conv-9", "--out", out, in}); err == nil {
		t.Error("--only naming no sample was accepted")
	}
}
