import { createInflate } from 'node:zlib';

/**
 * Decompressed size past which a stream that is not an image is a bomb. A CDA page's content stream
 * is a few KB, fonts a few hundred; images (scans) are skipped, they are large by nature.
 */
export const MAX_INFLATED_STREAM_BYTES = 64 * 1024 * 1024;
export const STREAM_BOMB_REASON = 'PDF com conteúdo comprimido desproporcional (possível bomba de descompressão)';

/** Whether inflating `data` yields more than `limit` bytes; counted while streaming, never held. */
function inflatesBeyond(data: Buffer, limit: number): Promise<boolean> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let total = 0;
    let settled = false;
    const settle = (bomb: boolean) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(bomb);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) settle(true);
    });
    inflate.on('end', () => settle(false));
    // Not valid Flate data: pdf.js will report the file for what it is.
    inflate.on('error', () => settle(false));
    inflate.end(data);
  });
}

/**
 * A content-stream bomb: a small file whose page content (or any other non-image stream) inflates to
 * hundreds of MB. pdf.js decodes it whole (1 GB of blanks took a worker to 1.1 GB of memory) and the
 * page then goes to OCR, which fails or times out: checked before the file is read, so it is refused
 * at once with its own reason. The scan is textual (stream keyword, the dictionary before it, up to
 * endstream): a stream it cannot delimit is left to pdf.js.
 */
export async function hasStreamBomb(pdf: Buffer, limit = MAX_INFLATED_STREAM_BYTES): Promise<boolean> {
  let from = 0;
  for (;;) {
    const keyword = pdf.indexOf('stream', from, 'latin1');
    if (keyword < 0) return false;
    from = keyword + 6;
    if (keyword >= 3 && pdf.toString('latin1', keyword - 3, keyword) === 'end') continue;
    // The data starts after the end of line that follows the keyword (ISO 32000-1, 7.3.8.1).
    let start = keyword + 6;
    if (pdf[start] === 0x0d) start++;
    if (pdf[start] === 0x0a) start++;
    if (start === keyword + 6) continue;
    const end = pdf.indexOf('endstream', start, 'latin1');
    if (end < 0) return false;
    from = end + 9;
    const obj = pdf.lastIndexOf(' obj', keyword, 'latin1');
    const dict = pdf.toString('latin1', Math.max(obj, keyword - 4096, 0), keyword);
    if (!/\/Filter\s*(\[\s*)?\/FlateDecode/.test(dict) || /\/Subtype\s*\/Image/.test(dict)) continue;
    if (await inflatesBeyond(pdf.subarray(start, end), limit)) return true;
  }
}
