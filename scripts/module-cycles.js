#!/usr/bin/env node
/*
 * Lists pairs of API modules (folders of api/src) that import each other, directly or through a
 * longer loop, and checks the two folders that are not domain modules:
 *   - `common/` is shared ground: every module may import it, it imports no module folder (it reaches
 *     what it needs through abstract classes the modules provide, e.g. common/auth/ports.ts);
 *   - `database/` lists every module's entities for the migration CLI and the seed, so, like
 *     app.module.ts, it sits above the modules: no module imports it.
 * Exit code 1 when a cycle exists or either rule is broken. Part of `npm test` (scripts/test.sh).
 * Usage: node scripts/module-cycles.js
 */
const fs = require('node:fs');
const path = require('node:path');

const SRC = path.resolve(__dirname, '../api/src');
const modules = fs.readdirSync(SRC).filter((d) => fs.statSync(path.join(SRC, d)).isDirectory());
const edges = new Map(modules.map((m) => [m, new Set()]));

function walk(dir, visit) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, visit);
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts')) visit(p);
  }
}

for (const m of modules) {
  walk(path.join(SRC, m), (file) => {
    const text = fs.readFileSync(file, 'utf8');
    // Static imports and re-exports, side-effect imports, import() and require(), either quote.
    for (const [, , spec] of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])(\.[^'"]+)\1/g)) {
      const target = path.relative(SRC, path.resolve(path.dirname(file), spec)).split(path.sep)[0];
      if (target !== m && edges.has(target)) edges.get(m).add(target);
    }
  });
}

// Tarjan's strongly connected components: any component of two or more modules is a cycle.
let index = 0;
const stack = [];
const info = new Map();
const cycles = [];
function strong(v) {
  info.set(v, { index, low: index, on: true });
  index++;
  stack.push(v);
  for (const w of edges.get(v)) {
    if (!info.has(w)) {
      strong(w);
      info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
    } else if (info.get(w).on) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
  }
  if (info.get(v).low === info.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      info.get(w).on = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const m of modules) if (!info.has(m)) strong(m);

/** Modules that import each other directly (the first thing to untie inside a cycle). */
const mutual = modules.flatMap((a) => [...edges.get(a)].filter((b) => a < b && edges.get(b).has(a)).map((b) => [a, b]));
/** Broken layering rules, as sentences. */
const violations = [
  ...['common'].filter((m) => edges.has(m)).flatMap((m) => [...edges.get(m)].map((b) => `${m} → ${b}: ${m}/ must not import a module folder`)),
  ...modules.filter((a) => edges.get(a).has('database')).map((a) => `${a} → database: database/ sits above the modules, none may import it`),
];

if (require.main === module) {
  for (const c of cycles) {
    const pairs = c.flatMap((a) => [...edges.get(a)].filter((b) => c.includes(b)).map((b) => `${a} → ${b}`));
    console.log(`cycle: ${c.join(', ')}\n  ${pairs.join('\n  ')}`);
  }
  for (const [a, b] of mutual) console.log(`mutual: ${a} ↔ ${b}`);
  for (const v of violations) console.log(`layering: ${v}`);
  console.log(cycles.length ? `${cycles.length} cycle(s) among ${modules.length} modules` : `no cycles among ${modules.length} modules`);
  process.exitCode = cycles.length || violations.length ? 1 : 0;
}
module.exports = { cycles, edges, mutual, violations };
