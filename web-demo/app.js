// memcore web demo: a conversation whose memories are extracted, kept in this browser's
// Origin Private File System, searched with the score of each component, forgotten and
// shown on a timeline — all by the memcore package's browser entry, on this device.
// An LLM endpoint is optional: without one, memcore's own heuristics extract the
// memories and the replies come from buildContext's recall (memories, then turns of
// earlier conversations, each shown with where it came from).

import { MemcoreError, engineInfo, open } from '../js/browser.js';
import { focusOnTopic, isContentRequest, sharedTopic } from './relevance.js';

const T0 = performance.now();
const DB_PATH = 'memcore-demo.db';
const $ = (id) => document.getElementById(id);

// ─── Language ───────────────────────────────────────────────────────────────────────────

const TEXT = {
  en: {
    tagline: "an agent's memory, kept on this device",
    loading: 'Loading the engine…',
    settings: 'Settings',
    conversation: 'Conversation',
    newSession: 'New session',
    chatEmpty: 'Talk to the agent as its user. memcore extracts what is worth keeping (preferences, facts about you, rules) from each message as you send it, and keeps a whole message when you <b>📌 pin</b> it. Reload the page, or close the browser: it is still here.',
    inputPlaceholder: 'Tell the agent something about yourself… (Enter to send)',
    send: 'Send',
    memories: 'Memories',
    search: 'Search',
    timeline: 'Timeline',
    addPlaceholder: 'Remember something directly…',
    remember: 'Remember',
    searchPlaceholder: 'Search: 北京, Python, what does the user like?',
    searchHelp: 'Score = relevance (BM25 over CJK bigrams and words) fused with recency, importance and heat, times coverage (how much of the query the best hit holds). A search here is a peek: it does not count as use.',
    llmHelp: 'Optional: an OpenAI-compatible chat completions endpoint (Ollama, llama.cpp, LM Studio, or a hosted API that allows this origin). Without one the demo still extracts memories with memcore’s heuristics and answers from recall.',
    endpoint: 'Endpoint',
    model: 'Model',
    apiKey: 'API key',
    test: 'Test',
    exportBtn: 'Export',
    importBtn: 'Import',
    transferHelp: 'Every memory, turn and document as a JSON Lines file; importing one skips what is already here.',
    imported: (n, k) => `imported ${n} records, skipped ${k} already here`,
    reset: 'Erase all memories',
    resetHelp: "Deletes the database from this origin's private file system.",
    close: 'Close',
    save: 'Save',
    pin: '📌 remember',
    pinned: 'remembered as a note',
    remembered: 'remembered',
    colon: ': ',
    replaced: 'replaced by a newer memory',
    // Only in a transcript saved while the engine waited for three exchanges (chipLabel, extract).
    waiting: 'extraction starts after 3 exchanges — or pin this message',
    noMemories: 'No memories yet.',
    noHits: 'Nothing found.',
    forget: 'Forget',
    modeLLM: (m) => `LLM: ${m} · extraction: memcore`,
    modeLocal: 'no LLM: memcore extracts with its heuristics, replies come from recall',
    storageOPFS: 'OPFS',
    ownerTab: 'this tab owns the file',
    eraseHeld: 'Another tab of the demo holds the database: close the other tabs, then erase',
    sharedTab: 'through the tab that owns the file',
    persisted: 'persistent storage',
    storageMemory: 'memory only (not kept)',
    memoriesN: (n) => `${n} ${n === 1 ? 'memory' : 'memories'}`,
    coldStart: 'cold start',
    firstRecall: 'first recall',
    engine: 'engine',
    compile: 'compile',
    openTime: 'open',
    noStreaming: 'no streaming compilation',
    openErr: 'Could not open the database',
    ago: (s) => (s < 60 ? 'just now' : s < 3600 ? `${Math.floor(s / 60)} min ago` : s < 86400 ? `${Math.floor(s / 3600)} h ago` : `${Math.floor(s / 86400)} d ago`),
    gotIt: 'Got it.',
    fromConversation: 'conversation',
    thisOne: 'this conversation',
    document: 'document',
    memory: 'memory',
    related: 'This reminds me of:',
    iRemember: 'Here is what I remember:',
    needsLLM: 'Without an LLM this demo only remembers: it cannot translate, summarise or write. Connect one in Settings.',
    nothing: "I don't remember anything about that yet.",
    llmFailed: (e) => `The LLM did not answer (${e}); answering from memory instead.`,
    tested: 'works',
    expires: 'expires',
  },
  zh: {
    tagline: '智能体的记忆，保存在这台设备上',
    loading: '正在加载引擎…',
    settings: '设置',
    conversation: '对话',
    newSession: '新会话',
    chatEmpty: '以用户的身份和智能体聊天。每发一条消息，memcore 都会提取值得记住的内容（偏好、关于你的事实、规则）；点 <b>📌 记住</b> 可以保存整条消息。刷新页面或关闭浏览器，记忆依然在。',
    inputPlaceholder: '告诉智能体一些关于你的事…（回车发送）',
    send: '发送',
    memories: '记忆',
    search: '搜索',
    timeline: '时间线',
    addPlaceholder: '直接记住一件事…',
    remember: '记住',
    searchPlaceholder: '搜索：北京、Python、用户喜欢什么？',
    searchHelp: '得分 = 相关度（基于中文二元组和词的 BM25）与新近度、重要性、热度的融合，再乘以覆盖度（最佳结果包含查询词的比例）。这里的搜索只是查看，不计入使用次数。',
    llmHelp: '可选：一个兼容 OpenAI 的 chat completions 接口（Ollama、llama.cpp、LM Studio，或允许本页来源的在线 API）。不配置时，演示仍会用 memcore 自带的规则提取记忆，并根据检索结果回答。',
    endpoint: '接口地址',
    model: '模型',
    apiKey: 'API 密钥',
    test: '测试',
    exportBtn: '导出',
    importBtn: '导入',
    transferHelp: '把所有记忆、对话和文档导出为 JSON Lines 文件；导入时跳过已有的记录。',
    imported: (n, k) => `导入 ${n} 条记录，跳过 ${k} 条已有记录`,
    reset: '清除所有记忆',
    resetHelp: '从本站的私有文件系统中删除数据库。',
    close: '关闭',
    save: '保存',
    pin: '📌 记住',
    pinned: '已记为笔记',
    remembered: '已记住',
    colon: '：',
    replaced: '已被新记忆取代',
    // Only in a transcript saved while the engine waited for three exchanges (chipLabel, extract).
    waiting: '满三轮对话后开始提取——也可以点“记住”',
    noMemories: '还没有记忆。',
    noHits: '没有找到。',
    forget: '忘记',
    modeLLM: (m) => `LLM：${m} · 提取：memcore`,
    modeLocal: '未配置 LLM：memcore 用规则提取记忆，回复来自检索',
    storageOPFS: 'OPFS',
    ownerTab: '本标签页持有数据库文件',
    eraseHeld: '另一个演示标签页正持有数据库：请先关闭其他标签页再清除',
    sharedTab: '经由持有文件的标签页',
    persisted: '持久存储',
    storageMemory: '仅内存（不会保存）',
    memoriesN: (n) => `${n} 条记忆`,
    coldStart: '冷启动',
    firstRecall: '首次检索',
    engine: '引擎',
    compile: '编译',
    openTime: '打开',
    noStreaming: '未能边下载边编译',
    openErr: '无法打开数据库',
    ago: (s) => (s < 60 ? '刚刚' : s < 3600 ? `${Math.floor(s / 60)} 分钟前` : s < 86400 ? `${Math.floor(s / 3600)} 小时前` : `${Math.floor(s / 86400)} 天前`),
    gotIt: '好的，记下了。',
    fromConversation: '对话',
    thisOne: '本次对话',
    document: '文档',
    memory: '记忆',
    related: '这让我想起：',
    iRemember: '我记得：',
    needsLLM: '没有连接 LLM 时，这个演示只负责记忆，不能翻译、总结或写作。可以在“设置”里连接一个。',
    nothing: '我还不记得这方面的事。',
    llmFailed: (e) => `LLM 没有回应（${e}），改为根据记忆回答。`,
    tested: '可用',
    expires: '到期',
  },
};

/** Memory types and tiers as the page shows them: the engine's names in English, Chinese words in Chinese. */
const NAMES_ZH = {
  fact: '事实', preference: '偏好', rule: '规则', skill: '技能', error: '错误', profile: '个人信息', note: '笔记',
  transient: '临时', short: '短期', long: '长期', permanent: '永久',
};
const nameOf = (x) => (lang === 'zh' ? NAMES_ZH[x] ?? x : x);

const EXAMPLES = {
  en: ['I prefer Python for scripting.', "I'm allergic to peanuts.", 'Always answer me in short sentences.', 'My sister Lin lives in Chengdu.', 'My daughter Lily is allergic to peanuts.', 'What do I like?', 'What is Lily allergic to?', 'What do you remember about me?'],
  zh: ['我喜欢用 Python 写脚本', '我对花生过敏', '我明天要去北京出差', '以后请用简短的句子回答我', '我喜欢什么？', '你记得我什么？'],
};

let lang = localStorage.getItem('memcore-demo-lang') || (navigator.language?.startsWith('zh') ? 'zh' : 'en');
const t = (k, ...a) => {
  const v = TEXT[lang][k] ?? TEXT.en[k];
  return typeof v === 'function' ? v(...a) : v;
};

function applyLanguage() {
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  $('lang').textContent = lang === 'zh' ? 'English' : '中文';
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll('[data-i18n-html]')) el.innerHTML = t(el.dataset.i18nHtml);
  for (const el of document.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
  const ex = $('examples');
  ex.replaceChildren(...EXAMPLES[lang].map((s) => el('button', { type: 'button', onclick: () => sendMessage(s) }, s)));
  renderMessages();
  if (mem) refresh();
}

// ─── State ──────────────────────────────────────────────────────────────────────────────

let mem = null;
let storage = 'opfs';
let fallbackReason = '';
let cold = null;
let busy = false;
const settings = JSON.parse(localStorage.getItem('memcore-demo-llm') || '{}');
let session = localStorage.getItem('memcore-demo-session') || newSessionId();
/** The conversation shown: {role, content, chips: [{text, kind}], pinnable, recalled}. */
let messages = loadTranscript();

function newSessionId() {
  const id = `demo-${new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '')}-${Math.random().toString(36).slice(2, 6)}`;
  localStorage.setItem('memcore-demo-session', id);
  return id;
}
function loadTranscript() {
  try {
    return JSON.parse(localStorage.getItem(`memcore-demo-chat:${session}`) || '[]');
  } catch {
    return [];
  }
}
function saveTranscript() {
  localStorage.setItem(`memcore-demo-chat:${session}`, JSON.stringify(messages.slice(-200)));
}

// ─── DOM helpers ────────────────────────────────────────────────────────────────────────

function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c instanceof Node ? c : String(c));
  return e;
}
const bar = (v) => el('span', { class: 'bar' }, el('i', { style: `width:${Math.round(Math.max(0, Math.min(1, v)) * 100)}%` }));
const fmt = (v, d = 2) => (typeof v === 'number' ? (Math.abs(v) < 0.001 && v !== 0 ? v.toExponential(1) : v.toFixed(d)) : '–');
const bytes = (n) => (n < 1024 ? `${n} B` : n < 1 << 20 ? `${(n / 1024).toFixed(0)} KiB` : `${(n / (1 << 20)).toFixed(1)} MiB`);
const secs = (ms) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);
const ago = (iso) => t('ago', Math.max(0, (Date.now() - Date.parse(iso)) / 1000));
const isCJK = (s) => /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(s);

function setBusy(b) {
  busy = b;
  document.body.dataset.busy = b ? '1' : '0';
  $('send').disabled = b || !mem;
  $('input').disabled = !mem;
}

/** An error as the demo shows it: memcore's code and field (what to fix), then the message. */
function errorText(err) {
  if (!err?.code) return String(err?.message || err);
  return `${err.code}${err.field ? ` (${err.field})` : ''}: ${err.message}`;
}

function showError(err) {
  const s = $('status');
  s.dataset.state = 'error';
  $('status-text').textContent = errorText(err);
}

// ─── Opening ────────────────────────────────────────────────────────────────────────────

async function start() {
  applyLanguage();
  updateMode();
  const tOpen0 = performance.now();
  try {
    mem = await openDB();
  } catch (err) {
    showError(new MemcoreError(err.code || 'internal', `${t('openErr')}: ${err.message}`));
    return;
  }
  const tOpened = performance.now();
  // open() asked the browser not to evict this origin's storage (persist: true, the
  // default); the status line shows its answer (stats().browser.persisted).
  await mem.recall('memcore', { limit: 1, peek: true });
  const tRecalled = performance.now();
  const info = await engineInfo();
  cold = {
    total: tRecalled - T0,
    engine: info?.timing.worker ?? 0,
    compile: (info?.timing.fetch ?? 0) + (info?.timing.compile ?? 0),
    open: tOpened - tOpen0 - (info?.timing.worker ?? 0),
    firstRecall: tRecalled - tOpened,
    streaming: info?.streaming,
  };
  console.info('memcore demo cold start (ms)', JSON.stringify(cold), JSON.stringify(info?.timing));
  setBusy(false);
  await refresh();
  $('input').focus();
}

/** Opens the demo's database, with the LLM (if configured) for the engine's extraction. */
async function openDB() {
  const options = {
    path: DB_PATH,
    fallback: 'memory',
    onFallback: (err) => {
      storage = 'memory';
      fallbackReason = err.message;
    },
  };
  return open(settings.url ? { ...options, llm: engineLLM } : options);
}

// Other tabs of the demo use the same database (memcore forwards their requests to the
// tab that owns the file); this channel only tells them to redraw after a change here.
const tabs = typeof BroadcastChannel === 'function' ? new BroadcastChannel('memcore-demo') : null;
if (tabs) tabs.onmessage = () => {
  if (!busy) refresh();
};
// The conversation is shared through localStorage: show what another tab said or pinned
// (the storage event comes once the new value is readable here).
window.addEventListener('storage', (e) => {
  if (busy || e.key !== `memcore-demo-chat:${session}`) return;
  messages = loadTranscript();
  renderMessages();
});

// refreshSeq numbers the refreshes: one that started earlier but answers later (an
// episode written after New session, another tab's change) must not draw an older list
// over a newer one.
let refreshSeq = 0;

async function refresh(announce = false) {
  if (!mem) return;
  if (announce) tabs?.postMessage('changed');
  const seq = ++refreshSeq;
  const [stats, page] = await Promise.all([mem.stats(), mem.list({ limit: 500 })]);
  if (seq !== refreshSeq) return;
  const s = $('status');
  s.dataset.state = storage === 'opfs' ? 'ready' : 'memory';
  const parts = [
    storage === 'opfs' ? `${t('storageOPFS')} · ${DB_PATH}` : `${t('storageMemory')}`,
    bytes(stats.dbBytes),
    t('memoriesN', stats.memories),
  ];
  if (stats.browser) {
    parts.push(stats.browser.owner ? t('ownerTab') : t('sharedTab'));
    if (stats.browser.persisted) parts.push(t('persisted'));
  }
  if (cold) {
    parts.push(`${t('coldStart')} ${secs(cold.total)} (${t('engine')} ${secs(cold.engine)}, ${t('compile')} ${secs(cold.compile)}${cold.streaming ? '' : ` ⚠ ${t('noStreaming')}`}; ${t('openTime')} ${secs(cold.open)}; ${t('firstRecall')} ${secs(cold.firstRecall)})`);
  }
  $('status-text').textContent = parts.join(' · ');
  s.title = fallbackReason || '';
  s.dataset.memories = String(stats.memories);
  $('count').textContent = String(stats.memories);
  renderMemories(page.memories);
  renderTimeline(page.memories);
}

// ─── Conversation ───────────────────────────────────────────────────────────────────────

function renderMessages() {
  const box = $('messages');
  const empty = $('chat-empty');
  box.replaceChildren(empty);
  empty.hidden = messages.length > 0;
  messages.forEach((m, i) => box.append(messageEl(m, i)));
  box.scrollTop = box.scrollHeight;
}

function messageEl(m, i) {
  const meta = el('div', { class: 'meta' });
  for (const c of m.chips || []) meta.append(el('span', { class: c.replaced ? 'chip replaced' : 'chip', title: c.title || '' }, chipLabel(c)));
  // A question is not pinned: "📌 remember" under "What do you know about me?" offered to
  // keep the question itself as a note (the thirteenth new-user pass).
  if (m.role === 'user' && m.pinnable !== false && !isQuestion(m.content)) {
    meta.append(el('button', { type: 'button', class: 'pin', onclick: () => pin(i) }, t('pin')));
  }
  const recalled = m.recalled?.length
    ? el('ul', { class: 'recalled' }, m.recalled.map((r) => el('li', {}, el('span', { class: 'from' }, `${r.origin ? originLabel(r.origin) : r.type}: `), el('span', { class: 'text', title: clipped(r.content) === r.content ? undefined : r.content }, clipped(r.content)))))
    : null;
  return el('div', { class: `msg ${m.role}`, dataset: { index: String(i) } }, m.content, recalled, meta.childNodes.length ? meta : null);
}

/**
 * An item's text as listed under a reply: at most ITEM_CHARS characters, the rest on
 * hover. An episode's summary (up to 500 characters in the block) filled the reply.
 */
const ITEM_CHARS = 160;
function clipped(text) {
  const cps = Array.from(text);
  return cps.length > ITEM_CHARS ? `${cps.slice(0, ITEM_CHARS - 1).join('')}…` : text;
}

/** A chip in the page's current language: what became of a memory, or its stored text. */
function chipLabel(c) {
  if (!c.type) return c.text === TEXT.en.waiting || c.text === TEXT.zh.waiting ? t('waiting') : c.text === TEXT.en.pinned || c.text === TEXT.zh.pinned ? t('pinned') : c.text;
  return `${t(c.replaced ? 'replaced' : 'remembered')}${t('colon')}${nameOf(c.type)}`;
}

function addMessage(m) {
  messages.push(m);
  saveTranscript();
  renderMessages();
  return messages.length - 1;
}

function chip(i, text, title, memory) {
  const m = messages[i];
  if (!m) return;
  m.chips = (m.chips || []).filter((c) => c.text !== t('waiting'));
  // One chip per memory: a message that gave two memories of one type shows two chips.
  if (!m.chips.some((c) => c.text === text && c.title === title)) m.chips.push({ text, title, id: memory?.id, type: memory?.type });
}

/**
 * A memory a newer one replaced (same subject and predicate: the engine keeps one live
 * memory per pair) is no longer listed or recalled: the chip of the message it came from
 * says so, and by what, instead of still claiming "remembered".
 */
function markSuperseded(superseded, memories) {
  for (const { id, by } of superseded || []) {
    const newer = memories.find((m) => m.id === by)?.content ?? by;
    for (const m of messages) {
      for (const c of m.chips || []) {
        if (c.id !== id) continue;
        c.text = `${t('replaced')}: ${c.type}`;
        c.title = `${c.title} → ${newer}`;
        c.replaced = true;
      }
    }
  }
}

async function sendMessage(text) {
  text = text.trim();
  if (!text || !mem || busy) return;
  setBusy(true);
  try {
    const ui = addMessage({ role: 'user', content: text, chips: [] });
    await mem.appendTurns(session, [{ role: 'user', content: text }]);
    // What the model gets: buildContext recalls memories, then turns of earlier
    // conversations, and the profile for a question about the user; each item says
    // where it came from.
    const history = messages.filter((m) => m.role === 'user' || m.role === 'assistant').slice(-12)
      .map(({ role, content }) => ({ role, content }));
    // Without an LLM the reply is made of the recalled items, so they are recalled for
    // this message alone (query); an LLM gets them for the recent conversation.
    const ctx = await mem.buildContext({ sessionId: session, messages: history, budgetTokens: 6000, systemPrompt: SYSTEM_PROMPT, ...(settings.url ? {} : { query: asQuery(text) }) });
    let related = ctx.recalledItems.map(recalledView);
    let reply;
    if (settings.url) {
      try {
        reply = await complete(ctx.messages);
      } catch (err) {
        addMessage({ role: 'system', content: t('llmFailed', err.message) });
      }
    }
    const local = reply === undefined;
    if (local) {
      if (!related.length && isQuestion(text)) related = await fromThisConversation(text);
      if (isQuestion(text)) related = focusOnTopic(text, related);
      // The reply names the items it answers with; they are listed once, under it, each
      // with where it came from and when.
      if (!isQuestion(text)) related = (await nearThisMessage(text, related)).slice(0, 2);
      reply = localReply(text, related);
    }
    const ai = addMessage({ role: 'assistant', content: reply, recalled: related.map(({ type, content, origin, id }) => ({ type, content, origin, id })) });
    const superseded = await extract(ui);
    // The reply was made before extraction: a memory this very message replaced ("Actually
    // I moved to Lyon, not Lille.") is not cited under it as "this reminds me of".
    if (local) dropReplaced(ai, text, superseded);
    await mem.appendTurns(session, [{ role: 'assistant', content: messages[ai].content }]);
  } catch (err) {
    addMessage({ role: 'system', content: errorText(err) });
  } finally {
    // Busy until the list shows what the action stored: a page (or a test) that waits
    // for data-busy="0" then reads the list sees the memories the chips name.
    try { await refresh(true); } finally { setBusy(false); }
  }
}

const SYSTEM_PROMPT = 'You are a helpful assistant with a long-term memory kept on the user\'s device. ' +
  'Answer briefly, in the user\'s language. Use the <recalled-memories> block when it helps.';

/**
 * A message as a recall query: its first 500 characters (whole code points, so that no
 * emoji is cut into a lone surrogate), as buildContext's own query is — a query over
 * 2 KiB is too_large, and a long message's opening says what it is about.
 */
function asQuery(text) {
  const cps = Array.from(text);
  return cps.length > 500 ? cps.slice(0, 500).join('') : text;
}

function isQuestion(text) {
  return /[?？]\s*$/.test(text) || /^(what|who|where|when|which|how|do|does|did|is|are|can|could)\b/i.test(text) || /(什么|吗|呢|哪|谁|几|多少|怎么)/.test(text);
}

/** A recalled item as the transcript shows it: where it came from, and its text. */
function recalledView(it) {
  const origin = { kind: it.kind, name: it.kind === 'document' ? it.id : undefined, type: it.type, sessionId: it.sessionId, role: it.role, day: it.at ? it.at.slice(0, 10) : '' };
  return { type: originLabel(origin), origin, content: it.text, id: it.kind === 'memory' ? it.id : undefined };
}

/** Where a recalled item came from, in the page's current language (kept raw in the transcript). */
function originLabel(o) {
  if (o.kind === 'turn') return `${o.sessionId === session ? t('thisOne') : `${t('fromConversation')} ${o.sessionId}`} · ${o.role} · ${o.day}`;
  if (o.kind === 'document') return `${o.name} ${t('document')} · ${o.day}`;
  return `${t('memory')} · ${nameOf(o.type)} · ${o.day}`;
}

/**
 * Without an LLM nothing reads the conversation itself: search its own turns too — what
 * the user said; the assistant's turns here are this page's acknowledgements ("Got it."),
 * found only because they answer a matching message.
 */
async function fromThisConversation(text) {
  const hits = await mem.searchTurns(asQuery(text), { sessionId: session, limit: 6 });
  return hits.filter((h) => h.turn.role === 'user' && h.turn.content !== text).slice(0, 3)
    .map((h) => recalledView({ kind: 'turn', sessionId: h.turn.sessionId, role: h.turn.role, at: h.turn.createdAt, text: h.turn.content }));
}

/**
 * For a statement, the recalled items that concern this message itself: buildContext
 * recalls for the whole recent conversation (what a model should see), so its items
 * also answer the earlier messages; "this reminds me of" names only those that recall
 * finds for this message alone, and of those only the ones that name a thing the message
 * names (relevance.js: recall also finds "下周三要去北京…" for "下周五我要去上海…").
 */
async function nearThisMessage(text, related) {
  const hits = await mem.recall(asQuery(text), { limit: 5, peek: true });
  const near = new Set(hits.map((h) => h.memory.id));
  return related.filter((r) => near.has(r.id) && sharedTopic(text, r.content).length > 0);
}

/**
 * A reply without an LLM: questions are answered from recall, statements acknowledged.
 * The items themselves follow the reply (messageEl), each with its origin, not repeated here.
 */
function localReply(text, related) {
  const question = isQuestion(text);
  const say = (k) => TEXT[isCJK(text) ? 'zh' : 'en'][k];
  if (isContentRequest(text)) return say('needsLLM'); // "翻译：我喜欢猫" is no statement to note
  if (question) return related.length ? say('iRemember') : say('nothing');
  return related.length ? `${say('gotIt')}${isCJK(text) ? '' : ' '}${say('related')}` : say('gotIt');
}

/**
 * Extracts memories from the conversation so far (memcore's extractFacts: heuristics, or
 * the host LLM when the engine has one) and marks the messages they came from.
 */
async function extract(latest) {
  // The whole conversation: with commit and a sessionId the engine reads each message once.
  const window = messages.map((m, i) => ({ m, i })).filter(({ m }) => m.role === 'user' || m.role === 'assistant').slice(-1000);
  const msgs = window.map(({ m }) => ({ role: m.role, content: m.content }));
  const r = await mem.extractFacts(msgs, { commit: true, sessionId: session });
  // Extraction reads from the first message (the engine's gate is one message since the
  // thirteenth round): no message waits for it. A transcript saved before may still hold
  // the "waiting" chip of a message said before the third exchange: it goes now.
  for (const m of messages) if (m.chips) m.chips = m.chips.filter((c) => c.text !== t('waiting'));
  for (const memory of r.memories) {
    const fact = r.facts.find((f) => f.content === memory.content);
    const at = fact?.evidence?.length ? window[fact.evidence[0]]?.i : latest;
    chip(at ?? latest, `${t('remembered')}: ${memory.type}`, memory.content, memory);
  }
  markSuperseded(r.superseded, r.memories);
  saveTranscript();
  renderMessages();
  return r.superseded || [];
}

/**
 * Drops from a local reply the recalled memories that the message it answers replaced,
 * and when none is left says only "Got it." (the eleventh new-user pass found a correction
 * answered "This reminds me of:" and the very fact it corrected).
 */
function dropReplaced(ai, text, superseded) {
  const gone = new Set(superseded.map(({ id }) => id));
  const m = messages[ai];
  if (!gone.size || !m.recalled?.some((r) => gone.has(r.id))) return;
  m.recalled = m.recalled.filter((r) => !gone.has(r.id));
  m.content = localReply(text, m.recalled);
  saveTranscript();
  renderMessages();
}

async function pin(i) {
  const m = messages[i];
  if (!m || !mem) return;
  setBusy(true);
  try {
    await mem.remember({ type: 'note', content: m.content, importance: 0.6, tags: ['pinned'], source: { sessionId: session } });
    m.pinnable = false;
    chip(i, t('pinned'));
    saveTranscript();
    renderMessages();
  } catch (err) {
    addMessage({ role: 'system', content: errorText(err) });
  } finally {
    // Busy until the list shows what the action stored: a page (or a test) that waits
    // for data-busy="0" then reads the list sees the memories the chips name.
    try { await refresh(true); } finally { setBusy(false); }
  }
}

// ─── LLM (optional) ─────────────────────────────────────────────────────────────────────

function updateMode() {
  $('mode').textContent = settings.url ? t('modeLLM', settings.model || settings.url) : t('modeLocal');
}

async function complete(msgs, { maxTokens = 400, temperature = 0.3, json = false } = {}) {
  const headers = { 'Content-Type': 'application/json' };
  if (settings.key) headers.Authorization = `Bearer ${settings.key}`;
  const body = { model: settings.model || undefined, messages: msgs, max_tokens: maxTokens, temperature };
  if (json) body.response_format = { type: 'json_object' };
  const res = await fetch(settings.url, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  const j = await res.json();
  const text = j.choices?.[0]?.message?.content;
  if (typeof text !== 'string') throw new Error('no choices[0].message.content in the answer');
  return text;
}

/** The engine's LLM (open's llm): a completion request {system, messages, maxTokens, temperature, json}. */
function engineLLM(req) {
  const msgs = [...(req.system ? [{ role: 'system', content: req.system }] : []), ...(req.messages || [])];
  return complete(msgs, { maxTokens: req.maxTokens, temperature: req.temperature ?? 0, json: req.json });
}

// ─── Memories, search, timeline ─────────────────────────────────────────────────────────

function memoryMeta(m) {
  return [
    el('span', { class: `type ${m.type}` }, nameOf(m.type)),
    el('span', { class: 'imp', title: `importance ${m.importance}` }, bar(m.importance), fmt(m.importance, 1)),
    el('span', { class: 'tier', title: m.expiresAt ? `${t('expires')} ${new Date(m.expiresAt).toLocaleString()}` : '' }, nameOf(m.tier)),
    el('time', { datetime: m.createdAt, title: new Date(m.createdAt).toLocaleString() }, ago(m.createdAt)),
  ];
}

// A memory's title (an episode's "Episode: <goal>") is shown above its content: the list
// showed an episode's summary alone, with nothing to say which session it was.
function renderMemories(list) {
  const ul = $('memory-list');
  if (!list.length) return ul.replaceChildren(el('li', { class: 'muted' }, t('noMemories')));
  ul.replaceChildren(...list.map((m) => el('li', { class: 'memory', dataset: { id: m.id } },
    el('div', { class: 'top' }, ...memoryMeta(m), el('span', { class: 'spacer' }),
      el('button', { type: 'button', class: 'forget', title: t('forget'), 'aria-label': `${t('forget')}: ${m.content}`, onclick: () => forget(m.id) }, '×')),
    m.title ? el('div', { class: 'title' }, m.title) : null,
    el('div', { class: 'content' }, m.content),
    m.tags?.length ? el('div', { class: 'tags' }, m.tags.map((x) => `#${x}`).join(' ')) : null)));
}

async function forget(id) {
  if (!mem) return;
  setBusy(true);
  try {
    // alsoTurns: the message it was learned from goes too, or a later conversation's
    // recall (which searches earlier turns) would bring the forgotten thing back.
    await mem.forget(id, { purge: true, alsoTurns: true });
  } finally {
    // Busy until the list shows what the action stored: a page (or a test) that waits
    // for data-busy="0" then reads the list sees the memories the chips name.
    try { await refresh(true); } finally { setBusy(false); }
    if ($('query').value.trim()) await search();
  }
}

// Words recall does not search (core/internal/text's stopwords, the common ones): "the" of
// "what does the grandson like?" was marked inside "Theo" and "they".
const UNMARKED = new Set('the a an and or of in on at to for with is are was were be do does did i me my you your it this that what who when where which how'.split(' '));

function highlight(text, query) {
  const terms = new Set();
  for (const w of query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) || []) {
    if (isCJK(w)) for (let i = 0; i + 1 < w.length; i++) terms.add(w.slice(i, i + 2));
    else if (w.length > 1 && !UNMARKED.has(w)) terms.add(w);
  }
  if (!terms.size) return [text];
  // A word is marked from a word's start only ("grow" in "grows", not "the" in "Theo").
  const re = new RegExp([...terms].map((x) => (isCJK(x) ? '' : '(?<![\\p{L}\\p{N}_])') + x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'giu');
  const out = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    out.push(text.slice(last, m.index), el('mark', {}, m[0]));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

async function search() {
  const q = $('query').value.trim();
  const ol = $('hits');
  ol.dataset.query = '';
  if (!q || !mem) return ol.replaceChildren();
  let hits;
  try {
    hits = await mem.recall(q, { limit: 10, explain: true, peek: true });
  } catch (err) {
    // A query over 2 KiB is too_large: say so where the hits would be.
    ol.dataset.query = q;
    return ol.replaceChildren(el('li', { class: 'error' }, errorText(err)));
  }
  ol.dataset.query = q; // for tests: these are the hits of q
  if (!hits.length) return ol.replaceChildren(el('li', { class: 'muted' }, t('noHits')));
  ol.replaceChildren(...hits.map((h) => {
    const c = h.components || {};
    const rows = [['relevance', c.relevance], ['recency', c.recency], ['importance', c.importance], ['heat', c.heat]];
    if (c.vector !== undefined) rows.push(['vector', c.vector]);
    if (c.coverage !== undefined) rows.push(['coverage', c.coverage]); // the share of the query the best hit holds: scales every score
    return el('li', { class: 'hit', dataset: { id: h.memory.id } },
      el('div', { class: 'top' }, el('span', { class: 'score', title: 'score' }, fmt(h.score, 3)), ...memoryMeta(h.memory), el('span', { class: 'spacer' }),
        el('button', { type: 'button', class: 'forget', title: t('forget'), onclick: () => forget(h.memory.id) }, '×')),
      h.memory.title ? el('div', { class: 'title' }, ...highlight(h.memory.title, q)) : null,
      el('div', { class: 'content' }, ...highlight(h.memory.content, q)),
      el('div', { class: 'components' },
        ...rows.flatMap(([k, v]) => [el('span', {}, k), bar(v ?? 0), el('span', { class: 'v' }, fmt(v))]),
        el('span', {}, 'bm25'), el('span', {}), el('span', { class: 'v' }, fmt(c.bm25, 3))));
  }));
}

function renderTimeline(list) {
  const box = $('timeline');
  if (!list.length) return box.replaceChildren(el('p', { class: 'muted' }, t('noMemories')));
  const days = new Map();
  for (const m of [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt))) {
    const d = new Date(m.createdAt).toLocaleDateString(lang === 'zh' ? 'zh-CN' : 'en', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });
    if (!days.has(d)) days.set(d, []);
    days.get(d).push(m);
  }
  box.replaceChildren(...[...days].flatMap(([d, ms]) => [
    el('div', { class: 'day' }, d),
    ...ms.map((m) => el('div', { class: 'event', style: `--c: var(--${m.type})` },
      el('time', { datetime: m.createdAt }, new Date(m.createdAt).toLocaleTimeString(lang === 'zh' ? 'zh-CN' : 'en', { hour: '2-digit', minute: '2-digit' })),
      el('span', { class: `type ${m.type}` }, nameOf(m.type)), ' ', m.title ? el('b', {}, m.title) : null, m.title ? ' ' : null, m.content)),
  ]));
}

// ─── Wiring ─────────────────────────────────────────────────────────────────────────────

$('composer').addEventListener('submit', (e) => {
  e.preventDefault();
  const text = $('input').value;
  $('input').value = '';
  sendMessage(text);
});
$('input').addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
    e.preventDefault();
    $('composer').requestSubmit();
  }
});
$('add-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const content = $('add-content').value.trim();
  $('add-error').hidden = true;
  if (!content || !mem) return;
  setBusy(true);
  try {
    await mem.remember({ type: $('add-type').value, content, importance: Number($('add-importance').value) || 0.5 });
    $('add-content').value = '';
  } catch (err) {
    $('add-error').textContent = errorText(err);
    $('add-error').hidden = false;
  } finally {
    // Busy until the list shows what the action stored: a page (or a test) that waits
    // for data-busy="0" then reads the list sees the memories the chips name.
    try { await refresh(true); } finally { setBusy(false); }
  }
});
$('search-form').addEventListener('submit', (e) => {
  e.preventDefault();
  search();
});
for (const tab of document.querySelectorAll('[role=tab]')) {
  tab.addEventListener('click', () => {
    for (const other of document.querySelectorAll('[role=tab]')) {
      other.setAttribute('aria-selected', String(other === tab));
      $(`tab-${other.dataset.tab}`).hidden = other !== tab;
    }
    if (tab.dataset.tab === 'search') $('query').focus();
  });
}
$('lang').addEventListener('click', () => {
  lang = lang === 'zh' ? 'en' : 'zh';
  localStorage.setItem('memcore-demo-lang', lang);
  applyLanguage();
  updateMode();
});
$('new-session').addEventListener('click', async () => {
  // The engine closes the session (an episode summary); the demo does not wait for it,
  // and shows the episode's memory in the list once it is written.
  if (mem && !busy) mem.endSession(session).then(() => { if (!busy) return refresh(true); }).catch(() => {});
  session = newSessionId();
  messages = [];
  renderMessages();
});
$('settings-open').addEventListener('click', () => {
  $('llm-url').value = settings.url || '';
  $('llm-model').value = settings.model || '';
  $('llm-key').value = settings.key || '';
  $('llm-result').textContent = '';
  $('settings').showModal();
});
$('settings').addEventListener('close', async () => {
  if ($('settings').returnValue !== 'save') return;
  const hadLLM = Boolean(settings.url);
  settings.url = $('llm-url').value.trim();
  settings.model = $('llm-model').value.trim();
  settings.key = $('llm-key').value.trim();
  localStorage.setItem('memcore-demo-llm', JSON.stringify(settings));
  updateMode();
  if (!mem || hadLLM === Boolean(settings.url)) return;
  // The engine's LLM is an option of open(): reopen the database with it, or without.
  setBusy(true);
  try {
    await mem.close();
    mem = null;
    mem = await openDB();
  } catch (err) {
    showError(err);
  } finally {
    setBusy(false);
    await refresh();
  }
});
$('llm-test').addEventListener('click', async () => {
  const saved = { ...settings };
  Object.assign(settings, { url: $('llm-url').value.trim(), model: $('llm-model').value.trim(), key: $('llm-key').value.trim() });
  $('llm-result').textContent = '…';
  try {
    const text = await complete([{ role: 'user', content: 'Say "ok".' }], { maxTokens: 5 });
    $('llm-result').textContent = `${t('tested')}: ${text.slice(0, 40)}`;
  } catch (err) {
    $('llm-result').textContent = err.message;
  } finally {
    Object.assign(settings, saved);
  }
});
$('reset').addEventListener('click', async () => {
  $('settings').close();
  setBusy(true);
  try {
    if (mem) await mem.close();
    mem = null;
    if (storage === 'opfs') {
      const root = await navigator.storage.getDirectory();
      let held = null;
      for (const name of [DB_PATH, `${DB_PATH}-journal`]) {
        await root.removeEntry(name).catch((err) => {
          // Another tab of the demo took the file over when this one closed it.
          if (err?.name !== 'NotFoundError') held = err;
        });
      }
      if (held) {
        mem = await openDB(); // nothing was erased: carry on with the database as it is
        alert(`${t('eraseHeld')} (${held.name || held})`);
        return;
      }
    }
    for (const k of Object.keys(localStorage)) if (k.startsWith('memcore-demo-chat:')) localStorage.removeItem(k);
    messages = [];
    session = newSessionId();
    renderMessages();
    mem = await openDB();
  } catch (err) {
    showError(err);
  } finally {
    setBusy(false);
    await refresh();
  }
});

document.body.dataset.busy = '1';
start();

// Export: the whole database as JSON Lines, downloaded as a file. Import: a file the user
// picks, checked whole before anything is written (memcore's import is all or nothing).
$('export').addEventListener('click', async () => {
  if (!mem) return;
  try {
    const r = await mem.export({ namespaces: ['*'] });
    const url = URL.createObjectURL(new Blob([r.data], { type: 'application/x-ndjson' }));
    const a = el('a', { href: url, download: `memcore-${new Date().toISOString().slice(0, 10)}.jsonl` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    $('transfer-result').textContent = Object.entries(r.counts).map(([k, n]) => `${k} ${n}`).join(', ') || '—';
  } catch (err) {
    showError(err);
  }
});

$('import-file').addEventListener('change', async (e) => {
  const file = e.target.files?.[0];
  e.target.value = '';
  if (!file || !mem) return;
  setBusy(true);
  try {
    const r = await mem.import(file);
    const sum = (o) => Object.values(o).reduce((a, b) => a + b, 0);
    $('transfer-result').textContent = t('imported', sum(r.imported), sum(r.skipped));
    await refresh();
  } catch (err) {
    showError(err);
  } finally {
    setBusy(false);
  }
});
