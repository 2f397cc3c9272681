// Soak (docs/RELIABILITY.md, "Load and soak"): a "24-hour-equivalent" of an agent's life
// in minutes, through the npm package in Node on one file database. SOAK_MINUTES (1,440)
// simulated minutes, in sessions of 10: each minute appends a user and an assistant turn,
// keeps a note sourced to them, and recalls; each session ends with extractFacts (commit),
// compact, endSession; every simulated hour runs consolidate. Retention keeps the last 12
// sessions: older memories are forgotten with purge and alsoTurns, which deletes the turns
// they came from, so the data is bounded. Every hour it samples the file's size, the
// process's RSS and the live counts, prints them as a table, and checks that after the
// warm-up (the first quarter, at least 3 simulated hours) they stay flat: each at most 1.5× its value at the end of the
// warm-up — ratios, not times, which a busy machine cannot break.
//
//   node test/reliability/soak.mjs        (make test-long; needs dist/memcore.wasm)

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { memcore, tempDir } from '../../js/test/helpers.mjs';

const { open } = await memcore();
const MINUTES = Number(process.env.SOAK_MINUTES || 1440);
const SESSION = 10; // minutes per session
const RETAIN = 12; // sessions kept
const GROWTH = 1.5; // the flatness bound after the warm-up

const CITIES = ['Lisbon', 'Tokyo', 'Berlin', 'Nairobi', 'Lima', 'Oslo', '北京', '上海'];
const TOOLS = ['Python', 'Go', 'Rust', 'TypeScript', 'Bash', 'SQL'];
const FOODS = ['ramen', 'tapas', 'injera', 'pierogi', '火锅', '饺子'];
function userSays(m) {
  switch (m % 5) {
    case 0: return `I live in ${CITIES[m % CITIES.length]} now, since minute ${m}.`;
    case 1: return `I prefer ${TOOLS[m % TOOLS.length]} for scripts at work.`;
    case 2: return `My favourite food is ${FOODS[m % FOODS.length]}.`;
    case 3: return `我喜欢用 ${TOOLS[m % TOOLS.length]} 写脚本，第 ${m} 分钟。`;
    default: return `Please remind me to check the deploy logs for build ${m}.`;
  }
}

const dir = tempDir();
const file = path.join(dir, 'soak.db');
const mem = await open({ path: file, namespace: 'soak' });
const samples = [];
const sessionStart = []; // session → the time its first turn was written
const t0 = performance.now();
let counts = { turns: 0, notes: 0, facts: 0, recalls: 0, compactions: 0, consolidations: 0, forgotten: 0, purgedTurns: 0 };
let messages = [];

for (let m = 0; m < MINUTES; m++) {
  const s = Math.floor(m / SESSION);
  const sid = `session-${s}`;
  if (m % SESSION === 0) {
    sessionStart[s] = new Date().toISOString();
    messages = [];
  }
  const user = userSays(m);
  const reply = `Noted (${m}). I will keep that in mind.`;
  const turns = await mem.appendTurns(sid, [{ role: 'user', content: user }, { role: 'assistant', content: reply }]);
  counts.turns += turns.length;
  messages.push({ role: 'user', content: user }, { role: 'assistant', content: reply });
  await mem.remember({ type: 'note', content: `minute ${m}: ${user}`, source: { sessionId: sid, turnIds: turns.map((t) => t.id) }, importance: 0.3 });
  counts.notes++;
  await mem.recall(['where do I live', 'scripts language', 'favourite food', '脚本', 'deploy logs'][m % 5], { limit: 5 });
  counts.recalls++;

  if (m % SESSION === SESSION - 1) {
    const ex = await mem.extractFacts(messages, { commit: true, sessionId: sid });
    counts.facts += ex.memories?.length ?? ex.stored?.length ?? 0;
    await mem.compact(messages, { sessionId: sid, force: true });
    counts.compactions++;
    await mem.endSession(sid);
    // Retention: what is older than the last RETAIN sessions goes, with its turns.
    const old = s - RETAIN + 1;
    if (old > 0) {
      // One forget by filter: every memory created before the oldest kept session.
      const r = await mem.forget({ createdBefore: sessionStart[old] }, { purge: true, alsoTurns: true });
      counts.forgotten += r.forgotten;
      counts.purgedTurns += r.receipt.turns;
    }
  }
  if (m % 60 === 59) {
    await mem.consolidate();
    counts.consolidations++;
    const st = await mem.stats();
    samples.push({
      hour: (m + 1) / 60,
      fileBytes: fs.statSync(file).size,
      dbBytes: st.dbBytes,
      rss: process.memoryUsage().rss,
      memories: st.memories,
      turns: st.turns,
      secs: (performance.now() - t0) / 1000,
    });
  }
}
await mem.close();

const MiB = (b) => (b / 2 ** 20).toFixed(1);
console.log(`\nsoak: ${MINUTES} simulated minutes (${MINUTES / SESSION} sessions of ${SESSION}, the last ${RETAIN} kept) in ${((performance.now() - t0) / 1000).toFixed(0)} s; Node ${process.version}, js build, one file`);
console.log(`${counts.turns} turns, ${counts.notes} notes, ${counts.facts} extracted facts, ${counts.recalls} recalls, ${counts.compactions} compactions, ${counts.consolidations} consolidations, ${counts.forgotten} memories and ${counts.purgedTurns} turns purged by retention\n`);
console.log('| simulated hour | file MiB | live memories | turns | RSS MiB | seconds |');
console.log('|---|---|---|---|---|---|');
for (const x of samples) console.log(`| ${x.hour} | ${MiB(x.fileBytes)} | ${x.memories} | ${x.turns} | ${MiB(x.rss)} | ${x.secs.toFixed(0)} |`);

// Flat after the warm-up: each measure at most GROWTH × its value at the end of the warm-up.
// The warm-up: the first quarter, and at least until retention has run for an hour.
const warmHours = Math.max(Math.floor(samples.length / 4), Math.ceil((RETAIN * SESSION) / 60) + 1);
assert.ok(samples.length > warmHours, `SOAK_MINUTES=${MINUTES} ends before the warm-up (${warmHours} simulated hours)`);
const warm = samples[warmHours - 1];
const last = samples.at(-1);
const peak = (k) => Math.max(...samples.filter((x) => x.hour > warm.hour).map((x) => x[k]));
const ratios = ['fileBytes', 'rss', 'memories', 'turns'].map((k) => [k, peak(k) / warm[k]]);
console.log(`\nafter the warm-up (hour ${warm.hour}), the peak over the warm-up value: ${ratios.map(([k, r]) => `${k} ${r.toFixed(2)}×`).join(', ')} (bound ${GROWTH}×)`);
for (const [k, r] of ratios) assert.ok(r <= GROWTH, `${k} grew ${r.toFixed(2)}× after the warm-up (hour ${warm.hour} → ${last.hour})`);
fs.rmSync(dir, { recursive: true, force: true });
