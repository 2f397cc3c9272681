// Which recalled memories a statement's reply may cite ("This reminds me of: …").
//
// Recall ranks every memory that shares a token with the message, and a statement shares
// tokens with many: "下周五我要去上海见客户" with "用户下周三要去北京参加设计大会" (下周, 要去),
// "We're driving to St. Ives … next month" with "User has a dentist appointment next
// Thursday" (next). Its scores cannot tell them apart: BM25 is 2.6 for that dentist
// appointment and 2.5 for "我最近在学 Figma 的插件开发" with "用户平时用 Figma 做设计", which
// does belong (web-demo/README.md has the examples measured). So a statement cites a
// memory only when both name the same thing: a content word (a Latin word of 3+ letters
// that is not a function, time or filler word, plural and possessive folded) or a Chinese
// bigram without a function character or a time word; in Chinese, two such bigrams or a
// name (sharedTopic). Questions are not filtered: what recall finds for a question is the
// answer asked for.

/** English words that say nothing about the topic: function words, time words, "user". */
const STOP = new Set(`about above after again against all also always and any are aren't around because been before
being below between both but can can't cannot could couldn't did didn't does doesn't doing don't done down during each
even ever every few for from further get gets getting got had hadn't has hasn't have haven't having her here hers herself
him himself his how i'd i'll i'm i've into isn't its itself just let like lot lots made make many may might mine more most
much must my myself need needs never next last nor not now off once only other our ours ourselves out over own please
pretty quite really same she should shouldn't since some still such than thank thanks that that's the their theirs them
themselves then there these they they're thing things this those though through too under until very want wants was
wasn't way we we're well were weren't what when where which while who whom why will with won't would wouldn't yet you
your yours yourself user user's users btw okay yes yeah sure
today tonight tomorrow yesterday morning afternoon evening night day days week weeks weekend month months year years
time times soon later earlier ago monday tuesday wednesday thursday friday saturday sunday`.split(/\s+/));

/**
 * English words too general to name a thing alone: "family" in "Dr. Patel's family" and
 * in "User's family has a dog" are two families (the ninth new-user pass saw the one cite
 * the other). One of them cites a memory only beside another shared word ("family home").
 */
const GENERIC = new Set(`family kid child children people person friend home house place stuff life job work
school trip plan kind part bit`.split(/\s+/));

/** CJK characters that join words rather than name things (the engine's cjkGlue, plus verbs of going and wanting). */
const GLUE = new Set('的了是在我你他她它们吗呢吧啊和与也都就这那有个么什怎哪谁呀啥嘛哦着要去会想能把给让被对到从还很又再才得用户以'.split(''));

/** Chinese time words (and 用户): two plans share them without sharing a topic; they are cut out before the bigrams. */
const TIME_ZH = new Set(['下周', '上周', '本周', '周一', '周二', '周三', '周四', '周五', '周六', '周日', '周天', '星期', '明天', '今天',
  '昨天', '后天', '前天', '每天', '下午', '上午', '中午', '晚上', '早上', '今年', '明年', '去年', '月底', '月初', '时候', '平时', '一下', '最近', '马上', '用户']);

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/u;

/** fold makes plurals and possessives one word: "flights" → "flight", "mum's" → "mum", "allergies" → "allergy". */
function fold(w) {
  w = w.replace(/['’]s$/, '');
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) return w.slice(0, -1);
  return w;
}

/** The content terms of a text: Latin words and Chinese bigrams that name something. */
export function topicTerms(text) {
  const out = new Set();
  let s = String(text).normalize('NFKC').toLowerCase();
  for (const w of TIME_ZH) s = s.replaceAll(w, ' '); // "明天下午": no "天下"
  for (const run of s.match(/[\p{L}\p{N}'’-]+/gu) || []) {
    if (CJK.test(run)) {
      // Chinese (and kana, Hangul) runs, possibly with Latin glued on: bigrams of the CJK part.
      for (const part of run.split(/[^\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]+/u)) {
        const cs = Array.from(part);
        for (let i = 0; i + 1 < cs.length; i++) {
          const bi = cs[i] + cs[i + 1];
          if (!GLUE.has(cs[i]) && !GLUE.has(cs[i + 1])) out.add(bi);
        }
      }
      for (const w of run.split(/[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]+/u)) addWord(out, w);
    } else {
      for (const w of run.split(/-+/)) addWord(out, w);
    }
  }
  return out;
}

function addWord(out, raw) {
  const w = raw.replace(/^['’]+|['’]+$/g, '');
  if (w.length < 3 || !/\p{L}/u.test(w) || /\p{N}/u.test(w) || STOP.has(w)) return;
  const f = fold(w);
  if (!STOP.has(f)) out.add(f);
}

/**
 * The terms a statement and a memory share when they name the same thing; empty when the
 * memory is only loosely related. A Latin word is enough ("Tom", "Leeds", "flight") unless it is a
 * GENERIC one ("family": then two shared words are needed); Chinese
 * needs two bigrams ("芒果过敏"), or a Chinese name inside Latin text ("User's son 小宝 is 5"):
 * one shared bigram is as often a field or a kind of thing ("设计" in "设计大会" and "用 Figma
 * 做设计") as the same thing ("北京"), and a citation that misses beats one that is wrong.
 */
export function sharedTopic(statement, memory) {
  const a = topicTerms(statement);
  const shared = [...topicTerms(memory)].filter((t) => a.has(t));
  const words = shared.filter((t) => !CJK.test(t));
  const latin = words.some((t) => !GENERIC.has(t)) || words.length >= 2;
  const named = shared.some((t) => embeddedName(statement, t) || embeddedName(memory, t));
  return latin || named || shared.length >= 2 ? shared : [];
}

/** embeddedName reports whether a short Chinese run t stands alone among Latin words in text (a name: "my son 小宝"). */
function embeddedName(text, t) {
  const s = String(text).normalize('NFKC').toLowerCase();
  for (const m of s.matchAll(/[\u3400-\u9fff]+/gu)) {
    if (m[0] === t || (m[0].length <= 3 && m[0].includes(t))) {
      const before = s.slice(0, m.index);
      if (/[a-z]/.test(before) && !CJK.test(s.replace(m[0], ''))) return true;
    }
  }
  return false;
}

/**
 * A question about the rules the user gave the agent: the engine brings every rule
 * (core/recallrules.go, the same cues), and a rule need not share a word with the question.
 */
const ABOUT_RULES = /\b(?:should you (?:never|always)|you (?:never|always) do|shouldn't you|my rules|your rules|rules for you|told you to|asked you to|did i ask you|my instructions|ground rules)\b|规矩|你(?:应该|该|要|需要)注意什么|对你有什么要求|我的要求|我交代|我嘱咐|你(?:不能|不该|不要|别)做什么/i;

/** A question about the user as a whole: its answer is the profile, which shares no word with it. */
const ABOUT_ME = /\b(?:about me|who am i|know me|remember me|my profile)\b|记得我|知道我什么|了解我|关于我|我是谁|我的情况/i;

/**
 * The items a question's reply lists: recall's best, and those that share a topic with
 * the question, when some do ("我妈什么时候过生日？" also recalled "乐乐对牛奶过敏" for 过 and
 * 什么); else all of them (a question in other words than its answer: "我下周五要干嘛？"),
 * and all of them for a question about the user as a whole or about their rules. The best stays because an
 * answer need not repeat the question's words: "Priya 是做什么的？" is answered by "User
 * works as a pharmacist in Leeds".
 */
export function focusOnTopic(question, items) {
  if (ABOUT_ME.test(question) || ABOUT_RULES.test(question)) return items;
  const on = items.map((it) => sharedTopic(question, it.content).length > 0);
  return on.some(Boolean) ? items.filter((_, i) => i === 0 || on[i]) : items;
}

/**
 * Whether a message asks for content made from text it carries — translate, summarise,
 * rewrite, write — which the demo cannot do without an LLM. It acknowledged
 * "翻译：我喜欢猫" with "好的，记下了。" (noted), though nothing was stored: such a request
 * is not about the user (the engine keeps no fact from it), and the reply now says what
 * the demo cannot do instead.
 */
export function isContentRequest(text) {
  const t = text.trim();
  return /^(?:please\s+|pls\s+|can\s+you\s+|could\s+you\s+|would\s+you\s+)?(?:help\s+me\s+)?(?:translate|summari[sz]e|rewrite|paraphrase|proofread|reword|polish|(?:write|draft)\s+(?:me\s+)?(?:a|an|some|the)\b)/i.test(t) ||
    /^(?:请|请你|帮我|麻烦你?|你能|能不能)?(?:帮我)?(?:翻译|总结|概括|改写|润色|校对|译成|翻成|写一)/.test(t) ||
    BA_REQUEST.test(t);
}

/**
 * A Chinese request with its object first: 把/将 + the text + the verb and what to make of
 * it ("把这句翻译成英文：…", "请把下面这段话总结一下", "帮我把这段改写得正式一点"). The verb must be
 * followed by a result (成/为/一下/得/a colon/the end), so that a statement about having done
 * it ("把工作总结发给老板了", "我刚把这本书翻译完") is no request.
 */
const BA_REQUEST = /^(?:请你?|帮我|麻烦你?|你能|能不能|可以)?(?:帮我|帮忙)?[把将][^。！？!?：:]{1,30}?(?:翻译|翻|译|总结|概括|改写|润色|校对)(?:成|为|一下|下|得|[：:]|$)/;
