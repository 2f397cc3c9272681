package route

import "testing"

func TestRoute_table(t *testing.T) {
	for _, tc := range []struct {
		text, role                  string
		layer, typ, tier, doc, rule string
	}{
		{"", "user", Turn, "", "", "", "empty"},
		{"ok thanks!", "user", Turn, "", "", "", "acknowledgement"},
		{"好的。", "user", Turn, "", "", "", "acknowledgement"},
		{"exit status 1: permission denied", "tool", Turn, "", "", "", "tool_output"},
		{"You are Ada, a careful release engineer.", "", Document, "", "", "IDENTITY", "agent_identity"},
		{"你是一个耐心的中文老师", "", Document, "", "", "IDENTITY", "agent_identity"},
		{"Your tone should be warm and brief.", "", Document, "", "", "SOUL", "agent_style"},
		{"Be concise.", "system", Document, "", "", "IDENTITY", "system_prompt"},
		{"First build the image, then push it to the registry.", "assistant", Plan, "", "", "", "plan_steps"},
		{"第一步：备份数据库", "user", Plan, "", "", "", "plan_steps"},
		{"- [ ] write tests", "assistant", Plan, "", "", "", "plan_steps"},
		{"For now the staging cluster is down.", "user", Scratchpad, "", "", "", "temporary"},
		{"我现在在机场", "user", Scratchpad, "", "", "", "temporary"},
		{"Always answer in English.", "user", Memory, "rule", "permanent", "", "rule"},
		{"以后回答都用中文", "user", Memory, "rule", "permanent", "", "rule"},
		{"I prefer Python for scripts.", "user", Memory, "preference", "permanent", "", "preference"},
		{"我喜欢喝咖啡", "user", Memory, "preference", "permanent", "", "preference"},
		{"我不太喜欢吃辣", "user", Memory, "preference", "permanent", "", "preference"},
		{"My name is Ada and I live in Berlin.", "user", Memory, "profile", "permanent", "", "profile"},
		{"我叫王伟", "user", Memory, "profile", "permanent", "", "profile"},
		{"我在北京的一家银行工作", "user", Memory, "profile", "permanent", "", "profile"},
		{"Turns out the probe pointed at the wrong port.", "assistant", Memory, "error", "long", "", "error_lesson"},
		{"原来是端口配置错了", "assistant", Memory, "error", "long", "", "error_lesson"},
		{"To rotate the keys, run `make rotate`.", "assistant", Memory, "skill", "permanent", "", "skill"},
		{"I fly to Tokyo tomorrow.", "user", Memory, "fact", "short", "", "dated"},
		{"我明天要去北京出差", "user", Memory, "fact", "short", "", "dated"},
		{"Today we shipped version 2.", "user", Document, "", "", "daily", "daily_event"},
		{"What time is it in Paris?", "user", Turn, "", "", "", "question"},
		{"北京天气怎么样？", "user", Turn, "", "", "", "question"},
		{"How do I reset my password?", "user", Turn, "", "", "", "question"},
		{"Will it rain tomorrow?", "user", Turn, "", "", "", "question"},
		{"你能帮我查一下吗", "user", Turn, "", "", "", "question"},
		{"The office wifi password is tulip42.", "user", Memory, "fact", "long", "", "statement"},
		{"公司的服务器在上海", "user", Memory, "fact", "long", "", "statement"},
		{"Here you go.", "assistant", Turn, "", "", "", "nothing_to_keep"},
	} {
		t.Run(tc.rule+"/"+tc.text, func(t *testing.T) {
			d := Route(Input{Text: tc.text, Role: tc.role})
			if d.Layer != tc.layer || d.Type != tc.typ || d.Tier != tc.tier || d.Document != tc.doc || d.Rule != tc.rule || d.Reason == "" {
				t.Errorf("Route(%q, %q) = %+v, want %s %s %s %s rule %s", tc.text, tc.role, d, tc.layer, tc.typ, tc.tier, tc.doc, tc.rule)
			}
		})
	}
}

func TestRoute_longText(t *testing.T) {
	long := ""
	for len(long) < 2000 {
		long += "The quarterly report covers revenue and churn. "
	}
	if d := Route(Input{Text: long, Role: "user"}); d.Layer != Document || d.Rule != "long_text" {
		t.Errorf("%+v", d)
	}
}

func FuzzRoute(f *testing.F) {
	f.Add("I prefer tea", "user")
	f.Add("我明天去北京", "")
	f.Fuzz(func(t *testing.T, text, role string) {
		d := Route(Input{Text: text, Role: role})
		if d.Layer == "" || d.Rule == "" || d.Reason == "" {
			t.Fatalf("%+v", d)
		}
		if (d.Layer == Memory) != (d.Type != "" && d.Tier != "") || (d.Layer == Document) != (d.Document != "") {
			t.Fatalf("inconsistent %+v", d)
		}
	})
}
