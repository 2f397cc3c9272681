// A new user's first minutes: the Node quick starts of README.md and js/README.md, copied
// as they are into a project that installed the packed package, run to the end; and the
// first errors such a user meets say what was given.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';

import { ROOT, packageDir, rejects, memcore, tempDir } from './helpers.mjs';

/** The first ```js block after the line that contains marker, as written. */
function snippet(file, marker) {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const at = text.indexOf(marker);
  assert.ok(at >= 0, `${file} has ${marker}`);
  const m = /```js\n([\s\S]*?)```/.exec(text.slice(at));
  assert.ok(m, `${file}: a js block after ${marker}`);
  return m[1];
}

/** Runs code as an ES module of the test project, in a fresh working directory. */
function run(t, name, code) {
  const file = path.join(packageDir(), `${name}.tmp.mjs`);
  fs.writeFileSync(file, code);
  t.after(() => fs.rmSync(file, { force: true }));
  const r = spawnSync(process.execPath, [file], { cwd: tempDir(t), encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.status, 0, `${name} exited with ${r.status ?? r.signal}:\n${r.stderr}`);
  return r.stdout;
}

describe('quick starts', () => {
  test('TestQuickstart_readme: README.md\'s Node quick start runs as written', (t) => {
    const out = run(t, 'readme-node', snippet('README.md', '**Node**'));
    // Both results it promises are printed (the searchTurns line was a bare expression:
    // pasted as written, it showed nothing; the thirteenth new-user pass).
    assert.equal(out.trim(), '用户喜欢用 Python 写脚本\nMy daughter Lily is allergic to peanuts.');
  });

  test('TestQuickstart_jsReadme: js/README.md\'s first example runs as written', (t) => {
    const out = run(t, 'js-readme', snippet('js/README.md', 'npm install memcore'));
    assert.equal(out.trim(), '用户喜欢用 Python 写脚本');
  });
});

describe('first errors', () => {
  test('TestFirstErrors_missingArgument: a missing argument is named as undefined, not "a undefined"', async (t) => {
    const { open } = await memcore();
    const cases = [
      [() => open(), 'options'],
      [async () => (await open({ path: ':memory:' })).recall(), 'query'],
      [async () => (await open({ path: ':memory:' })).remember(), 'memory'],
      [async () => (await open({ path: ':memory:' })).forget(), 'id'],
    ];
    for (const [fn, field] of cases) {
      const err = await rejects(fn, 'invalid_argument', field);
      assert.match(err.message, /got undefined$/, err.message);
    }
  });
});
