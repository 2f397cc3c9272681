// The benchmark's data, the same for Chromium, Node and native Go in one run: agent
// memories from templates and small vocabularies — about 45 % English, 45 % Chinese, 10 %
// mixed — with the seven types, random importance, tags on a third and a subject on a
// fifth; and queries alternating English questions and Chinese words of 2–4 characters.
// A fixed seed (mulberry32) gives the same texts every run.

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const V = {
  lang: ['Python', 'Rust', 'Go', 'TypeScript', 'Kotlin', 'Swift', 'Java', 'Ruby', 'Elixir', 'Haskell', 'C++', 'Zig'],
  task: ['CLI tools', 'ETL jobs', 'web scraping', 'data analysis', 'game mods', 'shell scripts', 'backend services', 'unit tests', 'notebooks', 'embedded firmware'],
  name: ['Emma', 'Liam', 'Olivia', 'Noah', 'Ava', 'Lin', 'Wei', 'Sofia', 'Mateo', 'Yuki', 'Priya', 'Omar', 'Chloe', 'Lucas'],
  rel: ['sister', 'brother', 'manager', 'friend', 'mother', 'colleague', 'cousin', 'dentist'],
  city: ['Berlin', 'Lisbon', 'Toronto', 'Osaka', 'Nairobi', 'Denver', 'Chengdu', 'Melbourne', 'Oslo', 'Austin'],
  food: ['peanuts', 'shellfish', 'gluten', 'lactose', 'sesame', 'eggs', 'soy'],
  topic: ['the Q3 roadmap', 'hiring', 'the database migration', 'the launch plan', 'budget review', 'the design doc'],
  day: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  os: ['Linux', 'macOS', 'Windows', 'NixOS', 'FreeBSD'],
  laptop: ['ThinkPad', 'MacBook Air', 'Framework laptop', 'Dell XPS', 'Surface'],
  editor: ['Neovim', 'VS Code', 'Emacs', 'Helix', 'Zed', 'IntelliJ'],
  rule: ['answer in short sentences', 'ask before deleting files', 'use metric units', 'cite sources', 'write tests first'],
  城市: ['北京', '上海', '成都', '杭州', '深圳', '广州', '西安', '武汉', '南京', '重庆', '苏州', '厦门'],
  食物: ['火锅', '小龙虾', '饺子', '烤鸭', '米线', '煎饼', '寿司', '牛肉面', '螺蛳粉', '豆腐'],
  爱好: ['游泳', '跑步', '爬山', '钓鱼', '下棋', '画画', '摄影', '弹吉他', '瑜伽', '骑车'],
  人名: ['小王', '老李', '张伟', '王芳', '刘洋', '陈静', '杨帆', '赵磊'],
  关系: ['妹妹', '哥哥', '同事', '经理', '朋友', '妈妈', '表姐'],
  任务: ['写脚本', '做报表', '整理文档', '准备演示', '修复漏洞', '写周报', '代码评审', '数据清洗'],
  星期: ['周一', '周二', '周三', '周四', '周五', '周末'],
  地点: ['公园', '体育馆', '图书馆', '咖啡馆', '湖边'],
};

const TYPES = ['fact', 'preference', 'rule', 'skill', 'error', 'profile', 'note'];

/** n memories and q queries, deterministic. */
export function generate(n, q = 200, seed = 20261122) {
  const r = rng(seed);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const en = [
    () => `The user prefers ${pick(V.lang)} for ${pick(V.task)}.`,
    () => `The user's ${pick(V.rel)} ${pick(V.name)} lives in ${pick(V.city)}.`,
    () => `Meeting with ${pick(V.name)} about ${pick(V.topic)} on ${pick(V.day)}.`,
    () => `The user is allergic to ${pick(V.food)}.`,
    () => `Always ${pick(V.rule)} when helping with ${pick(V.task)}.`,
    () => `The user runs ${pick(V.os)} on a ${pick(V.laptop)} and edits in ${pick(V.editor)}.`,
    () => `${pick(V.name)} recommended ${pick(V.lang)} for ${pick(V.task)} last ${pick(V.day)}.`,
  ];
  const zh = [
    () => `用户在${pick(V.城市)}工作，喜欢吃${pick(V.食物)}。`,
    () => `用户的${pick(V.关系)}${pick(V.人名)}住在${pick(V.城市)}。`,
    () => `用户每${pick(V.星期)}去${pick(V.地点)}${pick(V.爱好)}。`,
    () => `用户对${pick(V.食物)}过敏，点餐时要注意。`,
    () => `${pick(V.人名)}负责${pick(V.任务)}，截止日期是${pick(V.星期)}。`,
    () => `用户最近在学${pick(V.爱好)}，打算下个月去${pick(V.城市)}。`,
  ];
  const mixed = [() => `用户喜欢用 ${pick(V.lang)} ${pick(V.任务)}，编辑器是 ${pick(V.editor)}。`];
  const memories = [];
  for (let i = 0; i < n; i++) {
    const x = r();
    const content = (x < 0.45 ? pick(en) : x < 0.9 ? pick(zh) : pick(mixed))();
    const m = { type: pick(TYPES), content, importance: Math.round(r() * 100) / 100 };
    if (r() < 1 / 3) m.tags = [pick(['work', 'family', 'health', 'tools', 'travel', 'food'])];
    if (r() < 1 / 5) m.subject = pick([...V.name, ...V.人名, 'user']);
    memories.push(m);
  }
  const ask = [
    () => `What language does the user prefer for ${pick(V.task)}?`,
    () => `meeting with ${pick(V.name)}`,
    () => `where does the user's ${pick(V.rel)} live`,
    () => `is the user allergic to ${pick(V.food)}`,
    () => `which editor on ${pick(V.os)}`,
  ];
  const words = [...V.城市, ...V.食物, ...V.爱好, ...V.任务, ...V.人名];
  const queries = [];
  for (let i = 0; i < q; i++) queries.push(i % 2 === 0 ? pick(ask)() : pick(words));
  return { memories, queries };
}
