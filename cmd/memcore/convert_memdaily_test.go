package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memcore/memcore/internal/eval"
)

// memDailyFixture writes two small MemDaily files (three trajectories, one with an
// [ERRORQ] question) and returns their paths.
func memDailyFixture(t *testing.T) (dir string, files []string) {
	t.Helper()
	dir = t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("01_simple_roles.json", `[
	 {"tid":0,"message_list":[
		{"mid":0,"message":"我上司叫张伟。","time":"2024年04月01日 周一 08:30","place":"北京"},
		{"mid":1,"message":"我上司的生日是3月5日。","time":"2024年04月01日 周一 09:00","place":"北京"}],
	  "question_list":[{"qid":0,"question":"我上司的生日是哪天？","answer":"3月5日","target_step_id":[1]}]},
	 {"tid":1,"message_list":[
		{"mid":0,"message":"我表妹喜欢练瑜伽。","time":"2024年04月02日 周二 10:00","place":"上海"},
		{"mid":1,"message":"我表妹是医生。","time":"2024年04月02日 周二 11:00","place":"上海"}],
	  "question_list":[{"qid":0,"question":"[ERRORQ]","answer":"x","target_step_id":[0]}]}]`)
	b := write("04_aggregative_events.json", `[
	 {"tid":0,"message_list":[
		{"mid":3,"message":"论坛在深圳举行。","time":"2024年04月03日 周三 08:00","place":"深圳"},
		{"mid":4,"message":"论坛的主题是人工智能。","time":"2024年04月03日 周三 09:00","place":"深圳"}],
	  "question_list":[{"qid":0,"question":"论坛在哪里、主题是什么？","answer":"深圳，人工智能","target_step_id":[3,4]}]}]`)
	return dir, []string{a, b}
}

// The default mode makes one sample per trajectory with a valid question, its messages
// among noise messages of the other trajectories (never its own), written as the
// messages alone; evidence follows the messages to their new positions, and the
// same seed gives the same file.
func TestConvert_memDailyPerTrajectory(t *testing.T) {
	dir, files := memDailyFixture(t)
	out := filepath.Join(dir, "out.json")
	if err := runConvert(append([]string{"--from", "memdaily", "--noise", "2", "--out", out}, files...)); err != nil {
		t.Fatal(err)
	}
	first, _ := os.ReadFile(out)
	ds, err := eval.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(ds.Samples) != 2 {
		t.Fatalf("%d samples, want 2 (the [ERRORQ] trajectory dropped)", len(ds.Samples))
	}
	s := ds.Samples[0]
	if s.ID != "memdaily-01_simple_roles#0" || len(s.Sessions) != 1 || len(s.QA) != 1 {
		t.Fatalf("sample %q: %d sessions, %d questions", s.ID, len(s.Sessions), len(s.QA))
	}
	turns := s.Sessions[0].Turns
	if len(turns) != 6 {
		t.Fatalf("%d turns, want 2 messages + 2×2 noise", len(turns))
	}
	byID := map[string]string{}
	real := 0
	for _, tu := range turns {
		byID[tu.DiaID] = tu.Text
		if strings.Contains(tu.Text, "我上司") {
			real++
		}
		if strings.Contains(tu.Text, "消息地点") {
			t.Errorf("turn %q carries the place, which would mark the real messages", tu.Text)
		}
	}
	if real != 2 {
		t.Errorf("%d turns of the trajectory's own messages, want 2 (noise never comes from it)", real)
	}
	ev := s.QA[0].Evidence
	if len(ev) != 1 || byID[ev[0]] != "我上司的生日是3月5日。" {
		t.Errorf("evidence %v names %q, want the birthday message", ev, byID[ev[0]])
	}
	if q := ds.Samples[1].QA[0]; q.Category != 104 || len(q.Evidence) != 2 {
		t.Errorf("second sample: category %d, evidence %v", q.Category, q.Evidence)
	}
	if err := runConvert(append([]string{"--from", "memdaily", "--noise", "2", "--out", out}, files...)); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(out); string(again) != string(first) {
		t.Error("the same seed wrote a different file")
	}
	if err := runConvert(append([]string{"--from", "memdaily", "--noise", "2", "--seed", "7", "--out", out}, files...)); err != nil {
		t.Fatal(err)
	}
	if other, _ := os.ReadFile(out); string(other) == string(first) {
		t.Error("another seed wrote the same file")
	}
}

// Asking for more noise than the other trajectories hold, or a negative amount, is an
// error naming the flag, not a hang.
func TestConvert_memDailyPerTrajectoryNoiseLimits(t *testing.T) {
	dir, files := memDailyFixture(t)
	out := filepath.Join(dir, "out.json")
	for _, n := range []string{"3", "-1"} {
		err := runConvert(append([]string{"--from", "memdaily", "--noise", n, "--out", out}, files...))
		if err == nil || !strings.Contains(err.Error(), "--noise") {
			t.Errorf("--noise %s: err = %v", n, err)
		}
	}
	if err := runConvert(append([]string{"--from", "memdaily", "--noise", "0", "--out", out}, files...)); err != nil {
		t.Errorf("--noise 0: %v", err)
	}
}
