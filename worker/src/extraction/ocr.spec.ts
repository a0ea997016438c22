import { MAX_RENDER_PIXELS, type OcrWord, fixGlyphs, fragsFromWords, linesFromHocr, linesFromTsv, mergeReadings, renderDpi, rowBands, wordsFromHocr } from './ocr';

/** One TSV word row as Tesseract writes it (level 5), all words on block 1, paragraph 1. */
function tsv(words: Array<[line: number, left: number, text: string, width?: number]>): string {
  const head = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
  const rows = words.map(([line, left, text, width], k) => ['5', '1', '1', '1', String(line), String(k + 1), String(left), String(line * 40), String(width ?? text.length * 14), '30', '90', text].join('\t'));
  return [head, ...rows].join('\n');
}

describe('lines from Tesseract TSV', () => {
  it('turns a dot leader OCR read as letters back into dots, glued or apart, never the value', () => {
    const line = (n: number, words: string[]) => {
      let x = 0;
      return words.map((w): [number, number, string] => {
        const at = x;
        x += w.length * 14 + 10;
        return [n, at, w];
      });
    };
    const text = linesFromTsv(tsv([
      ...line(1, ['Razão', 'Social..........remeesesseeserreeesoe!', 'FARMÁCIA', 'LTDA']),
      ...line(2, ['Endereço..........', 'se', 'rcesersesesecereoi', 'Travessa', 'do', 'Comércio']),
      // Lower-case words after a colon are the value, and so is a line's last word.
      ...line(3, ['Situação:', 'em', 'cobrança']),
      ...line(4, ['Situação..........', 'ativa']),
      // Glued to an abbreviated caption's one dot; a short word there stays.
      ...line(5, ['Sit.meereeceereceee!', 'ATIVA', 'AJUIZADA']),
      ...line(6, ['Insc.nome', 'ATIVA']),
      // A short tail glued to the dots that only the words after it make junk of.
      ...line(7, ['Contribuinte................s', 'erre!', 'JOSE', 'FERREIRA']),
      ...line(8, ['Contribuinte................a', 'JOSE']),
    ]));
    expect(text.split('\n')).toEqual([
      'Razão Social............. FARMÁCIA LTDA',
      'Endereço.......... ... ... Travessa do Comércio',
      'Situação: em cobrança',
      'Situação.......... ativa',
      'Sit.... ATIVA AJUIZADA',
      'Insc.nome ATIVA',
      'Contribuinte................... ... JOSE FERREIRA',
      'Contribuinte................a JOSE',
    ]);
  });

  it('turns a leader\'s l and ] and its last dots read as one short word back into dots, not a small word', () => {
    const line = (n: number, words: string[]) => {
      let x = 0;
      return words.map((w): [number, number, string] => {
        const at = x;
        x += w.length * 14 + 10;
        return [n, at, w];
      });
    };
    const text = linesFromTsv(tsv([
      ...line(1, ['Código...', 'rreeereeerererreereel', '2100']),
      ...line(2, ['Tributo...', 'ms', '1.2.1', '-', 'TAXA']),
      ...line(3, ['Livro/Folha.........', 's.iiii]', '237/218']),
      // A small word opens a value; a lower-case word before lower case is the value's too.
      ...line(4, ['Situação...', 'em', 'COBRANÇA']),
      ...line(5, ['Situação...', 'xy', 'cobrança']),
    ]));
    expect(text.split('\n')).toEqual([
      'Código... ... 2100',
      'Tributo... ... 1.2.1 - TAXA',
      'Livro/Folha......... ... 237/218',
      'Situação... em COBRANÇA',
      'Situação... xy cobrança',
    ]);
  });


  it('keeps a "|" that carries punctuation as the word ("|," for "I,"), drops a bar beside a word', () => {
    expect(linesFromTsv(tsv([[1, 0, 'arts.'], [1, 80, '30,'], [1, 130, '|,'], [1, 160, 'a.']]))).toBe('arts. 30, |, a.');
    expect(linesFromTsv(tsv([[1, 0, 'Total'], [1, 90, '|1.234,56']]))).toBe('Total 1.234,56');
  });

  it('joins words with spaces and puts a tab at column gaps', () => {
    expect(linesFromTsv(tsv([[1, 0, 'Devedor:'], [1, 130, 'ACME'], [1, 400, '11.222.333/0001-81']]))).toBe('Devedor: ACME\t11.222.333/0001-81');
  });

  it('drops lone punctuation left by rules and specks at line and column edges, keeps printed hyphens', () => {
    const text = linesFromTsv(
      tsv([
        [1, 0, '-'], [1, 30, '13896.436648/2018-92'], [1, 600, 'ATIVA'], [1, 690, 'A'], [1, 720, 'SER'], [1, 780, 'AJUIZADA'], [1, 1100, '.'],
        [2, 0, 'Contribuinte:'], [2, 300, '.'], [2, 500, 'JOSE'], [2, 570, 'DA'], [2, 610, 'SILVA'],
        [3, 0, '8109'], [3, 66, '-'], [3, 90, 'PIS'], [3, 140, '-'], [3, 165, 'FATURAMENTO'],
      ]),
    );
    expect(text.split('\n')).toEqual(['13896.436648/2018-92\tATIVA A SER AJUIZADA', 'Contribuinte:\tJOSE DA SILVA', '8109 - PIS - FATURAMENTO']);
  });
});

/** A glyph as hOCR's x_bboxes gives it: text, left, top, right, bottom, best-ranked alternatives (confidence 90 unless given). */
function g(text: string, x0: number, y0: number, x1: number, y1: number, choices: Array<string | [string, number]> = []) {
  return { text, x0, y0, x1, y1, choices: choices.map((c) => (typeof c === 'string' ? { text: c, conf: 90 } : { text: c[0], conf: c[1] })) };
}

describe('rows of one recognised line', () => {
  const w = (text: string, left: number, top: number, height = 30): OcrWord => ({ text, left, top, width: text.length * 14, height, line: '1.1.1' });

  it('splits a line that holds two printed rows a row apart into two, top first', () => {
    const line = [w('26', 250, 2186), w('27', 252, 2232), w('03/2019', 534, 2188), w('04/2019', 534, 2234), w('867,74', 1799, 2186), w('769,49', 1799, 2232)];
    expect(rowBands(line).map((b) => b.map((x) => x.text))).toEqual([['26', '03/2019', '867,74'], ['27', '04/2019', '769,49']]);
  });

  it('keeps one row whole: words of uneven height, a lowered word, two blocks side by side at different heights', () => {
    const uneven = [w('Valor', 100, 100, 30), w('(R$)', 200, 96, 38), w('Total', 300, 100, 30), w('geral', 400, 104, 24)];
    expect(rowBands(uneven)).toHaveLength(1);
    const lowered = [w('Lei', 100, 100), w('nº', 160, 100), w('8.212', 220, 100), w('1', 320, 140)];
    expect(rowBands(lowered)).toHaveLength(1);
    const sideBySide = [w('Número:', 100, 100), w('123', 250, 100), w('Receita:', 1800, 150), w('1099', 1950, 150)];
    expect(rowBands(sideBySide)).toHaveLength(1);
  });
});

describe('fragments of a recognised line', () => {
  it('sizes a line by its words, not by the specks read as dots beside them', () => {
    const word = (text: string, left: number, height: number): OcrWord => ({ text, left, top: 1300 - height, width: height, height, line: 'l1', conf: 90 });
    const [frag] = fragsFromWords([word('Receita', 224, 30), word('.', 1905, 3), word('.', 2335, 3)]);
    expect([frag.text, frag.size]).toEqual(['Receita', 42]);
  });

  it('measures a line whose every word carries an accent or a descender by its glyphs, so a box\'s gap still splits it', () => {
    // "SEBASTIÃO GONÇALVES ARAÚJO | ATIVA A SER AJUIZADA": boxes 67 px for type 44 px, 80 px between the boxes.
    const word = (text: string, left: number, width: number, capHeight?: number): OcrWord => ({ text, left, top: 713, width, height: 67, line: 'l1', conf: 90, capHeight });
    const cells = (capHeight?: number) => fragsFromWords([word('SEBASTIÃO', 245, 280, capHeight), word('ARAÚJO', 545, 180, capHeight), word('AJUIZADA', 805, 230, capHeight)]).map((f) => f.text);
    expect(cells(44)).toEqual(['SEBASTIÃO ARAÚJO', 'AJUIZADA']);
    // Without the glyphs' height (a TSV reading), or where the boxes are the type's size, as before.
    expect(cells(undefined)).toEqual(['SEBASTIÃO ARAÚJO AJUIZADA']);
    expect(cells(60)).toEqual(['SEBASTIÃO ARAÚJO AJUIZADA']);
  });

  it('sizes a word by its glyphs without a rule read as a mark at its edge', () => {
    const cinfo = (c: string, b: number[]) => `<span class='ocrx_cinfo' title='x_bboxes ${b.join(' ')}; x_conf 90'>${c}</span>`;
    const hocr = [
      `<span class='ocr_line' id='line_1_1' title="bbox 0 700 1300 800">`,
      `<span class='ocrx_word' id='w1' title='bbox 1714 717 1900 776; x_wconf 40'>${cinfo('|', [1714, 717, 1720, 776])}${cinfo('3', [1740, 722, 1760, 765])}${cinfo('1', [1762, 722, 1780, 765])}</span>`,
      '</span>',
    ].join('\n');
    expect(wordsFromHocr(hocr).map((x) => [x.text, x.left, x.top, x.height, x.capHeight])).toEqual([['|31', 1740, 722, 43, 43]]);
  });
});

describe('glyph geometry repairs', () => {
  it('reads a digit raised above the digit before it as the ordinal º', () => {
    // "2º," read as "22,": the second glyph's box sits 10 px higher and ends 12 px above the baseline.
    expect(fixGlyphs([g('2', 1132, 1057, 1154, 1091), g('2', 1159, 1047, 1176, 1079), g(',', 1180, 1085, 1187, 1096)])).toBe('2º,');
  });

  it('keeps digits on one baseline, digits followed by a digit and boxes too small to be a glyph', () => {
    expect(fixGlyphs([g('2', 100, 1057, 120, 1091), g('2', 124, 1056, 144, 1091), g(',', 148, 1085, 155, 1096)])).toBe('22,');
    // Approximate boxes: a "4" box that swallowed the line below, a 4-px "6".
    expect(fixGlyphs([g('4', 0, 1184, 20, 1227), g('3', 22, 1183, 42, 1216), g('0', 44, 1183, 64, 1216)])).toBe('430');
    expect(fixGlyphs([g('9', 0, 1143, 20, 1179), g('6', 22, 1119, 42, 1123), g(',', 44, 1143, 50, 1183)])).toBe('96,');
    expect(fixGlyphs([g('1', 0, 1184, 20, 1216), g('9', 22, 1160, 42, 1190), g('5', 44, 1183, 64, 1216)])).toBe('195');
  });

  it('takes the recogniser\'s own best alternative for a "|"', () => {
    expect(fixGlyphs([g('|', 1071, 1013, 1076, 1044, ['I', '|', 'l']), g('I', 1080, 1013, 1092, 1044)])).toBe('II');
    expect(fixGlyphs([g('|', 10, 10, 12, 40, ['|', 'I'])])).toBe('|');
    // "II" read "|I": a letter-high bar set against an I; a rule's remnant is far taller.
    expect(fixGlyphs([g('|', 1098, 1098, 1102, 1136), g('I', 1108, 1098, 1120, 1129), g(';', 1124, 1105, 1130, 1134)])).toBe('II;');
    expect(fixGlyphs([g('|', 1098, 1040, 1102, 1136), g('I', 1108, 1098, 1120, 1129)])).toBe('|I');
  });

  it('reads a "." as wide and tall as a stroke after an I as "I."; a real dot with a tall box stays', () => {
    expect(fixGlyphs([g('|', 1071, 1013, 1076, 1044, ['I']), g('.', 1084, 1013, 1101, 1044)])).toBe('II.');
    expect(fixGlyphs([g('I', 1208, 1058, 1220, 1091), g('I', 1226, 1058, 1238, 1091), g('.', 1243, 1054, 1251, 1091)])).toBe('II.');
    expect(fixGlyphs([g('l', 0, 1151, 10, 1179), g(',', 12, 1144, 30, 1183)])).toBe('l,');
  });

  it('reads a "6" the recogniser half-read as "0" as the zero; a true six, and eights and nines, stay', () => {
    // Confidences as Tesseract gave them on a scanned monospaced "08/2020" read "68/2026".
    const digit = (t: string, x: number, choices: Array<[string, number]>) => g(t, x, 100, x + 18, 126, choices);
    const read = fixGlyphs([
      digit('6', 0, [['6', 91], ['8', 57], ['0', 48], ['9', 22]]), digit('8', 20, [['8', 94]]), g('/', 40, 100, 50, 126),
      digit('2', 60, [['2', 94]]), digit('0', 80, [['0', 77], ['8', 57]]), digit('2', 100, [['2', 95]]), digit('6', 120, [['6', 90], ['0', 24], ['8', 4]]),
    ]);
    expect(read).toBe('08/2020');
    // "16/2020": the six's "0" at 8; a nine and an eight with "0" second stay what they were read as.
    expect(fixGlyphs([digit('1', 0, [['1', 93]]), digit('6', 20, [['6', 93], ['0', 8], ['8', 4]])])).toBe('16');
    expect(fixGlyphs([digit('9', 0, [['9', 95], ['0', 35], ['8', 14]]), digit('8', 20, [['8', 80], ['0', 60]])])).toBe('98');
  });
});

describe('lines from Tesseract hOCR', () => {
  it('builds words from character boxes, decodes entities and applies the glyph repairs', () => {
    const cinfo = (t: string, b: number[], choices: Array<string | [string, number]> = []) =>
      `<span class='ocrx_cinfo' title='x_bboxes ${b.join(' ')}; x_conf 99'>${t}</span>` +
      (choices.length
        ? `<span class='ocrx_cinfo' id='lstm_choices_1'>${choices
            .map((c) => (typeof c === 'string' ? [c, 90] : c))
            .map(([c, conf], k) => `<span class='ocrx_cinfo' id='choice_1_${k}' title='x_confs ${conf}'>${c}</span>`)
            .join('')}</span>`
        : '');
    const word = (b: number[], chars: string) => `<span class='ocrx_word' id='w' title='bbox ${b.join(' ')}; x_wconf 90'>${chars}</span>`;
    const hocr = [
      `<span class='ocr_line' id='line_1_1' title="bbox 0 1040 1300 1100; baseline 0 -9">`,
      word([1039, 1060, 1112, 1091], cinfo('a', [1039, 1067, 1063, 1091]) + cinfo('r', [1053, 1060, 1079, 1091]) + cinfo('t', [1065, 1060, 1102, 1091]) + cinfo('.', [1105, 1085, 1112, 1091])),
      word([1132, 1047, 1187, 1096], cinfo('2', [1132, 1057, 1154, 1091]) + cinfo('2', [1159, 1047, 1176, 1079], ['2', 'º']) + cinfo(',', [1180, 1085, 1187, 1096])),
      word([1208, 1054, 1251, 1091], cinfo('I', [1208, 1058, 1220, 1091]) + cinfo('I', [1226, 1058, 1238, 1091]) + cinfo('.', [1243, 1054, 1251, 1091])),
      `</span><span class='ocr_header' id='line_1_2' title="bbox 0 1140 1300 1200">`,
      word([100, 1150, 200, 1190], cinfo('&quot;', [100, 1150, 110, 1160]) + cinfo('R', [112, 1150, 130, 1190]) + cinfo('&amp;', [132, 1150, 150, 1190]) + cinfo('D', [152, 1150, 170, 1190])),
      // Each alternative's confidence is read: the six's "0" at 42.5 makes it a zero, the other's 8.1 does not.
      word([300, 1150, 400, 1190], cinfo('2', [300, 1150, 318, 1190]) + cinfo('6', [320, 1150, 338, 1190], [['6', 89], ['0', 42.5]]) + cinfo('6', [340, 1150, 358, 1190], [['6', 93], ['0', 8.1]])),
      '</span>',
    ].join('\n');
    expect(linesFromHocr(hocr)).toBe('art. 2º, II.\nR&D\t206');
  });
});

describe('two readings of one page', () => {
  const w = (text: string, left: number, conf: number, width = 120, top = 100): OcrWord => ({ text, left, top, width, height: 30, line: 'l1', conf });
  it('takes each word from the reading surer of it, keeping the base reading\'s lines and boxes', () => {
    const base = [w('80.052,15', 100, 88), w('16.016,43', 300, 90), w('19.337,65', 500, 96)];
    const thin = [w('80.052,15', 102, 94, 118), w('16.010,43', 298, 95), w('19.387,65', 500, 60)];
    expect(mergeReadings(base, thin).map((x) => [x.text, x.left, x.conf])).toEqual([['80.052,15', 100, 94], ['16.010,43', 300, 95], ['19.337,65', 500, 96]]);
  });

  it('keeps base\'s word where the other reading split or joined it differently, or read another line', () => {
    const base = [w('26/08/2015', 100, 60, 200), w('2089', 400, 70, 80)];
    const thin = [w('26/08', 100, 95, 90), w('/2015', 200, 95, 100), w('2089', 400, 99, 80, 140)];
    expect(mergeReadings(base, thin).map((x) => x.text + x.conf)).toEqual(['26/08/201560', '208970']);
  });

  it('puts in a line the base reading lost whole, at its place, when the other read it with confidence', () => {
    const at = (text: string, left: number, top: number, line: string, conf = 95): OcrWord => ({ text, left, top, width: 150, height: 30, line, conf });
    const base = [at('57.748,76', 100, 100, 'a'), at('27.778,24', 100, 300, 'b')];
    const thin = [at('57.748,76', 100, 100, 'x'), at('ENCARGO', 100, 200, 'y'), at('LEGAL', 300, 200, 'y'), at('27.778,24', 100, 300, 'z'), at('~~', 100, 400, 'w', 20)];
    expect(mergeReadings(base, thin).map((x) => `${x.text}@${x.line}`)).toEqual(['57.748,76@a', 'ENCARGO@other:y', 'LEGAL@other:y', '27.778,24@b']);
  });

  it('puts it in when its caption was read with little confidence and its amount with much ("Encargo legal....: 748.895,22"), never a line of specks', () => {
    const at = (text: string, left: number, top: number, line: string, conf: number): OcrWord => ({ text, left, top, width: 150, height: 30, line, conf });
    const base = [at('937.885,57', 100, 100, 'a', 96), at('4.493.371,31', 100, 300, 'b', 91)];
    const thin = [at('Encargo', 100, 200, 'y', 48), at('legal...:', 300, 200, 'y', 75), at('748.895,22', 500, 200, 'y', 96), at('ee', 100, 400, 'w', 70), at('.', 300, 400, 'w', 70)];
    expect(mergeReadings(base, thin).map((x) => `${x.text}@${x.line}`)).toEqual(['937.885,57@a', 'Encargo@other:y', 'legal...:@other:y', '748.895,22@other:y', '4.493.371,31@b']);
    // Read with no more confidence than that, the line stays out.
    const unsure = thin.map((w) => ({ ...w, conf: Math.min(w.conf ?? 0, 50) }));
    expect(mergeReadings(base, unsure).map((x) => x.line)).toEqual(['a', 'b']);
  });

  it('judges a lost line by its words, not by a dot leader read as letters at no confidence ("CPF Nº rserens… 482.009.289-85")', () => {
    const at = (text: string, left: number, top: number, line: string, conf: number): OcrWord => ({ text, left, top, width: 150, height: 30, line, conf });
    const base = [at('NATUREZA/RECEITA', 100, 100, 'a', 90), at('INSCRIÇÃO', 100, 300, 'b', 96)];
    const thick = [at('CPE', 100, 200, 'y', 84), at('Nº', 300, 200, 'y', 16), at('rs', 400, 200, 'y', 16), at('rserenssemneereeeerserenmeomsereeresereesees', 500, 200, 'y', 0), at('482.009.289-85', 700, 200, 'y', 70)];
    expect(mergeReadings(base, thick).map((x) => x.text)).toEqual(['NATUREZA/RECEITA', 'CPE', 'Nº', 'rs', 'rserenssemneereeeerserenmeomsereeresereesees', '482.009.289-85', 'INSCRIÇÃO']);
    // Its words themselves unsure: it stays out.
    const unsure = thick.map((w) => ({ ...w, conf: Math.min(w.conf ?? 0, 50) }));
    expect(mergeReadings(base, unsure).map((x) => x.line)).toEqual(['a', 'b']);
  });
});

describe('render resolution', () => {
  it('renders certificate-sized pages at the asked resolution', () => {
    expect(renderDpi(595, 842)).toBe(300); // A4
    expect(renderDpi(612, 1008)).toBe(300); // Legal
    expect(renderDpi(842, 595, 200)).toBe(200);
  });

  it('lowers it for a page whose raster would not fit, whatever size the PDF claims', () => {
    for (const [w, h] of [[842, 1191], [14400, 14400], [595, 200000]]) {
      const dpi = renderDpi(w, h);
      expect(dpi).toBeLessThan(300);
      expect((w / 72) * (h / 72) * dpi * dpi).toBeLessThanOrEqual(MAX_RENDER_PIXELS);
    }
    expect(renderDpi(842, 1191)).toBeGreaterThanOrEqual(240); // A3 stays readable
    expect(renderDpi(NaN, 842)).toBe(300);
  });
});
