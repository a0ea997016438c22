/** 8-bit greyscale image, as pdftoppm -gray writes it (binary PGM, P5). */
export interface Gray {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The pixels are a view of `buf`, not a copy (a page raster is megabytes; the file's buffer is dropped after). */
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
  if (buf.length - pos < w * h) throw new Error('truncated PGM');
  return { width: w, height: h, data: new Uint8Array(buf.buffer, buf.byteOffset + pos, w * h) };
}

/**
 * A binarised page as a 1-bit PBM (P4): ink (under 128) is a set bit. Tesseract reads a page it is
 * given in black and white as it is, and skips its own thresholding: a fifth less time per page than
 * the same pixels as an 8-bit PGM, with the same words (and an eighth of the bytes to write).
 */
export function toPbm(img: Gray): Buffer {
  const { width: w, height: h, data } = img;
  const rowBytes = (w + 7) >> 3;
  const head = Buffer.from(`P4\n${w} ${h}\n`, 'ascii');
  const out = Buffer.alloc(head.length + rowBytes * h);
  head.copy(out);
  for (let y = 0; y < h; y++) {
    const r = y * w;
    const o = head.length + y * rowBytes;
    for (let x = 0; x < w; x++) if (data[r + x] < 128) out[o + (x >> 3)] |= 0x80 >> (x & 7);
  }
  return out;
}

// Rules are found on anything darker than the paper; letters and noise rarely form long runs.
const DARK = 200;
const FRINGE = 110;

/**
 * Whitens table rules and box borders: Tesseract reads them as "|", "[", "_" and they split
 * rows. A rule is a long, thin dark run: long on its pixel row (or column), with a neighbour row
 * counting too, since a rule straightened by deskewing zigzags by a pixel; short gaps are bridged
 * so worn rules still count; and thin, paper on both sides a few pixels away along most of its
 * length, which the line of letter tops across a bold word never is. Only the run's own dark
 * pixels are cleared, so letters touching a rule keep their strokes.
 */
export function removeRules(img: Gray, minRun: number, maxGap = 2, maxThickness = Math.max(4, Math.round(minRun / 8)), minRunAcross = minRun * 2): void {
  const { width: w, height: h, data } = img;
  const n = w * h;
  // Ink is read off the page itself and the rule mask is one bit a pixel: on a 300 dpi page the
  // masks as byte arrays were 17 MB of the worker's memory (data changes only in the last pass,
  // and only next to pixels it has already decided on). The loops below read pixels inline, with
  // the page's edge rows and columns clamped to themselves: this pass runs on every OCR'd page.
  const kill = new Uint8Array((n + 7) >> 3);
  const killed = (i: number) => (kill[i >> 3] >> (i & 7)) & 1;
  const markKill = (i: number) => (kill[i >> 3] |= 1 << (i & 7));
  const T = maxThickness;
  // Horizontal rules: "across" is the row above and below; the thickness probe looks T rows away.
  const closeRow = (y: number, start: number, last: number) => {
    if (start < 0 || last - start + 1 < minRunAcross) return;
    let thick = 0;
    const up = y >= T ? (y - T) * w : -1;
    const down = y + T < h ? (y + T) * w : -1;
    for (let x = start; x <= last; x++) if ((up >= 0 && data[up + x] < DARK) || (down >= 0 && data[down + x] < DARK)) thick++;
    if (thick <= (last - start + 1) * 0.3) for (let x = start; x <= last; x++) markKill(y * w + x);
  };
  for (let y = 0; y < h; y++) {
    const r = y * w;
    const up = y > 0 ? r - w : r;
    const down = y + 1 < h ? r + w : r;
    let start = -1;
    let last = -1;
    for (let x = 0; x < w; x++) {
      if (data[r + x] >= DARK && data[up + x] >= DARK && data[down + x] >= DARK) continue;
      if (start < 0 || x - last > maxGap + 1) {
        closeRow(y, start, last);
        start = x;
      }
      last = x;
    }
    closeRow(y, start, last);
  }
  // Vertical rules, walked row by row (one run in progress per column) to stay cache-friendly.
  const start = new Int32Array(w).fill(-1);
  const last = new Int32Array(w).fill(-1);
  const closeCol = (x: number) => {
    const [s0, l0] = [start[x], last[x]];
    if (s0 < 0 || l0 - s0 + 1 < minRun) return;
    let thick = 0;
    for (let y = s0; y <= l0; y++) if ((x >= T && data[y * w + x - T] < DARK) || (x + T < w && data[y * w + x + T] < DARK)) thick++;
    if (thick <= (l0 - s0 + 1) * 0.3) for (let y = s0; y <= l0; y++) markKill(y * w + x);
  };
  for (let y = 0; y < h; y++) {
    const r = y * w;
    for (let x = 0; x < w; x++) {
      const i = r + x;
      if (data[i] >= DARK && data[x > 0 ? i - 1 : i] >= DARK && data[x + 1 < w ? i + 1 : i] >= DARK) continue;
      if (start[x] < 0 || y - last[x] > maxGap + 1) {
        closeCol(x);
        start[x] = y;
      }
      last[x] = y;
    }
  }
  for (let x = 0; x < w; x++) closeCol(x);
  for (let i = 0; i < n; i++) {
    // Eight pixels a byte of the mask: most of the page has no rule at all.
    if (!kill[i >> 3]) {
      i |= 7;
      continue;
    }
    if (!killed(i) || data[i] >= DARK) continue;
    data[i] = 255;
    // The anti-aliased edge of a rule is grey; a letter's stroke is darker and stays.
    if (i >= w && !killed(i - w) && data[i - w] > FRINGE) data[i - w] = 255;
    if (i + w < n && !killed(i + w) && data[i + w] > FRINGE) data[i + w] = 255;
    if (i >= 1 && !killed(i - 1) && data[i - 1] > FRINGE) data[i - 1] = 255;
    if (i + 1 < n && !killed(i + 1) && data[i + 1] > FRINGE) data[i + 1] = 255;
  }
}

/**
 * Whitens dashed rules: a table's header rule copied faintly binarises into a row of short dashes,
 * which removeRules does not bridge (its gaps are wider than a worn solid rule's) and which
 * Tesseract, given them a few pixels above a row of figures, merges into that row and garbles it
 * ("05/2020 15/06/2020" read as "052020 150020200"). Such a rule is a band of pixel rows at most
 * `maxThickness` high, paper on the rows just above and below it, whose ink spreads over at least
 * `minSpan` pixels: no printed line is that thin, not even one of dot leaders, whose letters beside
 * them are taller. Only pixels with paper beyond the band at their column are cleared, so a
 * descender that crosses it keeps its stroke.
 */
export function removeDashedRules(img: Gray, maxThickness: number, minSpan: number): void {
  const { width: w, height: h, data } = img;
  const ink = new Int32Array(h);
  const first = new Int32Array(h).fill(w);
  const last = new Int32Array(h).fill(-1);
  for (let y = 0; y < h; y++) {
    const r = y * w;
    let n = 0;
    for (let x = 0; x < w; x++) {
      if (data[r + x] >= 128) continue;
      n++;
      if (x < first[y]) first[y] = x;
      last[y] = x;
    }
    ink[y] = n;
  }
  const dark = (x: number, y: number) => y >= 0 && y < h && data[y * w + x] < 128;
  // Bands are runs of rows inking a sixth of the span or more; the two rows either side of a rule
  // carry less (an anti-aliased edge, a descender crossing it), or it touches a line of print.
  const floor = minSpan / 6;
  const thin = (y: number) => y < 0 || y >= h || ink[y] < floor;
  for (let a = 0; a < h; a++) {
    if (thin(a)) continue;
    let b = a;
    let peak = ink[a];
    while (!thin(b + 1)) peak = Math.max(peak, ink[++b]);
    const band = [a, b];
    a = b;
    // A rule worth the name inks at least a third of its span (dashes and their gaps).
    if (band[1] - band[0] + 1 > maxThickness || peak < minSpan / 3 || !thin(band[0] - 2) || !thin(band[1] + 2)) continue;
    let x0 = w;
    let x1 = -1;
    for (let k = band[0]; k <= band[1]; k++) {
      x0 = Math.min(x0, first[k]);
      x1 = Math.max(x1, last[k]);
    }
    if (x1 - x0 + 1 < minSpan) continue;
    const [above, below] = [band[0] - 2, band[1] + 2];
    for (let k = Math.max(0, band[0] - 1); k <= Math.min(h - 1, band[1] + 1); k++) {
      for (let x = x0; x <= x1; x++) if (data[k * w + x] < 128 && !dark(x, above) && !dark(x, below)) data[k * w + x] = 255;
    }
  }
}

/**
 * Skew of the text lines, in degrees (positive: lines fall to the right). Scanned copies come out a
 * degree or so off, enough for a printed row to drift into the next one across an A4 page, which
 * makes Tesseract merge or split table rows. Found by projection profiles: the angle at which the
 * dark pixels pile up into the sharpest horizontal bands.
 */
export function estimateSkew(img: Gray, maxDegrees = 4): number {
  const { width: w, height: h, data } = img;
  // Every 2nd pixel of every 2nd row is plenty for the profile and keeps it cheap.
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < h; y += 2) {
    for (let x = 0; x < w; x += 2) {
      if (data[y * w + x] < 128) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < 100) return 0;
  // Bins two pixels tall, matching the row sampling (1-pixel bins would alternate full/empty at 0°).
  const bins = new Float64Array((h >> 1) + w + 2);
  const score = (deg: number) => {
    const t = Math.tan((deg * Math.PI) / 180);
    bins.fill(0);
    for (let k = 0; k < xs.length; k++) bins[Math.round((ys[k] - xs[k] * t) / 2) + (w >> 1) + 1]++;
    let s = 0;
    for (let i = 1; i < bins.length; i++) {
      const d = bins[i] - bins[i - 1];
      s += d * d;
    }
    return s;
  };
  let best = 0;
  let bestScore = score(0);
  for (let step = 0.5, lo = -maxDegrees, hi = maxDegrees; step >= 0.02; step /= 5) {
    for (let a = lo; a <= hi + 1e-9; a += step) {
      const s = score(a);
      if (s > bestScore) {
        bestScore = s;
        best = a;
      }
    }
    lo = best - step;
    hi = best + step;
  }
  return best;
}

/** Turns the page by a multiple of 90° clockwise (a scan fed sideways or upside down), exactly. */
export function quarterTurn(img: Gray, degrees: number): Gray {
  const turns = (((Math.round(degrees / 90) % 4) + 4) % 4);
  if (!turns) return img;
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(w * h);
  const [ow, oh] = turns === 2 ? [w, h] : [h, w];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = data[y * w + x];
      if (turns === 1) out[x * ow + (h - 1 - y)] = v;
      else if (turns === 2) out[(h - 1 - y) * ow + (w - 1 - x)] = v;
      else out[(w - 1 - x) * ow + y] = v;
    }
  }
  return { width: ow, height: oh, data: out };
}

/** Rotates the page so lines skewed by `degrees` (as estimateSkew reports) become horizontal. */
export function rotate(img: Gray, degrees: number): Gray {
  // Under a twentieth of a degree a line drifts by less than 3 px across an A4 page at 300 dpi.
  if (Math.abs(degrees) < 0.05) return img;
  const { width: w, height: h, data } = img;
  // The corners the turn uncovers take the paper's own grey: white corners on a grey scan are a
  // second 'paper' that Otsu splits from the real one, and the whole page binarised as ink.
  const out = new Uint8Array(w * h).fill(paperGrey(histogram(img)));
  const a = Math.atan(Math.tan((degrees * Math.PI) / 180));
  const [cos, sin] = [Math.cos(a), Math.sin(a)];
  const [cx, cy] = [w / 2, h / 2];
  for (let y = 0; y < h; y++) {
    const dy = y - cy;
    // The source point moves by (cos, sin) per output pixel: only the row's start is computed in
    // full (this runs on every pixel of every skewed page).
    let sx = cx - cos * cx - sin * dy;
    let sy = cy - sin * cx + cos * dy;
    const r = y * w;
    for (let x = 0; x < w; x++, sx += cos, sy += sin) {
      const x0 = sx | 0;
      const y0 = sy | 0;
      // `| 0` truncates towards zero: a point left of or above the page needs its own test.
      if (sx < 0 || sy < 0 || x0 + 1 >= w || y0 + 1 >= h) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * w + x0;
      const top = data[i] + (data[i + 1] - data[i]) * fx;
      const bottom = data[i + w] + (data[i + w + 1] - data[i + w]) * fx;
      out[r + x] = top + (bottom - top) * fy;
    }
  }
  return { width: w, height: h, data: out };
}

function histogram(img: Gray): Float64Array {
  const hist = new Float64Array(256);
  const d = img.data;
  for (let i = 0; i < d.length; i++) hist[d[i]]++;
  return hist;
}

/** Otsu's threshold: the grey level that best splits the page into ink and paper. */
export function otsu(img: Gray, hist = histogram(img)): number {
  const n = img.data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i];
  let [wB, sumB, best, at] = [0, 0, -1, 128];
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (!wB || wB === n) continue;
    sumB += t * hist[t];
    const mB = sumB / wB;
    const mF = (sum - sumB) / (n - wB);
    const between = wB * (n - wB) * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      at = t;
    }
  }
  return at;
}

/**
 * Ink/paper threshold for OCR: a fifth of the way from Otsu's split towards the paper's own grey
 * (the most common level above it). Otsu alone thins the anti-aliased strokes of small type and
 * costs commas and the dots of thousands; much closer to the paper, a blurred or grey copy's
 * strokes swell into each other and specks grow past the speck filter (measured on the scanned
 * fixtures at 0.2, 0.35 and 0.5 of the way).
 */
export function inkThreshold(img: Gray, towardsPaper = 0.2): number {
  const hist = histogram(img);
  const t = otsu(img, hist);
  // A page that is nearly all paper (a blank back, a "(continua)" page) has no ink mode: Otsu then
  // splits the paper's own grain, half the page binarises as ink and Tesseract spends minutes on
  // noise. When the split falls inside the paper's spread, only what is clearly darker is ink.
  const paper = paperGrey(hist);
  const spread = paperSpread(hist, paper);
  if (t > paper - Math.max(8, 3 * spread)) return Math.round(paper - Math.max(16, 5 * spread));
  return Math.round(t + towardsPaper * (paperGrey(hist, t + 1) - t));
}

/** The paper's grain: the spread of the levels brighter than its grey (ink never lies there). */
function paperSpread(hist: Float64Array, paper: number): number {
  let n = 0;
  let sq = 0;
  for (let v = paper; v < 256; v++) {
    n += hist[v];
    sq += hist[v] * (v - paper) ** 2;
  }
  return n ? Math.sqrt(sq / n) : 0;
}

/** The paper's grey: the most common level at or above `from` (a page is mostly paper). */
function paperGrey(hist: Float64Array, from = 0): number {
  let paper = 255;
  for (let v = from, most = -1; v < 256; v++) {
    if (hist[v] > most) {
      most = hist[v];
      paper = v;
    }
  }
  return paper;
}

/**
 * Black and white at `threshold`, then a 3×3 majority vote (a median filter on the binary page):
 * toner specks and sensor grain go, strokes stay. Tesseract reads a lone speck beside a number as
 * punctuation or turns the whole cell into letters.
 */
export function binarize(img: Gray, threshold: number): Gray {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(w * h).fill(255);
  // Column sums of three rows, kept up to date as the window moves down (one pixel read per
  // pixel), then a sliding window of three columns.
  const col = new Uint8Array(w);
  for (let x = 0; x < w && h > 1; x++) col[x] = (data[x] < threshold ? 1 : 0) + (data[w + x] < threshold ? 1 : 0);
  for (let y = 1; y < h - 1; y++) {
    const r = y * w;
    const add = r + w;
    const drop = r - 2 * w;
    if (y >= 2) for (let x = 0; x < w; x++) col[x] += (data[add + x] < threshold ? 1 : 0) - (data[drop + x] < threshold ? 1 : 0);
    else for (let x = 0; x < w; x++) col[x] += data[add + x] < threshold ? 1 : 0;
    let c = col[0] + col[1] + col[2];
    for (let x = 1; x < w - 1; x++) {
      if (c >= 5) out[r + x] = 0;
      if (x + 2 < w) c += col[x + 2] - col[x - 1];
    }
  }
  return { width: w, height: h, data: out };
}

/**
 * Whitens specks: connected blots of ink no bigger than `maxArea` pixels with no other ink close
 * by. The majority filter keeps toner dots of 2–3 pixels, which Tesseract turns into stray
 * punctuation or letters inside numbers; a full stop or a comma sits right next to its digits.
 */
export function removeSpecks(img: Gray, maxArea: number, clearance: number): void {
  const { width: w, height: h, data } = img;
  // One bit a pixel: a byte map was another page-sized buffer.
  const seenBits = new Uint8Array((w * h + 7) >> 3);
  const seen = (i: number) => (seenBits[i >> 3] >> (i & 7)) & 1;
  const see = (i: number) => (seenBits[i >> 3] |= 1 << (i & 7));
  const stack: number[] = [];
  const blob: number[] = [];
  for (let s = 0; s < w * h; s++) {
    if (data[s] >= 128 || seen(s)) continue;
    blob.length = 0;
    stack.push(s);
    see(s);
    let [x0, y0, x1, y1] = [w, h, 0, 0];
    while (stack.length) {
      const i = stack.pop()!;
      blob.push(i);
      const x = i % w;
      const y = (i - x) / w;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const j = ny * w + nx;
          if (!seen(j) && data[j] < 128) {
            see(j);
            stack.push(j);
          }
        }
      }
    }
    if (blob.length > maxArea) continue;
    // Ink within `clearance` of the blob (outside it) means punctuation or a diacritic: keep.
    let near = false;
    for (let y = Math.max(0, y0 - clearance); y <= Math.min(h - 1, y1 + clearance) && !near; y++) {
      for (let x = Math.max(0, x0 - clearance); x <= Math.min(w - 1, x1 + clearance); x++) {
        if (x >= x0 && x <= x1 && y >= y0 && y <= y1) continue;
        if (data[y * w + x] < 128) {
          near = true;
          break;
        }
      }
    }
    if (!near) for (const i of blob) data[i] = 255;
  }
}

/**
 * The shape of a digit's glyph in the box [x0, x1] × [y0, y1] of a black-and-white page, for telling
 * the zero of monospaced fonts that carry a dot or a bar inside it (Liberation Mono, the usual
 * stand-in for Courier) from the 8, 6 or 9 Tesseract reads it as:
 * - 'barred': two holes one over the other with the bar between them as wide as the ring (the dot
 *   joined to both sides; an 8 pinches in there: on all-scan development pages its waist measured
 *   0.70–0.94 of its bowls' width, a barred zero's 1.00–1.11);
 * - 'ring': one hole at least half the glyph's height (a plain zero, or the dot joined to one side;
 *   a 6's or a 9's bowl holds a hole of about a third of it: 0.11–0.37 measured, zeros' 0.57–0.69);
 * - 'other': anything else (a bowl, an 8's pinched pair, specks, a box OCR cut wrongly).
 * Pixels outside the box count as paper, so a neighbour the box cuts into adds no hole.
 */
export function digitShape(img: Gray, x0: number, y0: number, x1: number, y1: number): 'barred' | 'ring' | 'other' {
  const { width: W, height: H, data } = img;
  x0 = Math.max(0, x0);
  y0 = Math.max(0, y0);
  x1 = Math.min(W - 1, x1);
  y1 = Math.min(H - 1, y1);
  const gh = y1 - y0 + 1;
  if (gh < 8 || x1 - x0 < 4) return 'other';
  // The box with a one-pixel margin of paper: paper reaching the margin is outside the glyph.
  const w = x1 - x0 + 3;
  const h = gh + 2;
  const ink = (c: number, r: number) => c >= 1 && r >= 1 && c <= w - 2 && r <= h - 2 && data[(y0 + r - 1) * W + x0 + c - 1] < 128;
  const seen = new Uint8Array(w * h);
  const holes: Array<{ top: number; bottom: number }> = [];
  const stack: number[] = [];
  for (let s = 0; s < w * h; s++) {
    if (seen[s] || ink(s % w, (s / w) | 0)) continue;
    let open = false;
    let area = 0;
    let top = h;
    let bottom = 0;
    seen[s] = 1;
    stack.push(s);
    while (stack.length) {
      const i = stack.pop()!;
      const c = i % w;
      const r = (i - c) / w;
      area++;
      if (c === 0 || r === 0 || c === w - 1 || r === h - 1) open = true;
      if (r < top) top = r;
      if (r > bottom) bottom = r;
      for (const j of [c > 0 ? i - 1 : -1, c < w - 1 ? i + 1 : -1, r > 0 ? i - w : -1, r < h - 1 ? i + w : -1]) {
        if (j >= 0 && !seen[j] && !ink(j % w, (j / w) | 0)) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    // A pixel or so of paper between strokes is grain, not a bowl.
    if (!open && area >= 2) holes.push({ top, bottom });
  }
  const span = (r: number) => {
    let a = -1;
    let b = -1;
    for (let c = 1; c < w - 1; c++) {
      if (ink(c, r)) {
        if (a < 0) a = c;
        b = c;
      }
    }
    return a < 0 ? 0 : b - a + 1;
  };
  if (holes.length === 1) return (holes[0].bottom - holes[0].top + 1) / gh >= 0.5 ? 'ring' : 'other';
  if (holes.length !== 2) return 'other';
  const [up, low] = holes.sort((a, b) => a.top - b.top);
  if (up.bottom >= low.top) return 'other';
  let bar = Infinity;
  for (let r = up.bottom + 1; r < low.top; r++) bar = Math.min(bar, span(r));
  const bowls = Math.max(span((up.top + up.bottom) >> 1), span((low.top + low.bottom) >> 1));
  return bowls > 0 && bar >= 0.98 * bowls ? 'barred' : 'other';
}

/** A horizontal band of a black-and-white page: rows y0–y1 (inclusive) with ink, between columns x0 and x1. */
export interface Band {
  y0: number;
  y1: number;
  x0: number;
  x1: number;
}

/**
 * The page's bands of ink: runs of pixel rows each holding at least `minInk` ink pixels, separated by
 * rows of (nearly) bare paper. On a cleaned page a band is a printed line, or several where
 * descenders touch the next line's capitals.
 */
export function inkBands(img: Gray, minInk = 3): Band[] {
  const { width: w, height: h, data } = img;
  const bands: Band[] = [];
  let open: Band | null = null;
  for (let y = 0; y < h; y++) {
    let count = 0;
    let first = -1;
    let last = -1;
    for (let x = 0, r = y * w; x < w; x++) {
      if (data[r + x] < 128) {
        count++;
        if (first < 0) first = x;
        last = x;
      }
    }
    if (count >= minInk) {
      if (!open) bands.push((open = { y0: y, y1: y, x0: first, x1: last }));
      open.y1 = y;
      open.x0 = Math.min(open.x0, first);
      open.x1 = Math.max(open.x1, last);
    } else open = null;
  }
  return bands;
}

/**
 * The rows [y0, y1] of each band (clipped to the page), stacked one under the other with `gap`
 * rows of paper between them, full width so x stays as it was: one small image Tesseract reads in
 * one call. `at[i]` is the row where band i starts in the stack.
 */
export function stackBands(img: Gray, bands: Array<{ y0: number; y1: number }>, gap: number): { img: Gray; at: number[] } {
  const { width: w, height: h, data } = img;
  const rows = bands.map((b) => [Math.max(0, b.y0), Math.min(h - 1, b.y1)] as const);
  const height = gap + rows.reduce((n, [a, b]) => n + b - a + 1 + gap, 0);
  const out = new Uint8Array(w * height).fill(255);
  const at: number[] = [];
  let y = gap;
  for (const [a, b] of rows) {
    at.push(y);
    out.set(data.subarray(a * w, (b + 1) * w), y * w);
    y += b - a + 1 + gap;
  }
  return { img: { width: w, height, data: out }, at };
}
