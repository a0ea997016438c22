/* Summary of a V8 .cpuprofile: share of sampled time per package/module and per function (self time). */
const fs = require('node:fs');

function summarize(file, { modules = 15, functions = 25 } = {}) {
  const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
  const dt = new Map();
  for (let i = 0; i < prof.samples.length; i++) dt.set(prof.samples[i], (dt.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i] ?? 0));
  const byFn = new Map();
  const byMod = new Map();
  let total = 0;
  for (const n of prof.nodes) {
    const us = dt.get(n.id) ?? 0;
    total += us;
    const cf = n.callFrame;
    const where = cf.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(api|worker|shared)\//, '$1/');
    const fn = `${cf.functionName || '(anonymous)'} ${where}:${cf.lineNumber}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + us);
    const mod = cf.url
      ? cf.url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1').replace(/^(?:file:\/\/)?.*\/(api|worker|shared)\/dist\/(\w+).*$/, '$1/$2')
      : cf.functionName;
    byMod.set(mod, (byMod.get(mod) ?? 0) + us);
  }
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`).join('\n');
  return `${(total / 1e6).toFixed(1)} s sampled\n\nby package / module:\n${top(byMod, modules)}\n\nby function (self time):\n${top(byFn, functions)}`;
}

module.exports = { summarize };
