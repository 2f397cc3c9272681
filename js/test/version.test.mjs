// The shim and the engine must be of one version, and the shim's copies of engine tables
// (limits, scoring defaults) must match the Go source they copy.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';

import { ROOT, memcore, packageDir, tempDir } from './helpers.mjs';

const mc = await memcore();
const read = (f) => fs.readFileSync(path.join(ROOT, f), 'utf8');

describe('version', () => {
  test('package.json, the shim and core.Version agree', () => {
    const goVersion = read('core/engine.go').match(/^const Version = "([^"]+)"/m)?.[1];
    assert.ok(goVersion, 'const Version in core/engine.go');
    assert.equal(JSON.parse(read('package.json')).version, goVersion);
    const installed = JSON.parse(fs.readFileSync(path.join(packageDir(), 'node_modules/memcore/package.json'), 'utf8'));
    assert.equal(installed.version, goVersion);
    assert.equal(mc.VERSION, goVersion);
  });

  test('the engine refuses a shim of another version with unsupported', async (t) => {
    // A copy of the installed package whose shim says it is 0.0.0, with the same engine.
    const dir = tempDir(t);
    const pkg = path.join(dir, 'node_modules', 'memcore');
    const src = path.join(packageDir(), 'node_modules', 'memcore');
    fs.mkdirSync(pkg, { recursive: true });
    fs.cpSync(path.join(src, 'js'), path.join(pkg, 'js'), { recursive: true });
    fs.copyFileSync(path.join(src, 'package.json'), path.join(pkg, 'package.json'));
    fs.symlinkSync(path.join(src, 'dist'), path.join(pkg, 'dist'));
    const v = path.join(pkg, 'js', 'version.js');
    fs.writeFileSync(v, fs.readFileSync(v, 'utf8').replace(/VERSION = '[^']+'/, "VERSION = '0.0.0'"));
    const other = await import(pathToFileURL(path.join(pkg, 'js', 'node.js')).href);
    assert.equal(other.VERSION, '0.0.0');
    await assert.rejects(other.open({ path: ':memory:' }), (e) => {
      assert.ok(e instanceof other.MemcoreError);
      assert.equal(e.code, 'unsupported');
      assert.equal(e.field, 'version');
      assert.match(e.message, /0\.0\.0/);
      return true;
    });
  });
});

describe('tables copied from the engine', () => {
  test('DEFAULT_SCORING is recall.DefaultWeights', () => {
    const go = read('core/internal/recall/weights.go');
    const tags = Object.fromEntries([...go.matchAll(/^\s+(\w+)\s+\w+\s+`json:"(\w+)"`/gm)].map((m) => [m[1], m[2]]));
    const body = go.match(/func DefaultWeights\(\) Weights \{\s*return Weights\{([\s\S]*?)\n\t\}/)[1];
    const defaults = {};
    for (const [, field, value] of body.matchAll(/(\w+):\s*([\d.]+),/g)) defaults[tags[field]] = Number(value);
    assert.deepEqual({ ...mc.DEFAULT_SCORING }, defaults);
  });

  test('DEFAULT_LIMITS is core.DefaultLimits, sent under the keys core.Limits decodes', async () => {
    const go = read('core/options.go');
    const struct = go.match(/type Limits struct \{([\s\S]*?)\n\}/)[1];
    const wire = {};
    for (const [, field, tag] of struct.matchAll(/^\s+(\w+)\s+int\b(?:\s+`json:"(\w+)[^`]*`)?/gm)) {
      wire[field[0].toLowerCase() + field.slice(1)] = tag || field;
    }
    const body = go.match(/var DefaultLimits = Limits\{([\s\S]*?)\n\}/)[1];
    const size = (e) => e.trim().replace(/^(\d+) << (\d+)$/, (_, a, b) => String(Number(a) * 2 ** Number(b)));
    const defaults = {};
    for (const [, field, expr] of body.matchAll(/(\w+):\s*([^,]+),/g)) defaults[field[0].toLowerCase() + field.slice(1)] = Number(size(expr));
    assert.deepEqual({ ...mc.DEFAULT_LIMITS }, defaults);
    // Every limit reaches the engine under the key its decoder accepts: a request over each
    // one alone fails (too_large; a limit above maxResults is out of range).
    const over = {
      maxContentBytes: [7, (m) => m.remember({ content: '12345678' })],
      maxFieldBytes: [7, (m) => m.remember({ content: 'x', title: '12345678' })],
      maxTags: [1, (m) => m.remember({ content: 'x', tags: ['a', 'b'] })],
      maxTagBytes: [3, (m) => m.remember({ content: 'x', tags: ['abcd'] })],
      maxBatch: [1, (m) => m.remember([{ content: 'a' }, { content: 'b' }])],
      maxQueryBytes: [3, (m) => m.recall('abcd')],
      maxResults: [2, (m) => m.recall('abcd', { limit: 3 }), 'invalid_argument'],
      maxRequestBytes: [60, (m) => m.remember({ content: 'x'.repeat(100) })],
    };
    assert.deepEqual(Object.keys(over).sort(), Object.keys(wire).sort());
    for (const [k, [n, call, code = 'too_large']] of Object.entries(over)) {
      const mem = await mc.open({ path: ':memory:', limits: { [k]: n } });
      await assert.rejects(call(mem), (e) => e.code === code, k);
      await mem.close();
    }
    const shim = read('js/options.js');
    for (const [js, key] of Object.entries(wire)) assert.ok(shim.includes(`${js}: '${key}'`), `WIRE_LIMITS.${js} = '${key}'`);
  });
});
