import { linesFromTsv } from './ocr';

/** One TSV word row as Tesseract writes it (level 5), all words on block 1, paragraph 1. */
function tsv(words: Array<[line: number, left: number, text: string, width?: number]>): string {
  const head = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
  const rows = words.map(([line, left, text, width], k) => ['5', '1', '1', '1', String(line), String(k + 1), String(left), String(line * 40), String(width ?? text.length * 14), '30', '90', text].join('\t'));
  return [head, ...rows].join('\n');
}

describe('lines from Tesseract TSV', () => {
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
