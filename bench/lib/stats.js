/* Summaries for noisy shared machines: medians, percentiles, min–max, and the load at the time. */
const os = require('node:os');

const sorted = (xs) => [...xs].sort((a, b) => a - b);

/** Nearest-rank percentile (p in 0..100). */
function percentile(xs, p) {
  if (!xs.length) return NaN;
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

const median = (xs) => percentile(xs, 50);

function summary(xs, digits = 1) {
  const s = sorted(xs);
  const f = (x) => Number(x.toFixed(digits));
  return { median: f(median(s)), min: f(s[0]), max: f(s[s.length - 1]), n: s.length };
}

const fmtRange = ({ median: m, min, max }, unit = '') => `${m}${unit} (${min}–${max})`;

function load() {
  return os.loadavg().map((x) => x.toFixed(2)).join(' / ');
}

/** Each bench ends with one JSON line `RESULT {...}` that bench/run.js collects for the table. */
function report(result) {
  console.log(`RESULT ${JSON.stringify({ ...result, date: new Date().toISOString().slice(0, 10), load: load() })}`);
}

module.exports = { percentile, median, summary, fmtRange, load, report };
