'use strict';
/*
 * Runs in a worker thread (piscina, see api/src/analyses/page-counter.service.ts): pdf.js parses
 * untrusted uploads here, away from the API's event loop, and a file that takes too long is stopped
 * by terminating the thread. Plain JavaScript so the same file serves the build and the tests.
 */
const { PDFParse } = require('pdf-parse');

/** Pages pdf.js will read (getInfo().total, as the worker's readPages), or 0 when it cannot tell. */
module.exports = async function countPages(data) {
  const parser = new PDFParse({ data: new Uint8Array(data), verbosity: 0 });
  try {
    const { total } = await parser.getInfo();
    return Number.isInteger(total) && total > 0 ? total : 0;
  } catch {
    return 0;
  } finally {
    await parser.destroy().catch(() => undefined);
  }
};
