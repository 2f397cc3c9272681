// What npm publishes: the files, the exports map, no runtime dependencies; and how the
// package behaves in a user's process.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';

import { ROOT, memcore, packageDir, spawnFixture, tempDir } from './helpers.mjs';

const { open } = await memcore();

describe('package', () => {
  test('the tarball holds the runtime files and nothing else', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const files = JSON.parse(out)[0].files.map((f) => f.path).sort();
    for (const f of ['package.json', 'js/node.js', 'js/memory.js', 'js/errors.js', 'js/version.js', 'js/index.d.ts', 'js/README.md', 'dist/memcore.wasm', 'dist/wasm_exec.js']) {
      assert.ok(files.includes(f), `${f} is packed`);
    }
    for (const f of files) {
      assert.ok(!/^js\/(test|types-test|bench)\/|demo|\.tmp\.|^core\/|^cmd\/|memcore-wasi|\.db$/.test(f), `${f} is not packed`);
    }
  });

  test('no runtime dependencies; exports map with types first', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(packageDir(), 'node_modules/memcore/package.json'), 'utf8'));
    assert.equal(pkg.type, 'module');
    assert.equal(pkg.dependencies, undefined);
    assert.equal(pkg.peerDependencies, undefined);
    assert.equal(pkg.optionalDependencies, undefined);
    assert.deepEqual(Object.keys(pkg.devDependencies), ['typescript']);
    const dot = pkg.exports['.'];
    // Conditions are tried in order: types first, default last; runtimes in between.
    const conditions = Object.keys(dot);
    assert.equal(conditions[0], 'types');
    assert.equal(conditions.at(-1), 'default');
    assert.ok(conditions.includes('node'));
    assert.equal(dot.types, './js/index.d.ts');
    assert.equal(dot.node, './js/node.js');
    const installed = fs.readdirSync(path.join(packageDir(), 'node_modules')).filter((d) => !d.startsWith('.'));
    assert.deepEqual(installed, ['memcore'], 'installing memcore installs nothing else');
  });

  test('a script that never closes still exits, and its write is durable', { timeout: 60_000 }, async (t) => {
    const file = path.join(tempDir(t), 'nc.db');
    const started = Date.now();
    const r = await spawnFixture('no-close.mjs', [file]).exit;
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.stdout, ['end of script']);
    t.diagnostic(`exited ${Date.now() - started} ms after spawn`);
    const mem = await open({ path: file });
    assert.equal((await mem.recall('without close'))[0].memory.content, 'written without close');
    await mem.close();
  });
});
