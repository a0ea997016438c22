/** 8-bit greyscale image, as pdftoppm -gray writes it (binary PGM, P5). */
export interface Gray {
  width: number;
  height: number;
  data: Uint8Array;
}

export function readPgm(buf: Buffer): Gray {
  const parts: string[] = [];
  let pos = 0;
  const space = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
  while (parts.length < 4) {
    while (space(buf[pos])) pos++;
    let tok = '';
    while (!space(buf[pos])) tok += String.fromCharCode(buf[pos++]);
    parts.push(tok);
  }
  pos++;
  if (parts[0] !== 'P5' || parts[3] !== '255') throw new Error('unsupported PGM');
  const [w, h] = [Number(parts[1]), Number(parts[2])];
  return { width: w, height: h, data: new Uint8Array(buf.subarray(pos, pos + w * h)) };
}

export function writePgm(img: Gray): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${img.width} ${img.height}\n255\n`, 'ascii'), Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength)]);
}

// Rules are found on anything darker than the paper; letters and noise rarely form long runs.
const DARK = 200;
const FRINGE = 110;

/**
 * Whitens table rules and box borders: Tesseract reads them as "|", "[", "_" and they split
 * rows. A rule is a dark run, on one pixel row (or column), much longer than any letter; short
 * gaps are bridged so worn or slightly skewed rules still count. Only the run's own pixels are
 * cleared, so letters touching a rule keep their strokes.
 */
export function removeRules(img: Gray, minRun: number, maxGap = 2): void {
  const { width: w, height: h, data } = img;
  const kill = new Uint8Array(w * h);
  const scan = (n: number, len: number, at: (line: number, k: number) => number) => {
    for (let line = 0; line < n; line++) {
      let start = -1;
      let last = -1;
      for (let k = 0; k <= len; k++) {
        const on = k < len && data[at(line, k)] < DARK;
        if (on) {
          if (start < 0 || k - last > maxGap + 1) {
            if (start >= 0 && last - start + 1 >= minRun) for (let j = start; j <= last; j++) kill[at(line, j)] = 1;
            start = k;
          }
          last = k;
        }
      }
      if (start >= 0 && last - start + 1 >= minRun) for (let j = start; j <= last; j++) kill[at(line, j)] = 1;
    }
  };
  scan(h, w, (y, x) => y * w + x);
  scan(w, h, (x, y) => y * w + x);
  for (let i = 0; i < w * h; i++) {
    if (!kill[i]) continue;
    data[i] = 255;
    // The anti-aliased edge of a rule is grey; a letter's stroke is darker and stays.
    for (const j of [i - w, i + w, i - 1, i + 1]) if (j >= 0 && j < w * h && !kill[j] && data[j] > FRINGE) data[j] = 255;
  }
}
