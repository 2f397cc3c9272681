// The numbers js/README.md states for open's options and limits are the code's
// (js/options.js): a doc line that drifts from its constant fails here. Reads the files
// only; no wasm is loaded.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';

import { DEFAULT_CALLBACK_TIMEOUT_MS, DEFAULT_LIMITS } from '../memory.js';

const readme = fs.readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const src = fs.readFileSync(new URL('../options.js', import.meta.url), 'utf8');
const num = (s) => Number(s.replace(/[,_]/g, ''));
const constant = (name) => {
  const m = src.match(new RegExp(`const ${name} = ([\\d_]+);`));
  assert.ok(m, `${name} is declared in options.js`);
  return num(m[1]);
};
const row = (option) => {
  const line = readme.split('\n').find((l) => l.startsWith(`| \`${option}\` |`));
  assert.ok(line, `README has an options row for ${option}`);
  return line;
};

test('TestReadmeNumbers_openOptionsDefaultsAndBounds', () => {
  const cases = [
    ['callbackTimeoutMs', DEFAULT_CALLBACK_TIMEOUT_MS, constant('MAX_CALLBACK_TIMEOUT_MS')],
    ['busyTimeoutMs', constant('DEFAULT_BUSY_TIMEOUT_MS'), constant('MAX_BUSY_TIMEOUT_MS')],
  ];
  for (const [option, def, max] of cases) {
    const m = row(option).match(/\| ([\d,]+) \|.*\(1 to ([\d,]+);/);
    assert.ok(m, `${option} row states a default and a range`);
    assert.equal(num(m[1]), def, `${option} default`);
    assert.equal(num(m[2]), max, `${option} maximum`);
  }
});

test('TestReadmeNumbers_busyTimeoutIsAnOptionEverywhere', () => {
  // The "Several processes" paragraph once said the busy timeout was fixed.
  assert.doesNotMatch(readme, /busy timeout is fixed/);
  assert.match(readme, /busy timeout is open's `busyTimeoutMs` \(default 5,000 ms, 1 to 300,000\)/);
  assert.equal(constant('DEFAULT_BUSY_TIMEOUT_MS'), 5000);
  assert.equal(constant('MAX_BUSY_TIMEOUT_MS'), 300000);
});

test('TestReadmeNumbers_limitsInTheErrorsTable', () => {
  // "content > 64 KiB, > 1,000 in a batch, a query > 2 KiB"; a batch "(≤ 1,000)";
  // a snapshot "at most ¾ of limits.maxRequestBytes (about 48 MiB by default)".
  assert.match(readme, /content > 64 KiB, > 1,000 in a batch, a query > 2 KiB/);
  assert.equal(DEFAULT_LIMITS.maxContentBytes, 64 * 1024);
  assert.equal(DEFAULT_LIMITS.maxBatch, 1000);
  assert.match(readme, /A batch \(≤ 1,000\)/);
  assert.equal(DEFAULT_LIMITS.maxQueryBytes, 2 * 1024);
  assert.match(readme, /about 48 MiB by default/);
  assert.equal((DEFAULT_LIMITS.maxRequestBytes * 3) / 4, 48 * 1024 * 1024);
});
