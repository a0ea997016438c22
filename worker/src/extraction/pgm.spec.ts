import { barredZeroFont, lostBands, wordsFromHocr } from './ocr';
import { quarterTurn, binarize, digitShape, estimateSkew, type Gray, inkBands, inkThreshold, otsu, removeDashedRules, removeRules, removeSpecks, rotate, stackBands, toPbm } from './pgm';

function blank(w: number, h: number, paper = 240): Gray {
  return { width: w, height: h, data: new Uint8Array(w * h).fill(paper) };
}
function fill(img: Gray, x0: number, y0: number, w: number, h: number, v = 20) {
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) img.data[y * img.width + x] = v;
}
const at = (img: Gray, x: number, y: number) => img.data[y * img.width + x];

/** Rows of "words": dark blocks with gaps, like printed lines. */
function textPage(): Gray {
  const img = blank(800, 600);
  for (let row = 0; row < 12; row++) for (let word = 0; word < 10; word++) fill(img, 40 + word * 72, 40 + row * 45, 50, 14);
  return img;
}

describe('deskew', () => {
  it('finds the tilt of printed lines and straightens them', () => {
    const page = textPage();
    expect(Math.abs(estimateSkew(page))).toBeLessThan(0.05);
    // rotate(img, a) undoes a skew of a, so rotating by -a tilts a straight page by a.
    for (const tilt of [1.1, -0.7]) {
      const skewed = rotate(page, -tilt);
      const found = estimateSkew(skewed);
      expect(Math.abs(found - tilt)).toBeLessThan(0.1);
      expect(Math.abs(estimateSkew(rotate(skewed, found)))).toBeLessThan(0.1);
    }
  });

  it('leaves a blank page alone', () => expect(estimateSkew(blank(100, 100))).toBe(0));

  it('samples each output pixel bilinearly at the point the turn maps it from', () => {
    const page = textPage();
    const deg = 1.3;
    const turned = rotate(page, deg);
    const [cos, sin] = [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)];
    const { width: w, height: h, data } = page;
    // The textbook formula, pixel by pixel, at a spread of points (rotate walks each row incrementally).
    for (const [x, y] of [[0, 0], [45, 41], [399, 300], [700, 560], [120, 47], [533, 212]]) {
      const sx = w / 2 + cos * (x - w / 2) - sin * (y - h / 2);
      const sy = h / 2 + sin * (x - w / 2) + cos * (y - h / 2);
      const [x0, y0] = [Math.floor(sx), Math.floor(sy)];
      if (x0 < 0 || y0 < 0 || x0 + 1 >= w || y0 + 1 >= h) {
        expect(at(turned, x, y)).toBe(240);
        continue;
      }
      const [fx, fy] = [sx - x0, sy - y0];
      const v = (at(page, x0, y0) * (1 - fx) + at(page, x0 + 1, y0) * fx) * (1 - fy) + (at(page, x0, y0 + 1) * (1 - fx) + at(page, x0 + 1, y0 + 1) * fx) * fy;
      expect(Math.abs(at(turned, x, y) - v)).toBeLessThanOrEqual(1);
    }
    expect(data).toBe(page.data);
  });

  it('fills the corners a turn uncovers with the paper grey, so a grey scan does not binarise as all ink', () => {
    const page = blank(800, 600, 172);
    for (let row = 0; row < 12; row++) for (let word = 0; word < 10; word++) fill(page, 40 + word * 72, 40 + row * 45, 50, 14, 120);
    const turned = rotate(page, 1.3);
    expect(at(turned, 0, 0)).toBe(172);
    const t = inkThreshold(turned);
    expect(t).toBeGreaterThan(120);
    expect(t).toBeLessThan(172);
    const bw = binarize(turned, t);
    const ink = bw.data.reduce((n, v) => n + (v < 128 ? 1 : 0), 0) / bw.data.length;
    expect(ink).toBeLessThan(0.2);
  });
});

describe('binarisation', () => {
  it('thresholds between ink and the paper grey, not at the ink', () => {
    const img = blank(100, 100, 200);
    fill(img, 10, 10, 40, 40, 30);
    const t = inkThreshold(img);
    expect(t).toBeGreaterThan(otsu(img));
    expect(t).toBeLessThan(200);
  });

  it('keeps a nearly blank grainy page blank instead of splitting the paper\'s grain', () => {
    // Paper grain at 219–225 and a faint mark a twentieth of a percent of the page (a page counter).
    const img = blank(200, 200);
    for (let i = 0; i < img.data.length; i++) img.data[i] = 219 + ((i * 7919) % 7);
    fill(img, 50, 50, 10, 2, 185);
    expect(otsu(img)).toBeGreaterThan(219);
    const t = inkThreshold(img);
    expect(t).toBeLessThan(210);
    expect(t).toBeGreaterThan(185);
    const ink = binarize(img, t).data.reduce((n, v) => n + (v < 128 ? 1 : 0), 0) / img.data.length;
    expect(ink).toBeLessThan(0.01);
  });

  it('drops lone pixels of grain and keeps strokes', () => {
    const img = blank(60, 60);
    fill(img, 10, 10, 20, 4);
    img.data[45 * 60 + 45] = 0;
    const out = binarize(img, 128);
    expect(at(out, 15, 11)).toBe(0);
    expect(at(out, 45, 45)).toBe(255);
  });
});

describe('rules and specks', () => {
  it('removes long thin rules (even zigzagging by a pixel) but not a bold word sitting on the same line', () => {
    const img = blank(400, 200, 255);
    // A horizontal rule with a one-pixel step halfway, and a vertical rule.
    fill(img, 10, 50, 180, 2, 0);
    fill(img, 190, 51, 180, 2, 0);
    fill(img, 300, 60, 2, 120, 0);
    // A "bold word": letters 14 px wide, 2 px apart, 30 px tall, whose tops form one long run.
    for (let k = 0; k < 14; k++) fill(img, 20 + k * 16, 120, 14, 30, 0);
    removeRules(img, 60);
    expect(at(img, 100, 50)).toBe(255);
    expect(at(img, 250, 52)).toBe(255);
    expect(at(img, 300, 150)).toBe(255);
    expect(at(img, 25, 120)).toBe(0);
    expect(at(img, 25, 140)).toBe(0);
  });

  it('removes a dashed rule between two rows of print, keeps the print, a descender crossing it and dot leaders beside letters', () => {
    const img = blank(600, 160, 255);
    // A header row (rows 10–39), a dashed rule at rows 52–54 (dashes 12 px, gaps 8 px), a row of figures (66–95).
    for (let k = 0; k < 20; k++) fill(img, 20 + k * 28, 10, 10, 30, 0);
    for (let x = 20; x < 560; x += 20) fill(img, x, 52, 12, 3, 0);
    for (let k = 0; k < 20; k++) fill(img, 20 + k * 28, 66, 10, 30, 0);
    // A descender from the header row crossing the rule (x 300–302, rows 40–57).
    fill(img, 300, 40, 3, 18, 0);
    // A line of text whose dot leaders (rows 136–139) sit on its baseline: no rule.
    for (let k = 0; k < 5; k++) fill(img, 20 + k * 20, 115, 12, 25, 0);
    for (let x = 130; x < 560; x += 12) fill(img, x, 136, 4, 4, 0);
    removeDashedRules(img, 6, 180);
    for (const x of [25, 105, 505]) expect(at(img, x, 53)).toBe(255);
    expect(at(img, 301, 53)).toBe(0);
    expect(at(img, 25, 20)).toBe(0);
    expect(at(img, 25, 80)).toBe(0);
    expect(at(img, 131, 137)).toBe(0);
  });

  it('leaves a short run of dashes (a minus sign, a hyphenated word) alone', () => {
    const img = blank(600, 100, 255);
    for (let x = 20; x < 120; x += 20) fill(img, x, 50, 12, 3, 0);
    removeDashedRules(img, 6, 180);
    expect(at(img, 25, 51)).toBe(0);
  });

  it('removes isolated specks but keeps a comma next to its digits', () => {
    const img = blank(200, 100, 255);
    fill(img, 20, 20, 30, 40, 0); // a digit
    fill(img, 52, 55, 3, 4, 0); // its comma
    fill(img, 150, 30, 3, 3, 0); // a toner speck
    removeSpecks(img, 27, 25);
    expect(at(img, 53, 56)).toBe(0);
    expect(at(img, 151, 31)).toBe(255);
    expect(at(img, 30, 30)).toBe(0);
  });
});

describe('toPbm', () => {
  it('packs ink as set bits, eight pixels a byte from the left, each row padded to a whole byte', () => {
    // 10×2: row 0 ink at x = 0, 7, 8; row 1 ink at x = 9 only (grey 127 is ink, 128 is paper).
    const img = blank(10, 2, 255);
    for (const [x, y, v] of [[0, 0, 0], [7, 0, 127], [8, 0, 0], [3, 0, 128], [9, 1, 10]]) img.data[y * 10 + x] = v;
    const pbm = toPbm(img);
    const head = 'P4\n10 2\n';
    expect(pbm.subarray(0, head.length).toString('ascii')).toBe(head);
    expect([...pbm.subarray(head.length)]).toEqual([0b10000001, 0b10000000, 0, 0b01000000]);
  });
});

describe('lines Tesseract passed over', () => {
  // Black and white, as the page Tesseract reads: three printed lines (rows 10–23, 40–53 and 70–83),
  // a speck under them and a short mark at the bottom.
  const page = () => {
    const img = blank(400, 130, 255);
    for (const y of [10, 40, 70]) fill(img, 20, y, 300, 14, 0);
    fill(img, 200, 100, 2, 2, 0);
    fill(img, 20, 115, 20, 10, 0);
    return img;
  };
  const word = (top: number, left = 20) => ({ text: 'Juros', left, top, width: 60, height: 14, line: `l${top}` });

  it('finds the bands of ink between rows of bare paper', () => {
    expect(inkBands(page())).toEqual([
      { y0: 10, y1: 23, x0: 20, x1: 319 }, { y0: 40, y1: 53, x0: 20, x1: 319 }, { y0: 70, y1: 83, x0: 20, x1: 319 },
      { y0: 115, y1: 124, x0: 20, x1: 39 },
    ]);
    // A row needs three pixels of ink: the speck's two-pixel rows are paper.
    expect(inkBands(page()).some((b) => b.y0 === 100)).toBe(false);
  });

  it('returns the line-sized bands no word touches, with a margin that stops at the next band', () => {
    // The middle line was not read; the first line's word reaches 3 pixels into it (a merged box), which is not reading it.
    expect(lostBands(page(), [{ ...word(10), height: 33 }, word(70)], 14)).toEqual([{ y0: 36, y1: 57 }]);
    // Every line read: nothing to read again. The short mark at the bottom is no line of text.
    expect(lostBands(page(), [word(10), word(40, 200), word(70)], 14)).toEqual([]);
    // A word covering a third of the band reads it.
    expect(lostBands(page(), [word(10), { ...word(49), height: 14 }, word(70)], 14)).toEqual([]);
  });

  it('stacks the bands\' rows with paper between them, full width, and says where each starts', () => {
    const img = page();
    const { img: out, at: starts } = stackBands(img, [{ y0: 38, y1: 55 }, { y0: 68, y1: 85 }], 5);
    expect([out.width, out.height, starts]).toEqual([400, 5 + 18 + 5 + 18 + 5, [5, 28]]);
    expect([at(out, 20, 5 + 2), at(out, 20, 5 + 1), at(out, 20, 28 + 2), at(out, 20, 2), at(out, 20, 24)]).toEqual([0, 255, 0, 255, 255]);
  });
});

describe('quarterTurn', () => {
  // 3×2 image: rows [1 2 3] [4 5 6].
  const img = { width: 3, height: 2, data: Uint8Array.from([1, 2, 3, 4, 5, 6]) };
  it('turns a page sideways or upside down exactly, clockwise', () => {
    expect(quarterTurn(img, 90)).toEqual({ width: 2, height: 3, data: Uint8Array.from([4, 1, 5, 2, 6, 3]) });
    expect(quarterTurn(img, 180)).toEqual({ width: 3, height: 2, data: Uint8Array.from([6, 5, 4, 3, 2, 1]) });
    expect(quarterTurn(img, 270)).toEqual({ width: 2, height: 3, data: Uint8Array.from([3, 6, 2, 5, 1, 4]) });
    expect(quarterTurn(quarterTurn(img, 90), 270)).toEqual(img);
    expect(quarterTurn(img, 0)).toBe(img);
  });
});

/** Glyphs drawn as rows of '#' (ink) and '.' (paper), each pixel scaled up 2×, side by side on one page. */
function glyphPage(glyphs: string[][]): { img: Gray; boxes: Array<[number, number, number, number]> } {
  const s = 2;
  const h = glyphs[0].length * s;
  const widths = glyphs.map((g) => g[0].length * s);
  const img = blank(widths.reduce((a, b) => a + b + 6, 6), h + 8, 255);
  const boxes: Array<[number, number, number, number]> = [];
  let x = 6;
  for (const [k, g] of glyphs.entries()) {
    g.forEach((row, r) => [...row].forEach((ch, c) => ch === '#' && fill(img, x + c * s, 4 + r * s, s, s, 0)));
    boxes.push([x, 4, x + widths[k] - 1, 4 + h - 1]);
    x += widths[k] + 6;
  }
  return { img, boxes };
}
// A zero whose dot joined both sides (Liberation Mono at 150 dpi), an 8 that pinches at its waist,
// a plain zero, a 6 (its bowl a third of its height) and a zero whose dot joined one side.
const BARRED = ['.####.', '#....#', '#....#', '#....#', '######', '#....#', '#....#', '#....#', '.####.'];
const EIGHT = ['.####.', '#....#', '#....#', '.#..#.', '..##..', '.#..#.', '#....#', '#....#', '.####.'];
const ZERO = ['.####.', '#....#', '#....#', '#....#', '#....#', '#....#', '#....#', '#....#', '.####.'];
const SIX = ['..###.', '.#....', '#.....', '#.....', '#####.', '#....#', '#....#', '#....#', '.####.'];
const DOTTED = ['.####.', '#....#', '#....#', '#....#', '#.##.#', '#.##.#', '#....#', '#....#', '.####.'];

describe('digitShape', () => {
  it('tells a barred zero from an 8 by its waist, a zero\'s tall hole from a 6\'s bowl', () => {
    const { img, boxes } = glyphPage([BARRED, EIGHT, ZERO, SIX, DOTTED]);
    expect(boxes.map(([x0, y0, x1, y1]) => digitShape(img, x0, y0, x1, y1))).toEqual(['barred', 'other', 'ring', 'other', 'ring']);
  });

  it('counts no hole that a box cutting into its neighbour leaves open, and refuses boxes too small to hold a glyph', () => {
    const { img, boxes } = glyphPage([ZERO, ZERO]);
    const [a, b] = boxes;
    // The first zero's box runs three pixels into the second: the second's ring is cut open there.
    expect(digitShape(img, a[0], a[1], b[0] + 3, a[3])).toBe('ring');
    expect(digitShape(img, a[0], a[1], a[0] + 3, a[1] + 3)).toBe('other');
  });

  it('reads as zeros the 8s and 6s shaped like zeros, only on a page whose own zeros show the bar', () => {
    const read = (glyphs: string[][], texts: string) => {
      const { img, boxes } = glyphPage(glyphs);
      const cinfo = boxes.map((b, k) => `<span class='ocrx_cinfo' title='x_bboxes ${b.join(' ')}; x_conf 99'>${texts[k]}</span>`).join('');
      const hocr = `<span class='ocr_line' id='line_1_1' title="bbox 0 0 ${img.width} ${img.height}"><span class='ocrx_word' id='w' title='bbox 0 0 ${img.width} ${img.height}; x_wconf 90'>${cinfo}</span></span>`;
      return wordsFromHocr(hocr, barredZeroFont(hocr, img)).map((w) => w.text);
    };
    // Three zeros read as zeros show the bar: the barred glyph read as 8 is a zero; the pinched 8 and the 6 stay.
    expect(read([BARRED, BARRED, BARRED, BARRED, EIGHT, SIX], '000886')).toEqual(['000086']);
    // Plain zeros (another font): nothing is re-read, whatever its shape.
    expect(read([ZERO, ZERO, ZERO, BARRED, EIGHT], '00088')).toEqual(['00088']);
  });
});
