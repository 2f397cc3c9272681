// Which memories a statement's reply cites (relevance.js), on the examples measured in
// web-demo/README.md: a memory that names what the statement names is cited; one that
// only shares grammar, a time word or "user" with it is not.
//
//   node --test web-demo/relevance.test.mjs      (part of make js-test)

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { focusOnTopic, isContentRequest, sharedTopic, topicTerms } from './relevance.js';

test('TestSharedTopic_case: cited only when a thing is named by both', () => {
  for (const [name, statement, memory, cite] of [
    ['en_name', 'Tom is cooking a mushroom risotto tonight.', "User's husband Tom is a vegetarian", true],
    ['en_possessive', 'My mum is visiting us for her birthday.', "User's mum's birthday is on 14 March", true],
    ['en_plural', 'Book me a flight to Tokyo for the trip.', "Don't ever book me red-eye flights.", true],
    ['en_place', 'I moved from Leeds to York.', 'User works as a pharmacist in Leeds', true],
    ['en_time_only', "We're driving to St. Ives with Dr. Patel's family next month.", 'User has a dentist appointment next Thursday at 3pm', false],
    ['en_common_word', "I'm vegetarian too.", "User's husband Tom is a vegetarian", true],
    ['en_day_only', 'The gym is closed on Friday.', 'User flies to Lisbon on Friday', false],
    // The ninth new-user pass: "family" alone cited a memory about another family.
    ['en_generic_only', "We're driving to St. Ives with Dr. Patel's family next month.", "User's family has a golden retriever named Biscuit", false],
    ['en_generic_and_name', 'Biscuit needs a walk before the family dinner.', "User's family has a golden retriever named Biscuit", true],
    ['en_two_generic', 'Our family home is in the city.', "User's family home has a garden", true],
    ['zh_two_bigrams', '我对芒果过敏，帮我记一下。', '用户对芒果过敏', true],
    ['zh_one_bigram', '下周我要去北京出差。', '用户下周三要去北京参加设计大会', false],
    ['zh_time_and_grammar', '下周五我要去上海见客户。', '用户下周三要去北京参加设计大会', false],
    ['zh_user_only', '周末我打算带小宝去公园。', '用户的老公不吃香菜', false],
    ['zh_name', '周末我打算带小宝去公园。', "User's son 小宝 is 5 and goes to kindergarten", true],
    ['mixed_tool', '我最近在学 Figma 的插件开发。', '用户平时用 Figma 做设计', true],
    ['mixed_latin_word', '我是 vegetarian，但吃鸡蛋。', "User's husband Tom is a vegetarian", true],
    ['mixed_field', '下周三我要去北京参加设计大会', '用户平时用 Figma 做设计', false],
  ]) {
    const shared = sharedTopic(statement, memory);
    assert.equal(shared.length > 0, cite, `${name}: "${statement}" / "${memory}" share ${JSON.stringify(shared)}`);
  }
});

test('TestTopicTerms_case: function, time and filler words are no topic', () => {
  for (const [name, text, want] of [
    ['en_stop', 'I will be there next week, thanks', []],
    ['en_fold', "Lily's allergies", ['lily', 'allergy']],
    ['zh_glue', '我的是你的', []],
    ['zh_time', '明天下午', []],
    ['zh_user', '用户对芒果过敏', ['芒果', '果过', '过敏']],
    ['numbers', 'flight JL 61 at 3pm', ['flight']],
  ]) {
    assert.deepEqual([...topicTerms(text)].sort(), [...want].sort(), name);
  }
});

test('TestFocusOnTopic_case: a question keeps recall\'s best and the items on its topic, or all when none is', () => {
  const items = (...cs) => cs.map((content) => ({ content }));
  for (const [name, question, given, want] of [
    ['zh_birthday', '我妈什么时候过生日？', items('用户的妈下个月15号过生日', '用户的儿子乐乐对牛奶过敏'), ['用户的妈下个月15号过生日']],
    ['zh_allergy', '乐乐对什么过敏？', items('用户的儿子乐乐对牛奶过敏', '用户的妈下个月15号过生日'), ['用户的儿子乐乐对牛奶过敏']],
    ['en_name', 'Who is Leo?', items('User climbs with their brother Leo', 'User is a teacher'), ['User climbs with their brother Leo']],
    ['none_on_topic', '我下周五要干嘛？', items('用户下周五要去上海见客户'), ['用户下周五要去上海见客户']],
    ['best_kept', 'Priya 是做什么的？', items('User works as a pharmacist in Leeds', "Episode: I'm Priya…", '用户在杭州做产品经理'), ['User works as a pharmacist in Leeds', "Episode: I'm Priya…"]],
    ['about_me', 'What do you know about me?', items("User's name is Ana", 'User knows Rust'), ["User's name is Ana", 'User knows Rust']],
    // A question about the standing rules: the engine brings every rule (core/recallrules.go), whatever its words.
    ['rules_en', 'What are my rules for you?', items('Never book anything on Sunday mornings', 'Keep the house rules short', 'Always reply in English'), ['Never book anything on Sunday mornings', 'Keep the house rules short', 'Always reply in English']],
    ['rules_zh', '我给你定过什么规矩？', items('别在周日早上给我安排事情', '吃饭的规矩是不要玩手机', 'Always reply in English'), ['别在周日早上给我安排事情', '吃饭的规矩是不要玩手机', 'Always reply in English']],
  ]) {
    assert.deepEqual(focusOnTopic(question, given).map((x) => x.content), want, name);
  }
});

test('TestIsContentRequest_case: a request for content is told apart from a statement or a question', () => {
  for (const [text, want] of [
    ['Please translate into Chinese: I love cats.', true],
    ['翻译：我喜欢猫', true],
    ['帮我翻译一下：我讨厌下雨天。', true],
    ['Summarize this: the meeting moved to Friday.', true],
    ['Write me a haiku about tea.', true],
    // The object first (把/将 …), the verb after it: the shape a Chinese request most often takes.
    ['把这句翻译成英文：我今天很累，不想做饭。', true],
    ['请把下面这段话总结一下：周五的会改到下午三点。', true],
    ['帮我把这段改写得正式一点：我明天不来了。', true],
    ['将以下内容翻译为日语：我喜欢猫。', true],
    ['把这句翻成英文：我想家了', true],
    ['Can you help me write an email to my landlord?', true],
    ['Help me draft a thank-you note for my teacher.', true],
    ['我把护照忘在家里了。', false],
    ['把工作总结发给老板了，今天轻松。', false],
    ['我刚把这本书翻译完，累死了。', false],
    ['I love cats.', false],
    ['我喜欢猫', false],
    ['I write a lot of Python at work.', false],
    ['My translator app is DeepL.', false],
    ['What is the capital of France?', false],
  ]) assert.equal(isContentRequest(text), want, text);
});
