// make demo: a scripted agent conversation (Chinese and English, several sessions)
// replayed into ./memcore-demo.db through the npm package, then recalled from. Each run
// replays the next session not yet stored, so the second run starts from what the first
// one remembered. A port of `go run ./cmd/memcore demo` (cmd/memcore/demo.go), whose
// first two sessions it shares — the two demos can take turns on one file — plus a third
// session in which a fact changes (update with expectVersion, then history).
//
//   node js/demo.mjs [--db FILE]

import { open, VERSION } from 'memcore';

const args = process.argv.slice(2);
const dbPath = args[0] === '--db' && args[1] ? args[1] : 'memcore-demo.db';

/** The scripted sessions: what was said, and what the agent decided to remember from it. */
const sessions = [
  {
    turns: [
      { role: 'user', content: "Hi! I'm Lin, a data engineer in Shanghai. 我平时用 Python 写脚本，也用 Go 写服务。" },
      { role: 'assistant', content: "Nice to meet you, Lin. I'll remember that you work with Python and Go." },
      { role: 'user', content: '以后回答我的时候请用中文，代码注释用英文。' },
      { role: 'assistant', content: '好的，以后我用中文回答，代码注释用英文。' },
      { role: 'user', content: "Our nightly ETL job keeps failing with 'connection reset by peer' on the Postgres replica." },
      { role: 'assistant', content: 'Retrying with exponential backoff and a 30s statement timeout fixed it in the test run.' },
    ],
    memories: [
      { type: 'profile', subject: 'Lin', content: 'Lin is a data engineer based in Shanghai', importance: 0.8 },
      { type: 'preference', subject: 'Lin', content: '用户喜欢用 Python 写脚本，用 Go 写服务', importance: 0.8, tags: ['tools'] },
      { type: 'rule', content: '回答请用中文，代码注释用英文', importance: 0.9 },
      {
        type: 'error',
        title: 'ETL connection reset',
        content: "Nightly ETL failed with 'connection reset by peer' on the Postgres replica; fixed by retrying with exponential backoff and a 30s statement timeout",
        tags: ['etl', 'postgres'],
      },
    ],
  },
  {
    turns: [
      { role: 'user', content: '下周我要去杭州出差，帮我记一下：周三上午十点和客户开会。' },
      { role: 'assistant', content: '记下了：下周三上午十点在杭州和客户开会。' },
      { role: 'user', content: "Also, I'm allergic to peanuts, so skip those restaurant suggestions." },
      { role: 'assistant', content: 'Understood, no peanut dishes.' },
    ],
    memories: [
      { type: 'fact', content: '下周三上午十点在杭州和客户开会', importance: 0.7, tags: ['schedule'] },
      { type: 'profile', subject: 'Lin', content: 'Lin is allergic to peanuts', importance: 0.95, tags: ['health'] },
    ],
  },
  {
    turns: [
      { role: 'user', content: "Quick update: I've moved — I'm based in Hangzhou now, the new team is there." },
      { role: 'assistant', content: "Got it, I'll update where you're based: Hangzhou." },
      { role: 'user', content: '另外我开始用 Rust 写命令行工具了。' },
      { role: 'assistant', content: '好的，记下了：你现在也用 Rust 写命令行工具。' },
    ],
    // What changed is an update of an existing memory, not a new one: found by recall,
    // changed with expectVersion so that a concurrent edit would be a conflict, not lost.
    updates: [{ find: 'Lin data engineer based', type: 'profile', patch: { content: 'Lin is a data engineer based in Hangzhou (moved from Shanghai)' } }],
    memories: [{ type: 'preference', subject: 'Lin', content: '用户开始用 Rust 写命令行工具', importance: 0.6, tags: ['tools'] }],
  },
];

const queries = [
  '脚本', // a two-character Chinese word inside a sentence
  '用什么语言回答？',
  'why did the ETL job fail',
  '杭州 开会',
  'is Lin allergic to anything?',
  'where is Lin based?',
];

const t0 = performance.now();
const mem = await open({ path: dbPath, namespace: 'demo' });
let st = await mem.stats();
console.log(`memcore ${VERSION} (Node ${process.versions.node}) · ${dbPath} · engine loaded and database opened in ${ms(t0)}`);
if (st.memories > 0) {
  console.log(`persisted from earlier runs: ${st.memories} memories, ${st.turns} turns in ${st.sessions} sessions`);
}

const next = st.sessions;
if (next < sessions.length) {
  const s = sessions[next];
  const id = `session-${next + 1}`;
  console.log(`\n── replaying ${id} (${s.turns.length} turns) ──`);
  const turns = await mem.appendTurns(id, s.turns);
  for (const t of turns) console.log(`  ${`${t.role}:`.padEnd(10)} ${t.content}`);
  const source = { sessionId: id, turnIds: turns.map((t) => t.id) };

  for (const u of s.updates || []) {
    const [hit] = await mem.recall(u.find, { types: [u.type], limit: 1, peek: true });
    if (!hit) continue;
    const m = hit.memory;
    const updated = await mem.update(m.id, { ...u.patch, source }, { expectVersion: m.version });
    console.log(`\n  updated (v${m.version} → v${updated.version}): ${m.content}\n                        → ${updated.content}`);
    const history = await mem.history(m.id);
    console.log(`  history: ${history.map((h) => `v${h.version} ${h.op}`).join(', ')}`);
  }

  const stored = await mem.remember(s.memories.map((m) => ({ ...m, source })));
  console.log('\n  remembered:');
  for (const m of stored) {
    console.log(`  + [${m.type} · importance ${m.importance.toFixed(2)} · ${m.tier}] ${m.content}`);
  }
} else {
  console.log('\nevery scripted session is already in the database; recalling only (make clean to start over)');
}

console.log('\n── recall ──');
for (const q of queries) {
  const t = performance.now();
  const hits = await mem.recall(q, { limit: 2, explain: true });
  console.log(`\n  ? ${q}   (${ms(t)})`);
  if (hits.length === 0) console.log('    (nothing yet)');
  for (const h of hits) {
    const c = h.components;
    console.log(`    ${h.score.toFixed(3)}  ${h.memory.content}`);
    console.log(
      `           relevance ${c.relevance.toFixed(2)} · recency ${c.recency.toFixed(2)} · importance ${c.importance.toFixed(2)} · heat ${c.heat.toFixed(2)} · ${ago(h.memory.createdAt)}${h.memory.version > 1 ? ` · v${h.memory.version}` : ''}`,
    );
  }
}

console.log('\n── searchTurns "Postgres replica" ──');
for (const h of await mem.searchTurns('Postgres replica', { limit: 1 })) {
  console.log(`    ${h.turn.sessionId} #${h.turn.seq} ${h.turn.role}: ${h.turn.content}`);
}

st = await mem.stats();
await mem.close();
console.log(
  `\n${st.memories} memories (${byType(st.byType)}), ${st.turns} turns, ${st.sessions} sessions, ${Math.round(st.dbBytes / 1024)} KiB on disk, ` +
    `${Math.round(process.resourceUsage().maxRSS / 1024)} MB peak RSS, ${ms(t0)} in all. Run \`make demo\` again: it starts from what is stored.`,
);

function ms(since) {
  return `${Math.round(performance.now() - since)} ms`;
}

function ago(ts) {
  const s = Math.round((Date.now() - Date.parse(ts)) / 1000);
  if (s < 60) return 'remembered just now';
  if (s < 3600) return `remembered ${Math.round(s / 60)} min ago`;
  if (s < 86400) return `remembered ${Math.round(s / 3600)} h ago`;
  return `remembered ${Math.round(s / 86400)} days ago`;
}

function byType(m) {
  return ['profile', 'preference', 'rule', 'fact', 'error', 'skill', 'note']
    .filter((t) => m[t] > 0)
    .map((t) => `${m[t]} ${t}`)
    .join(', ');
}
