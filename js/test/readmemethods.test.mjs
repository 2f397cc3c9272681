// js/README.md's method tables ("Memory" and "Agent glue") against index.d.ts and
// memory.js: every method the README lists exists in both with that many arguments and
// those option names, and every method both export is listed. Reads the files and builds
// a Memory over a fake connection; no wasm is loaded.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';

import { memoryView } from '../memory.js';

const read = (f) => fs.readFileSync(new URL(`../${f}`, import.meta.url), 'utf8');
const readme = read('README.md');
const dts = read('index.d.ts');

/** Splits s at its top-level commas (outside (), [], {}, <>). */
function topLevel(s) {
  const out = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if ('([{<'.includes(ch)) depth++;
    if (')]}>'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** The first cells of the rows of every README table whose header's first cell is `head`. */
function tableFirstCells(head) {
  const lines = readme.split('\n');
  const cells = [];
  lines.forEach((l, i) => {
    if (!l.startsWith(`| ${head} |`)) return;
    for (const r of lines.slice(i + 2)) {
      if (!r.startsWith('|')) break;
      cells.push(r.slice(1).split(/(?<!\\)\|/)[0].replaceAll('\\|', '|'));
    }
  });
  return cells;
}

/**
 * What the README lists: name → {args, options} — args the number of arguments shown
 * (null for a property or a group like `documents.get/set`), options the names inside
 * a `{…}` argument.
 */
function readmeMethods() {
  const m = new Map();
  const cells = tableFirstCells('method');
  assert.ok(cells.length >= 25, `README's two method tables: ${cells.length} rows`);
  for (const cell of cells) {
    for (const [, seg] of cell.matchAll(/`([^`]+)`/g)) {
      const group = seg.match(/^(\w+)\.(\w+(?:\s*\/\s*\w+)+)$/);
      if (group) {
        for (const name of group[2].split('/')) m.set(`${group[1]}.${name.trim()}`, { args: null, options: [] });
        continue;
      }
      const call = seg.match(/^([\w.]+)\((.*)\)$/);
      if (call) {
        const args = topLevel(call[2]);
        const options = args.filter((a) => a.startsWith('{')).flatMap((a) => [...a.matchAll(/(\w+)\??\s*[,}]/g)].map((x) => x[1]));
        const prev = m.get(call[1]);
        m.set(call[1], { args: Math.max(args.length, prev?.args ?? 0), options: [...(prev?.options ?? []), ...options] });
        continue;
      }
      assert.match(seg, /^\w+$/, `a README method cell I can read: ${seg}`);
      m.set(seg, { args: null, options: [] });
    }
  }
  return m;
}

/** The body of `export (class|interface) name … {` … the next line that is `}`. */
function block(kind, name) {
  const re = new RegExp(`^export ${kind} ${name}\\b[^\\n]*\\{\\n([\\s\\S]*?)^\\}`, 'm');
  const b = dts.match(re);
  assert.ok(b, `index.d.ts has ${kind} ${name}`);
  return { head: b[0].split('\n')[0], body: b[1] };
}

/** Field names of an interface of index.d.ts, with those of the interfaces it extends. */
function fields(name) {
  const { head, body } = block('interface', name);
  const own = [...body.matchAll(/^ {2}(?:readonly )?(\w+)\??:/gm)].map((x) => x[1]);
  const ext = head.match(/extends ([\w, ]+?)(?:<[^{]*)?\s*\{/);
  return [...own, ...(ext ? ext[1].split(',').flatMap((s) => fields(s.trim())) : [])];
}

/** Members of index.d.ts's Memory: name → {params: [[max, required], …] per overload, optionTypes}. */
function dtsMethods() {
  const m = new Map();
  const bodies = [block('class', 'Memory').body, block('interface', 'Memory').body];
  for (const body of bodies) {
    for (const [, name, rest] of body.matchAll(/^ {2}(?:readonly )?(\w+)(.*)$/gm)) {
      if (name === 'private') continue; // the private constructor
      const api = rest.match(/^: (\w+API);/);
      if (api) {
        for (const [, sub, subRest] of block('interface', api[1]).body.matchAll(/^ {2}(\w+)(\(.*)$/gm)) add(`${name}.${sub}`, subRest);
      } else if (rest.startsWith(':')) m.set(name, { params: null, optionTypes: [] });
      else add(name, rest);
    }
  }
  function add(name, rest) {
    const sig = rest.replace(/^<[^(]*>/, '');
    assert.ok(sig.startsWith('('), `${name}: a signature on one line`);
    let depth = 0;
    let end = 0;
    for (let i = 0; i < sig.length; i++) {
      if (sig[i] === '(') depth++;
      if (sig[i] === ')' && --depth === 0) {
        end = i;
        break;
      }
    }
    const params = topLevel(sig.slice(1, end));
    const e = m.get(name) ?? { params: [], optionTypes: [] };
    e.params.push([params.length, params.filter((p) => !/^\w+\?:/.test(p)).length]);
    for (const p of params) {
      e.optionTypes.push(...[...p.matchAll(/\b([A-Z]\w*(?:Options|Filter))\b/g)].map((x) => x[1]));
      for (const inline of p.matchAll(/\{([^{}]*)\}/g)) e.optionTypes.push(...[...inline[1].matchAll(/(\w+)\??:/g)].map((x) => `=${x[1]}`));
    }
    m.set(name, e);
  }
  return m;
}

/** memory.js's Memory: name → the function's length (null for a property). */
function jsMethods() {
  const mem = memoryView({ check() {}, client: {} }, 'default');
  const m = new Map();
  const proto = Object.getPrototypeOf(mem);
  for (const name of Object.getOwnPropertyNames(proto)) {
    if (name === 'constructor') continue;
    const d = Object.getOwnPropertyDescriptor(proto, name);
    if (typeof d.value === 'function') m.set(name, d.value.length);
    else if (d.get) {
      const v = mem[name];
      if (v && typeof v === 'object') for (const [k, f] of Object.entries(v)) m.set(`${name}.${k}`, f.length);
      else m.set(name, null);
    }
  }
  return m;
}

test('TestReadmeMethods_everyListedMethodExistsWithItsArguments', () => {
  const doc = readmeMethods();
  const types = dtsMethods();
  const js = jsMethods();
  assert.ok(doc.size >= 45, `README lists ${doc.size} methods and properties`);
  for (const [name, { args, options }] of doc) {
    assert.ok(types.has(name), `README lists ${name}: index.d.ts's Memory has no such member`);
    assert.ok(js.has(name), `README lists ${name}: memory.js's Memory has no such member`);
    const t = types.get(name);
    if (args === null || t.params === null) continue;
    const fits = t.params.some(([max, required]) => args <= max && args >= required);
    assert.ok(fits, `README shows ${name} with ${args} argument(s); index.d.ts: ${JSON.stringify(t.params)} (max, required)`);
    const known = new Set(t.optionTypes.flatMap((o) => (o.startsWith('=') ? [o.slice(1)] : fields(o))));
    for (const o of options) assert.ok(known.has(o), `README's ${name} option ${o} is not in index.d.ts (${[...known].join(', ')})`);
  }
});

test('TestReadmeMethods_everyExportedMethodIsListed', () => {
  const doc = readmeMethods();
  const types = dtsMethods();
  const js = jsMethods();
  for (const name of types.keys()) assert.ok(doc.has(name), `index.d.ts's Memory.${name} is not in js/README.md's tables`);
  for (const name of js.keys()) assert.ok(doc.has(name), `memory.js's Memory.${name} is not in js/README.md's tables`);
  for (const [name, t] of types) {
    assert.ok(js.has(name), `index.d.ts's Memory.${name} is not in memory.js`);
    if (t.params === null) continue;
    const max = Math.max(...t.params.map(([n]) => n));
    assert.equal(js.get(name), max, `${name}: memory.js takes ${js.get(name)} parameter(s), index.d.ts at most ${max}`);
  }
});
