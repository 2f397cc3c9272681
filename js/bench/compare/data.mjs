// The texts and queries of js/bench/compare.mjs: the same for every engine and every run.
//
// A seeded generator (a 32-bit xorshift, seed 20261124) writes documents of 8–40 words whose
// English words follow a Zipf law (s = 1.07) over a vocabulary of 6,000 made-up words of 2–9
// letters, as word frequencies in real text do, and in which about 20 % of the runs are
// Chinese: 1–3 words of two characters each (a Zipf law over 1,500 words built from 160 common
// characters), written without spaces as Chinese is. Queries are 2–4 words (OR of words, top
// 10), a quarter of them one Chinese word. One document, the "needle", holds a two-character
// Chinese word (鲲鹏) whose characters occur nowhere else: the query 鲲鹏 must find exactly it.
//
// Nothing here is English or Chinese prose: the point is the shape of the index (a long tail
// of rare terms, CJK runs without word boundaries), the same for all engines.

/** The two-character word only the needle document holds. */
export const NEEDLE_WORD = '鲲鹏';

/** A deterministic PRNG: xorshift32, floats in [0, 1). */
function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

/** A sampler of indexes 0..n-1 with P(i) ∝ 1/(i+1)^s (inverse CDF, binary search). */
function zipf(n, s, rand) {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cdf[i] = sum += 1 / Math.pow(i + 1, s);
  return () => {
    const u = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const CONSONANTS = 'bcdfghjklmnprstvwz';
const VOWELS = 'aeiou';
// Common characters; 鲲 and 鹏 are not among them.
const HAN = '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理';

/** The shared data set: texts[i] is document i+1; queries; the needle's index. */
export function makeData(size, { queries = 200, seed = 20261124 } = {}) {
  const rand = rng(seed);
  const vocab = [];
  const seen = new Set();
  while (vocab.length < 6000) {
    const syl = 1 + Math.floor(rand() * 4);
    let w = '';
    for (let i = 0; i < syl; i++) w += CONSONANTS[Math.floor(rand() * CONSONANTS.length)] + VOWELS[Math.floor(rand() * VOWELS.length)];
    if (rand() < 0.3) w += CONSONANTS[Math.floor(rand() * CONSONANTS.length)];
    if (w.length < 2 || seen.has(w)) continue;
    seen.add(w);
    vocab.push(w);
  }
  const han = [...HAN];
  const zh = [];
  const seenZh = new Set();
  while (zh.length < 1500) {
    const w = han[Math.floor(rand() * han.length)] + han[Math.floor(rand() * han.length)];
    if (seenZh.has(w)) continue;
    seenZh.add(w);
    zh.push(w);
  }
  const en = zipf(vocab.length, 1.07, rand);
  const cn = zipf(zh.length, 1.07, rand);
  const needle = Math.floor(size / 2);
  const texts = new Array(size);
  for (let d = 0; d < size; d++) {
    const n = 8 + Math.floor(rand() * 33);
    const parts = [];
    for (let i = 0; i < n; i++) {
      if (rand() < 0.2) {
        let run = '';
        const k = 1 + Math.floor(rand() * 3);
        for (let j = 0; j < k; j++) run += zh[cn()];
        if (d === needle && i === 0) run = zh[cn()] + NEEDLE_WORD + run;
        parts.push(run);
      } else {
        parts.push(vocab[en()]);
      }
    }
    if (d === needle && !parts.some((p) => p.includes(NEEDLE_WORD))) parts.splice(1, 0, zh[cn()] + NEEDLE_WORD + zh[cn()]);
    texts[d] = parts.join(' ');
  }
  // Queries draw from the middle of the distribution (rank 20–2,000: words that are neither
  // in every document nor in none), as a person's question shares a few words with a memory.
  const qs = [];
  for (let q = 0; q < queries; q++) {
    if (q % 4 === 3) {
      qs.push(zh[20 + Math.floor(rand() * 500)]);
      continue;
    }
    const k = 2 + Math.floor(rand() * 3);
    const words = [];
    for (let i = 0; i < k; i++) words.push(vocab[20 + Math.floor(rand() * 2000)]);
    qs.push(words.join(' '));
  }
  return { texts, queries: qs, needle };
}
