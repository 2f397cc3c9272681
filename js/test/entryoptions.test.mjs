// An option of another runtime's entry (storage is the Workers', fallback/persist/wasmURL
// the browser's) is refused in Node with invalid_argument on that option, and the message
// names the entry it belongs to (js/README.md's runtime list). checkOpenOptions is the
// check every entry runs first; no wasm is loaded.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { checkOpenOptions } from '../memory.js';
import { memcore, rejects } from './helpers.mjs';

const NODE = ['path', 'tierUp']; // js/node.js's own options
const WORKERD = ['path', 'storage']; // js/workerd.js's

test('TestEntryOptions_otherRuntimesOptionNamesItsEntry', () => {
  const cases = [
    [NODE, { path: ':memory:', storage: {} }, 'storage', /Cloudflare Workers entry/],
    [NODE, { path: 'a.db', fallback: 'memory' }, 'fallback', /browser entry/],
    [NODE, { path: 'a.db', persist: true }, 'persist', /browser entry/],
    [NODE, { path: 'a.db', wasmURL: '/m.wasm' }, 'wasmURL', /browser entry/],
    [WORKERD, { path: ':memory:', tierUp: true }, 'tierUp', /Node and browser entries/],
  ];
  for (const [known, options, field, why] of cases) {
    assert.throws(() => checkOpenOptions(options, known), (e) => {
      assert.equal(e.code, 'invalid_argument');
      assert.equal(e.field, field);
      assert.match(e.message, /^unknown option/);
      assert.match(e.message, why);
      return true;
    });
  }
});

test('TestEntryOptions_ownOptionAndTypoUnchanged', () => {
  // Control: the same option is accepted by its own entry; a typo names no entry.
  assert.doesNotThrow(() => checkOpenOptions({ path: ':memory:', storage: {} }, WORKERD));
  assert.throws(() => checkOpenOptions({ pth: 'a.db' }, NODE), (e) => e.field === 'pth' && !/entry/.test(e.message));
});

test('TestEntryOptions_nodeOpenRefusesWorkersStorage', async () => {
  // Through the installed package's Node entry: the Workers' `storage` is refused before
  // anything is opened, and the error says where it works.
  const { open } = await memcore();
  const e = await rejects(() => open({ path: ':memory:', storage: {} }), 'invalid_argument', 'storage');
  assert.match(e.message, /Cloudflare Workers entry/);
  const mem = await open({ path: ':memory:' }); // control: the same open without it works
  await mem.close();
});
