import type { Candidate } from './fields';
import { extendLabel, findLabel, garbledLeaderLead, geometricCandidates, isFieldLabel, isTitle, makeStream, onlyLabelWords, proseCandidates } from './fields';
import { chooseMoney } from './certificate';
import { parsePeriod, periodStart, repairNameOcr, repairPersonNameOcr } from './normalize';
import { UNTITLED, extractFromPages, listedNumbers } from '.';
import { type Frag, type Page, buildLines, markFurniture, readingOrder, unspace } from './page';
import { headerColumns, readTables } from './table';
import { repairPeriod, repairRows } from './repair';
import { documentValues, registrationValues, revenueValue, valuesOf } from './values';
import { STATUS_PHRASE } from './lexicon';

/** A run of text at (x, y) in a 10-point font; its width is ~half a point per character per point. */
function f(text: string, x: number, y: number, size = 10): Frag {
  return { text, x0: x, x1: x + text.length * size * 0.5, y, size };
}
/** A run ending at `right` (numbers in tables are right-aligned). */
function r(text: string, right: number, y: number, size = 10): Frag {
  return { text, x0: right - text.length * size * 0.5, x1: right, y, size };
}
const page = (num: number, frags: Frag[], ocr = false): Page => ({ num, ocr, lines: buildLines(frags, num, ocr) });

describe('page model', () => {
  it('groups runs into lines by baseline and into cells at column gaps', () => {
    const lines = buildLines([f('Devedor:', 40, 100), f('ACME LTDA', 83, 101.5), f('CNPJ', 300, 100), f('Página 1', 40, 200)], 1, false);
    expect(lines.map((l) => l.cells.map((c) => c.text))).toEqual([['Devedor: ACME LTDA', 'CNPJ'], ['Página 1']]);
  });

  it('keeps two recognised OCR rows apart when they stand one over the other, however close their baselines', () => {
    const o = (text: string, x: number, y: number, row: number): Frag => ({ ...f(text, x, y), row });
    // A debt table's last row and its totals row, 3 units apart: one recognised line each.
    const lines = buildLines([o('07/2014', 40, 100, 1), o('857.901,88', 200, 100, 1), o('SOMA', 40, 103, 2), o('3.308.915,70', 196, 103, 2)], 1, true);
    expect(lines.map((l) => l.text)).toEqual(['07/2014\t857.901,88', 'SOMA\t3.308.915,70']);
    // Two recognised lines side by side (a label column and a value column) are still one row.
    const side = buildLines([o('Devedor:', 40, 100, 1), o('ACME LTDA', 200, 102, 2)], 1, true);
    expect(side.map((l) => l.text)).toEqual(['Devedor:\tACME LTDA']);
  });

  it('puts letter-spaced titles back together', () => {
    expect(unspace('C E R T I D Ã O  D E  D Í V I D A  A T I V A')).toBe('CERTIDÃO DE DÍVIDA ATIVA');
    expect(unspace('Lei nº 6.830/1980')).toBe('Lei nº 6.830/1980');
  });

  it('reads a two-column block column by column, so side-by-side blocks do not interleave', () => {
    const frags: Frag[] = [];
    for (let k = 0; k < 4; k++) {
      frags.push(f(`ESQUERDA ${k}`, 40, 100 + k * 14), f(`DIREITA ${k}`, 320, 100 + k * 14));
    }
    frags.push(f('Texto corrido que atravessa a página inteira de um lado ao outro do papel', 40, 170));
    const lines = buildLines(frags, 1, false);
    const order = readingOrder(lines, () => false).map((p) => p.text);
    expect(order).toEqual(['ESQUERDA 0', 'ESQUERDA 1', 'ESQUERDA 2', 'ESQUERDA 3', 'DIREITA 0', 'DIREITA 1', 'DIREITA 2', 'DIREITA 3', 'Texto corrido que atravessa a página inteira de um lado ao outro do papel']);
  });

  it('keeps a label column beside its value column in rows (label/value pairs are not two reading columns)', () => {
    const frags = ['Devedor', 'CNPJ', 'Receita', 'Processo'].flatMap((label, k) => [f(label, 40, 100 + k * 14), f(`${k}1.234/56`, 200, 100 + k * 14)]);
    const order = readingOrder(buildLines(frags, 1, false), () => false).map((p) => p.text);
    expect(order.slice(0, 4)).toEqual(['Devedor', '01.234/56', 'CNPJ', '11.234/56']);
  });

  it('ends a block of side-by-side debt cards where label/value summary rows begin', () => {
    const frags: Frag[] = [];
    const card = [['DÉBITO 1 - COMPETÊNCIA', 'DÉBITO 2 - COMPETÊNCIA'], ['2016', '2017'], ['VALOR PRINCIPAL', 'PRINCIPAL'], ['R$ 6.770,85', 'R$ 4.361,29']];
    card.forEach(([a, b], k) => frags.push(f(a, 50, 100 + k * 11), f(b, 306, 100 + k * 11)));
    // The summary's values stand under the right card: its rows pair across the gutter.
    ['Vlr. Original:', 'Vlr. Multa:', 'Juros Moratórios:'].forEach((label, k) => frags.push(f(label, 50, 160 + k * 12), r(`R$ ${k + 1}.000,00`, 338, 160 + k * 12)));
    frags.push(f('Total:', 50, 196), r('R$ 25.674,14 (data do cálculo 16/08/2025)', 338, 196));
    const order = readingOrder(buildLines(frags, 1, false), () => false).map((p) => p.text);
    expect(order.slice(0, 8)).toEqual(['DÉBITO 1 - COMPETÊNCIA', '2016', 'VALOR PRINCIPAL', 'R$ 6.770,85', 'DÉBITO 2 - COMPETÊNCIA', '2017', 'PRINCIPAL', 'R$ 4.361,29']);
    expect(order.slice(8, 10)).toEqual(['Vlr. Original:', 'R$ 1.000,00']);
  });

  it('marks page counters as furniture but keeps a period that a debt card carries to the next page top', () => {
    const p1 = page(1, [f('1/2', 500, 30), f('VALOR PRINCIPAL', 50, 400), f('R$ 2.492,81', 50, 412)]);
    const p2 = page(2, [f('2/2', 500, 30), f('10/2013', 50, 60), f('VENC.', 50, 72), f('20/11/2013', 50, 84)]);
    markFurniture([p1, p2], () => false);
    expect(p2.lines.filter((l) => l.furniture).map((l) => l.text)).toEqual(['2/2']);
  });

  it('drops a scan\'s lone speck cell ("o" between a card\'s caption and the next card), keeping lone digits', () => {
    const frags = [f('DÉBITO 1 - PERÍODO', 50, 100), f('o', 300, 100), f('DÉBITO 2 - PERÍODO', 500, 100), f('1', 50, 120), f('«', 300, 120)];
    expect(buildLines(frags, 1, true).map((l) => l.cells.map((c) => c.text))).toEqual([['DÉBITO 1 - PERÍODO', 'DÉBITO 2 - PERÍODO'], ['1']]);
    expect(buildLines(frags, 1, false).map((l) => l.cells.length)).toEqual([3, 2]);
  });

  it('marks a scanned footer that OCR read a little differently on each page as furniture, not a debt row', () => {
    const pages = [1, 2, 3].map((n) =>
      page(
        n,
        [
          f(n === 2 ? 'PGEN - Divida Ativa da União' : 'PGFN - Divida Ativa da União', 50, 30),
          f(['20/02/2017', '07/04/2017', '15/06/2017'][n - 1], 50, 300), r(['65,68', '281,80', '214,64'][n - 1], 200, 300), r('0,00', 260, 300),
          f(n === 2 ? 'Emitido em 00/07/2025' : 'Emitido em 09/07/2025', 50, 800),
        ],
        true,
      ),
    );
    markFurniture(pages, () => false);
    expect(pages.map((p) => p.lines.filter((l) => l.furniture).length)).toEqual([2, 2, 2]);
    // The same footers in a text layer differ: they are content there.
    const text = [1, 2].map((n) => page(n, [f(n === 2 ? 'Emitido em 00/07/2025' : 'Emitido em 09/07/2025', 50, 800), f('Resumo', 50, 300)]));
    markFurniture(text, () => false);
    expect(text.flatMap((p) => p.lines.filter((l) => l.furniture && l.text.startsWith('Emitido')))).toEqual([]);
  });

  it('keeps two written-out debt items at the foot of one scanned page and the head of the next, alike but in their digits', () => {
    const item = (n: number, p: string, d: string, v: string) => f(`${n}) competência ${p}, vencido em ${d}, no valor principal de R$ ${v}, acrescido de juros de R$`, 50, n === 3 ? 780 : 40);
    const pages = [page(1, [f('Débitos', 50, 300), item(3, '04/2013', '25/05/2013', '129,36')], true), page(2, [item(4, '05/2013', '15/06/2013', '226,94'), f('Somados', 50, 300)], true)];
    markFurniture(pages, () => false);
    expect(pages.flatMap((p) => p.lines.filter((l) => l.furniture))).toEqual([]);
  });

  it('puts a space between runs that overlap (a label whose width was mis-measured, then its value)', () => {
    const lines = buildLines([{ text: 'NOME / RAZÃO SOCIAL DO DEVEDOR', x0: 50, x1: 250.2, y: 374, size: 11 }, { text: 'CONCEIÇÃO SOUZA', x0: 248.1, x1: 350, y: 374, size: 11 }], 1, false);
    expect(lines[0].cells.map((c) => c.text)).toEqual(['NOME / RAZÃO SOCIAL DO DEVEDOR CONCEIÇÃO SOUZA']);
  });

  it('separates an amount from the date before it, touching or overlapping', () => {
    const touching = buildLines([{ text: 'VALOR CONSOLIDADO em 17/09/2025', x0: 50, x1: 246.8, y: 452, size: 11 }, { text: '4550,78', x0: 248.1, x1: 287.9, y: 452, size: 11 }], 1, false);
    const overlapping = buildLines([{ text: 'VALOR TOTAL ATUALIZADO em 29/08/2025', x0: 50, x1: 269, y: 714, size: 11 }, { text: '7.640,19', x0: 248.1, x1: 290.9, y: 714, size: 11 }], 1, false);
    expect(touching[0].cells[0].text).toBe('VALOR CONSOLIDADO em 17/09/2025 4550,78');
    expect(overlapping[0].cells[0].text).toBe('VALOR TOTAL ATUALIZADO em 29/08/2025 7.640,19');
  });

  it('separates a number from the word it touches (a mis-measured label run overlapping its value)', () => {
    const lines = buildLines([{ text: 'NÚMERO DE INSCRIÇÃO EM DÍVIDA ATIVA', x0: 50, x1: 262, y: 160, size: 10 }, { text: '2261830108041', x0: 248, x1: 324, y: 160, size: 10 }], 1, false);
    expect(lines[0].cells.map((c) => c.text)).toEqual(['NÚMERO DE INSCRIÇÃO EM DÍVIDA ATIVA 2261830108041']);
  });
});

describe('lexicon', () => {
  it('takes the longest label at the start of a cell', () => {
    expect(findLabel('total do principal')?.kind).toBe('principal');
    expect(findLabel('total devido (consolidado em 30/09/2025)')?.kind).toBe('total');
    expect(findLabel('inscricao estadual: 123')?.kind).toBe('decoy');
    expect(findLabel('pgfn de origem ........: 80 4 08')?.kind).toBe('decoy');
    expect(findLabel('nm.inscricao divida ativa : 35.379.670-0')?.kind).toBe('registrationNumber');
    expect(findLabel('n.º da cda')?.kind).toBe('registrationNumber');
    expect(findLabel('vlr. original')?.kind).toBe('principal');
    expect(findLabel('honorarios advocaticios: 257,34')?.kind).toBe('legalCharge');
    expect(findLabel('co-responsavel ...: fulano')?.kind).toBe('coDebtors');
    expect(findLabel('responsavel solidario: fulano')?.kind).toBe('coDebtors');
    expect(findLabel('nome / razao social do devedor')).toMatchObject({ kind: 'debtorName', end: 'nome / razao social do devedor'.length });
    expect(findLabel('acme comercio ltda')).toBeNull();
  });

  it('reads a scanned caption after a short first word OCR garbled before a slash ("ANM / Processo nº" for "AIIM / Processo nº")', () => {
    expect(findLabel('anm / processo no', true)).toMatchObject({ kind: 'administrativeProcess', end: 'anm / processo no'.length });
    expect(findLabel('anm / processo no')).toBeNull();
    expect(findLabel('anm / comercio ltda', true)).toBeNull();
  });

  it('reads scanned captions whose J OCR read as a 3 ("C.n.P.3.") or whose M it read upside down ("WULTA DE OFÍCIO")', () => {
    expect(findLabel('c.n.p.3.', true)?.kind).toBe('debtorDocument');
    expect(findLabel('wulta de oficio', true)?.kind).toBe('fine');
    expect(findLabel('c.n.p.3.')).toBeNull();
    expect(findLabel('wulta de oficio')).toBeNull();
  });

  it('reads "Proc. Ada." (the m of Adm. read as an a) as the process caption on a scan only', () => {
    expect(findLabel('proc. ada.', true)?.kind).toBe('administrativeProcess');
    expect(findLabel('proc. ada.')).toBeNull();
  });

  it('reads a scanned caption whose word OCR misread by one letter, where the lexicon then names one field, as a caption only', () => {
    expect(findLabel('contribunte (devedor principal)', true)).toMatchObject({ kind: 'debtorName', end: 31 });
    expect(findLabel('recekta/tributo', true)?.kind).toBe('revenue');
    // "denscricao" is one letter from "descricao" and from "de inscricao": only the second makes a label.
    expect(findLabel('data denscricao: 12/01/2020', true)).toMatchObject({ kind: 'registrationDate', end: 15 });
    expect(findLabel('contribunte: jose', true)).toMatchObject({ kind: 'debtorName', end: 11 });
    // Not on a text layer; not a word of a sentence ("fundamenta-se em" is no "fundamento").
    expect(findLabel('contribunte (devedor principal)', false)).toBeNull();
    expect(findLabel('fundamenta-se em lei', true)).toBeNull();
    expect(findLabel('comercial tres poderes', true)).toBeNull();
    // Put right, a word may make a longer caption than the one read as is: the unit's code, not a receita's code.
    expect(findLabel('coo. unirade', true)?.kind).toBe('decoy');
  });

  it('knows a title past a speck OCR read before it (".CERTIDÃO DE DÍVIDA ATIVA")', () => {
    const [ocr] = buildLines([f('.CERTIDÃO DE DÍVIDA ATIVA PREVIDENCIÁRIA', 100, 100)], 1, true);
    expect(isTitle(ocr)).toBe(true);
    const [text] = buildLines([f('.CERTIDÃO DE DÍVIDA ATIVA PREVIDENCIÁRIA', 100, 100)], 1, false);
    expect(isTitle(text)).toBe(false);
    // A speck read in the gap between two words.
    expect(isTitle(buildLines([f('CERTIDÃO DE DÍVIDA.ATIVA PREVIDENCIÁRIA:', 100, 100)], 1, true)[0])).toBe(true);
    // A speck beside the dash of "CDA - CERTIDÃO …"; the dots of "C.D.A. -" stay.
    expect(isTitle(buildLines([f('CDA -. CERTIDÃO DE INSCRIÇÃO EM DÍVIDA ATIVA', 100, 100)], 1, true)[0])).toBe(true);
    expect(isTitle(buildLines([f('C.D.A. - INSCRIÇÃO 80 6 18 000001-01', 100, 100)], 1, true)[0])).toBe(true);
  });

  it('knows a title whose first letter OCR misread ("GERTIDÃO DE DÍVIDA ATIVA"), on a scan only', () => {
    expect(isTitle(buildLines([f('GERTIDÃO DE DÍVIDA ATIVA', 100, 100)], 1, true)[0])).toBe(true);
    expect(isTitle(buildLines([f('CERTIDAD DE DÍVIDA ATIVA', 100, 100)], 1, true)[0])).toBe(true);
    expect(isTitle(buildLines([f('GERTIDÃO DE DÍVIDA ATIVA', 100, 100)], 1, false)[0])).toBe(false);
    // Or lost, or one added ("ERTIDÃO DE DÍVIDA ATIVA", "CERTIIDÃO DE DÍVIDA ATIVA").
    expect(isTitle(buildLines([f('ERTIDÃO DE DÍVIDA ATIVA', 100, 100)], 1, true)[0])).toBe(true);
    expect(isTitle(buildLines([f('CERTIIDÃO DE DÍVIDA ATIVA', 100, 100)], 1, true)[0])).toBe(true);
    expect(isTitle(buildLines([f('ERTIDÃO DE DÍVIDA ATIVA', 100, 100)], 1, false)[0])).toBe(false);
    // A speck read as a hyphen between two of its words.
    expect(isTitle(buildLines([f('CERTIDÃO DE-DÍVIDA ATIVA DA UNIÃO', 100, 100)], 1, true)[0])).toBe(true);
    expect(isTitle(buildLines([f('CERTIDÃO DE-DÍVIDA ATIVA DA UNIÃO', 100, 100)], 1, false)[0])).toBe(false);
    // Two letters off, or the rest no title: not a title.
    expect(isTitle(buildLines([f('GERTIDAD DE DÍVIDA ATIVA', 100, 100)], 1, true)[0])).toBe(false);
    expect(isTitle(buildLines([f('GERTIDÃO NEGATIVA DE DÉBITOS', 100, 100)], 1, true)[0])).toBe(false);
  });

  it('knows the CNPJ by its old dotted name, and past a speck OCR glued to a caption', () => {
    expect(findLabel('c.g.c. : 30.627,015/0006-50')?.kind).toBe('debtorDocument');
    expect(findLabel('€c.g.c. : 30.627,015/0006-50', true)?.kind).toBe('debtorDocument');
    expect(findLabel('€ 1.234,56')).toBeNull();
    expect(findLabel('c.n.pj.', true)?.kind).toBe('debtorDocument');
    // Other registrations by their abbreviations are decoys.
    expect(['insc. imobiliária', 'insc. municipal', 'insc. est.'].map((t) => findLabel(t)?.kind)).toEqual(['decoy', 'decoy', 'decoy']);
    // Its J's hook read as a bracket.
    expect(findLabel('c.n.p.). : 90.618.506/0007-47', true)).toMatchObject({ kind: 'debtorDocument', end: 8 });
  });

  it('ends a label after a bracketed qualifier before its separator ("Nº da Inscrição (DEBCAD): …")', () => {
    const t = 'nº da inscricao (debcad): 526701367';
    expect(t.slice(extendLabel(t, findLabel(t)!.end))).toBe(': 526701367');
    // A bracket that is not followed by a separator is not the label's.
    expect(extendLabel('nº da inscricao (ver verso)', 15)).toBe(15);
    const [c] = extractFromPages([page(1, [
      f('DÍVIDA ATIVA PREVIDENCIÁRIA - CERTIDÃO DE DÍVIDA ATIVA', 40, 40),
      f('Nº da Inscrição (DEBCAD): 526701367', 40, 60), f('PGFN de Origem: 70 4 22 383789-59', 300, 60),
      f('Devedor Principal: ACME LTDA', 40, 72), f('CNPJ: 11.222.333/0001-81', 40, 84), f('Valor total: R$ 1.800,00', 40, 96),
    ])]);
    expect(c.registrationNumber).toBe('526701367');
  });

  it('takes a dot leader without a colon as the separator before a free-text value', () => {
    const [c] = extractFromPages([page(1, [
      f('CERTIDÃO DE DÍVIDA ATIVA', 40, 40),
      f('Nº da Inscrição: 80 6 19 100001-11', 40, 60), f('Devedor: ACME LTDA', 40, 72), f('CNPJ: 11.222.333/0001-81', 40, 84),
      f('Situação Atual.................... ATIVA A SER AJUIZADA', 40, 96), f('Valor total: R$ 1.800,00', 40, 108),
    ])]);
    expect(c.status).toBe('ATIVA A SER AJUIZADA');
  });

  it('types values: hierarchical receita codes, situação words only at word starts', () => {
    expect(valuesOf('code', '1.2.1')[0]?.value).toBe('121');
    expect(valuesOf('code', '2372-01')[0]?.value).toBe('237201');
    expect(valuesOf('code', '1.595,80')).toEqual([]);
    expect(valuesOf('revenue', '1.2.1 - TAXA DE COLETA DE LIXO')[0]).toMatchObject({ code: '121', description: 'TAXA DE COLETA DE LIXO' });
    expect(valuesOf('status', 'DISCRIMINATIVO DO DÉBITO')).toEqual([]);
    expect(valuesOf('status', 'ATIVA - EM COBRANÇA ADMINISTRATIVA')[0]?.value).toBe('ATIVA - EM COBRANÇA ADMINISTRATIVA');
    expect(findLabel('execucao fiscal n')?.kind).toBe('decoy');
  });

  it('never types a CNPJ as printed as a process number', () => {
    expect(valuesOf('process', '26.100.612/0003-01')).toEqual([]);
    expect(valuesOf('process', '10166.095324/2019-44')[0]?.value).toBe('10166095324201944');
  });

  it('tolerates the letters OCR confuses in labels', () => {
    expect(findLabel('vencimenio', true)).toBeNull();
    expect(findLabel('muita de mora', true)?.kind).toBe('fine');
    // An o read as a zero, in a caption and in a sentence.
    expect(findLabel('pr0cess0 administrativo', true)?.kind).toBe('administrativeProcess');
    expect(findLabel('pr0cess0 administrativo', false)).toBeNull();
    // A speck read as a letter before a header word.
    expect(headerColumns(buildLines([f('Vvenc.', 40, 100), f('Multa Moratória Exercício', 120, 100), f('Vlr. Original', 300, 100), f('Juros', 380, 100)], 1, true)[0])?.map((c) => c.kind)).toEqual(['due', 'fine', 'period', 'principal', 'interest']);
    // The table's heading on the header's line.
    expect(headerColumns(buildLines([f('COMPOSIÇÃO DO DÉBITO VLR. JUROS', 40, 100), f('VALOR ORIGINÁRIO COMPETÊNCIA', 290, 100), f('MULTA MORA DATA VENC.', 540, 100)], 1, true)[0])?.map((c) => c.kind)).toEqual(['interest', 'principal', 'period', 'fine', 'due']);
    // "lt" merged into a "k".
    expect(headerColumns(buildLines([f('Exercício', 40, 100), f('Vencimento', 120, 100), f('Tributo', 220, 100), f('Muka', 300, 100), f('Juros', 380, 100)], 1, true)[0])?.map((c) => c.kind)).toEqual(['period', 'due', 'principal', 'fine', 'interest']);
    // A speck read as a colon after an abbreviation's dot ("vlr.: Multa"), an m read as n ("Juros -Nora").
    expect(headerColumns(buildLines([f('Exercício', 40, 100), f('Venc.', 120, 100), f('Principal', 220, 100), f('vlr.: Multa', 300, 100), f('Juros -Nora', 380, 100)], 1, true)[0])?.map((c) => c.kind)).toEqual(['period', 'due', 'principal', 'fine', 'interest']);
    // An abbreviation's dot read twice, or as a comma after it.
    const doubled = [f('Período de Apuração', 40, 100), f('Data de Vencimento', 140, 100), f('Valor Originário', 240, 100), f('Vlr.. Multa', 340, 100), f('Juros de mora', 420, 100)];
    expect(headerColumns(buildLines(doubled, 1, true)[0])?.map((c) => c.kind)).toEqual(['period', 'due', 'principal', 'fine', 'interest']);
    expect(findLabel('vlr., multa', true)?.kind).toBe('fine');
    // "Nº" garbled into "Fo.": an unnamed column; a line of short scraps is still no header.
    const garbled = [f('Fo.', 40, 100), f('Compet.', 80, 100), f('Data de Vencimento', 150, 100), f('Contribuição', 260, 100), f('Muita Moratória', 340, 100), f('Juros Mora', 440, 100)];
    expect(headerColumns(buildLines(garbled, 1, true)[0])?.map((c) => c.kind)).toEqual(['other', 'period', 'due', 'principal', 'fine', 'interest']);
    expect(headerColumns(buildLines(garbled, 1, false)[0])).toBeNull();
    expect(headerColumns(buildLines([f('Fo.', 40, 100), f('ab', 80, 100), f('Juros', 150, 100), f('Multa', 260, 100)], 1, true)[0])).toBeNull();
    // A short caption garbled past one edit ("ITEM" read as "ITER"), a short word beside a known one
    // ("CÔo. RECEITA", read as "CÓD. RECEITA" is: two captions of no debt column), a due caption cut to "VEN.": a scan's header still.
    const cut = [f('CÔo. RECEITA', 40, 100), f('ITER', 110, 100), f('P.A.', 150, 100), f('VEN.', 190, 100), f('MULTA NORATÓRIA', 240, 100), f('PRINCIPAL', 340, 100), f('JUROS', 420, 100)];
    expect(headerColumns(buildLines(cut, 1, true)[0])?.map((c) => c.kind)).toEqual(['other', 'other', 'other', 'period', 'due', 'fine', 'principal', 'interest']);
    expect(headerColumns(buildLines(cut, 1, false)[0])).toBeNull();
    // "Vlr. Originário" read as "VIA. Originário".
    const via = [f('Competência', 40, 100), f('Dt. Venc.', 120, 100), f('VIA. Originário', 200, 100), f('Multa de mora', 300, 100), f('Juros SELIC', 400, 100)];
    expect(headerColumns(buildLines(via, 1, true)[0])?.map((c) => c.kind)).toEqual(['period', 'due', 'principal', 'fine', 'interest']);
    // "Vlr." read as "VII." beside the other captions.
    const vii = [f('Período', 40, 100), f('Receita', 100, 100), f('Juros Data Venc.', 170, 100), f('Muita de ofício', 280, 100), f('VII. Originário', 380, 100)];
    expect(headerColumns(buildLines(vii, 1, true)[0])?.map((c) => c.kind)).toEqual(['period', 'other', 'interest', 'due', 'fine', 'principal']);
    // A slash read as a thin letter, or with one before it.
    expect(findLabel('nomei/razao social', true)?.kind).toBe('debtorName');
    expect(findLabel('cnpjicpf', true)?.kind).toBe('debtorDocument');
    expect(findLabel('nomei/razao social', false)).toBeNull();
    // Printed so in a text layer, it is no header.
    expect(headerColumns(buildLines(doubled, 1, false)[0])).toBeNull();
    // The dot read as a colon.
    const colon = [f('PER: APURAÇÃO', 40, 100), f('VENC.', 140, 100), f('VL.ORIGINÁRIO', 200, 100), f('VLR.MULTA', 300, 100), f('JUROS MORATÓRIOS', 380, 100)];
    expect(headerColumns(buildLines(colon, 1, true)[0])?.map((c) => c.kind)).toEqual(['period', 'due', 'principal', 'fine', 'interest']);
  });

  it('tells label residue from a value', () => {
    expect(onlyLabelWords('/ RAZÃO SOCIAL DO DEVEDOR')).toBe(true);
    expect(onlyLabelWords('(DEVEDOR PRINCIPAL)')).toBe(true);
    expect(onlyLabelWords('ACME COMÉRCIO LTDA')).toBe(false);
  });
});

describe('tables by alignment', () => {
  it("reads an OCR'd header whose letters were misread ('Vir. Muita', 'Jures')", () => {
    const ocr = buildLines([f('Seq.', 40, 100), f('Exercício', 80, 100), f('Venc.', 160, 100), f('Valor Original', 240, 100), f('Vir. Muita', 340, 100), f('Jures', 430, 100)], 1, true);
    expect(headerColumns(ocr[0])?.map((c) => c.kind)).toEqual(['other', 'period', 'due', 'principal', 'fine', 'interest']);
  });

  it('takes "PA." (período de apuração without its inner dot) as the period column', () => {
    const cells = ['PA.', 'DT.VENC.', 'TRIBUTO', 'CORR. MONET.', 'VLR. MULTA', 'JUROS MORATÓRIOS'];
    const lines = buildLines(cells.map((t, k) => f(t, 40 + k * 90, 100)), 1, false);
    expect(headerColumns(lines[0])?.map((c) => c.kind)).toEqual(['period', 'due', 'principal', 'other', 'fine', 'interest']);
  });

  it('reads columns in any order, with extra columns, under a left-aligned header', () => {
    const lines = buildLines(
      [
        f('Item', 40, 100), f('Vencimento', 80, 100), f('Competência', 160, 100), f('Juros', 260, 100), f('Valor principal', 330, 100), f('Multa', 430, 100), f('Subtotal', 500, 100),
        f('01', 40, 114), f('20/08/2018', 80, 114), f('07/2018', 160, 114), r('2.549,95', 320, 114), r('3.981,80', 420, 114), r('796,36', 490, 114), r('7.328,11', 560, 114),
        f('02', 40, 128), f('20/09/2018', 80, 128), f('08/2018', 160, 128), r('826,83', 320, 128), r('1.526,90', 420, 128), r('305,38', 490, 128), r('2.659,11', 560, 128),
        f('TOTAL', 40, 142), r('3.376,78', 320, 142), r('5.508,70', 420, 142), r('1.101,74', 490, 142), r('9.987,22', 560, 142),
      ],
      1,
      false,
    );
    expect(headerColumns(lines[0])?.map((c) => c.kind)).toEqual(['other', 'due', 'period', 'interest', 'principal', 'fine', 'other']);
    const t = readTables(lines);
    expect(t.rows).toEqual([
      { period: '2018-07', dueDate: '2018-08-20', principal: 398180, fine: 79636, interest: 254995 },
      { period: '2018-08', dueDate: '2018-09-20', principal: 152690, fine: 30538, interest: 82683 },
    ]);
    expect(t.printed).toEqual({ interest: 337678, principal: 550870, fine: 110174, total: 998722 });
  });

  it('splits header cells that name two columns each ("Tributo Cód.", "Multa Dt. Venc."); "Cód. Tributo" is one code column', () => {
    const lines = buildLines(
      [
        f('Tributo Cód.', 40, 100), f('Juros Moratórios Per. Apuração', 140, 100), f('Multa Dt. Venc.', 330, 100), f('Total Atualizado', 450, 100),
        f('814.702,65 0561', 40, 114), f('100.149,74 DEZ/2012', 150, 114), f('162.940,53 25/01/2013', 330, 114), f('1.077.792,92', 450, 114),
        f('259.939,33 0561', 40, 128), f('139.684,14 JAN/2013', 150, 128), f('51.987,87 15/02/2013', 330, 128), f('451.611,34', 450, 128),
      ],
      1,
      false,
    );
    expect(headerColumns(lines[0])?.map((c) => c.kind)).toEqual(['principal', 'other', 'interest', 'period', 'fine', 'due', 'other']);
    expect(readTables(lines).rows).toEqual([
      { period: '2012-12', dueDate: '2013-01-25', principal: 81470265, fine: 16294053, interest: 10014974 },
      { period: '2013-01', dueDate: '2013-02-15', principal: 25993933, fine: 5198787, interest: 13968414 },
    ]);
    const code = buildLines(['Cód. Tributo', 'Período', 'Vencimento', 'Principal', 'Multa', 'Juros'].map((t, k) => f(t, 40 + k * 100, 100)), 1, false);
    expect(headerColumns(code[0])?.map((c) => c.kind)).toEqual(['other', 'period', 'due', 'principal', 'fine', 'interest']);
  });

  it('ends before a line of labelled amounts (the consolidation), which is no totals row', () => {
    const lines = buildLines(
      [
        f('DT. VENC.', 40, 100), f('VLR. ORIGINAL', 140, 100), f('VLR. JUROS', 240, 100), f('VLR. MULTA', 340, 100), f('PERÍODO DE APURAÇÃO', 440, 100),
        f('15/03/2015', 40, 114), r('838,56', 200, 114), r('691,67', 300, 114), r('628,92', 400, 114), f('Exercício 2015', 440, 114),
        f('CONSOLIDAÇÃO', 40, 134, 7),
        f('VALOR ORIGINÁRIO: 838,56', 40, 148), f('MULTA MORATÓRIA: 628,92', 200, 148), f('JUROS MORATÓRIOS: 691,67', 340, 148), f('TOTAL GERAL em 31/07/2025: 2590,98', 480, 148),
      ],
      1,
      true,
    );
    const t = readTables(lines);
    expect(t.rows).toEqual([{ period: '2015', dueDate: '2015-03-15', principal: 83856, fine: 62892, interest: 69167 }]);
    expect(t.printed).toEqual({});
    expect(t.lines.has(3)).toBe(false);
  });

  it('continues over a page break, skipping the repeated header and the page furniture', () => {
    const header = (y: number) => [f('Período', 40, y), f('Vencimento', 120, y), f('Principal', 220, y), f('Multa', 300, y), f('Juros', 380, y)];
    const row = (y: number, p: string, d: string, a: string) => [f(p, 40, y), f(d, 120, y), r(a, 270, y), r('1,00', 340, y), r('2,00', 420, y)];
    const pages = [
      page(1, [f('CERTIDÃO DE DÍVIDA ATIVA', 200, 40), ...header(100), ...row(114, '01/2020', '20/02/2020', '10,00'), ...row(128, '02/2020', '20/03/2020', '20,00'), f('Página 1 de 2', 400, 800)]),
      page(2, [f('CERTIDÃO DE DÍVIDA ATIVA', 200, 40), ...header(100), ...row(114, '03/2020', '20/04/2020', '30,00'), f('Página 2 de 2', 400, 800)]),
    ];
    const lines = pages.flatMap((p) => p.lines);
    const t = readTables(lines);
    expect(t.rows.map((x) => [x.period, x.principal])).toEqual([['2020-01', 1000], ['2020-02', 2000], ['2020-03', 3000]]);
    // The summary's captions at the next page's top end the table: its values are no row.
    const summary = page(2, [f('Consolidado em', 40, 63), f('Tributo', 218, 63), f('Multa', 386, 63), f('19/11/2025', 40, 75), r('60,00 R$', 260, 75), r('3,00 R$', 420, 75)]);
    expect(readTables([...pages[0].lines, ...summary.lines]).rows.map((x) => x.period)).toEqual(['2020-01', '2020-02']);
  });
});

describe('a scanned table whose rows print their own total', () => {
  it('repairs a row\'s one misread part by its total, flagged; a text layer keeps what it prints', () => {
    const frags = [
      f('Período', 40, 100), f('Vencimento', 120, 100), f('Principal', 220, 100), f('Multa', 300, 100), f('Juros', 380, 100), f('Valor Total', 460, 100),
      f('01/2019', 40, 114), f('20/02/2019', 120, 114), r('184,57', 270, 114), r('20,91', 340, 114), r('5,00', 420, 114), r('130,48', 510, 114),
      f('02/2019', 40, 128), f('20/03/2019', 120, 128), r('100,00', 270, 128), r('20,00', 340, 128), r('1,00', 420, 128), r('121,00', 510, 128),
    ];
    const t = readTables(buildLines(frags, 1, true));
    expect(t.rows.map((x) => x.principal)).toEqual([10457, 10000]);
    expect(t.repairs).toEqual(['Valor R$ 184,57 da linha 01/2019 lido por OCR corrigido para R$ 104,57 pelo total da linha; confira']);
    expect(readTables(buildLines(frags, 1, false)).rows.map((x) => x.principal)).toEqual([18457, 10000]);
    // The total's caption with its l read as an i ("Valor Totai").
    const totai = frags.map((x) => (x.text === 'Valor Total' ? { ...x, text: 'Valor Totai' } : x));
    expect(readTables(buildLines(totai, 1, true)).rows.map((x) => x.principal)).toEqual([10457, 10000]);
  });
});

describe('tables: cells wider than their columns, totals and lost rows', () => {
  it('reads "Exercício 2013" under "Ano" as the period, and one column for "Período de Referência"', () => {
    const lines = buildLines(
      [
        f('Receita', 40, 100), f('Ano', 100, 100), f('Vencimento', 200, 100), f('Valor Histórico', 280, 100), f('Multa', 380, 100), f('Juros', 450, 100),
        f('101', 40, 114), f('Exercício 2013', 100, 114), f('10/04/2013', 200, 114), r('341,06', 350, 114), r('68,21', 420, 114), r('40,96', 490, 114),
        f('SOMA', 40, 128), r('341,06', 350, 128), r('68,21', 420, 128), r('40,96', 490, 128),
      ],
      1,
      false,
    );
    const t = readTables(lines);
    expect(t.rows).toEqual([{ period: '2013', dueDate: '2013-04-10', principal: 34106, fine: 6821, interest: 4096 }]);
    expect(t.warnings).toEqual([]);
    const ref = buildLines([f('Item', 40, 100), f('Período de Referência', 80, 100), f('Dt. Venc.', 220, 100), f('Multa', 300, 100), f('Valor Original', 360, 100), f('Juros', 460, 100)], 1, false);
    expect(headerColumns(ref[0])?.map((c) => c.kind)).toEqual(['other', 'period', 'due', 'fine', 'principal', 'interest']);
  });

  it('takes a totals row whose word shares a cell with the first sum, and stops at a row of labels', () => {
    const lines = buildLines(
      [
        f('Vl. Originário Competência', 40, 100), f('Vlr. Multa Data de Vencimento', 200, 100), f('Vlr. Juros', 400, 100),
        f('6786,41 3º Trimestre/2018', 40, 114), f('1357,28 30/10/2018', 200, 114), r('4496,16', 450, 114),
        f('6786,41 Soma', 40, 128), f('1357,28', 200, 128), r('4496,16', 450, 128),
        f('Cálculo em', 40, 150), f('Valor consolidado', 200, 150),
        f('15/09/2025', 40, 162), r('12.639,85', 300, 162),
      ],
      1,
      false,
    );
    const t = readTables(lines);
    expect(t.rows).toEqual([{ period: '2018-Q3', dueDate: '2018-10-30', principal: 678641, fine: 135728, interest: 449616 }]);
    expect(t.printed).toEqual({ principal: 678641, fine: 135728, interest: 449616 });
    expect(t.warnings).toEqual([]);
  });

  it('puts a period written at the end of a wide cell under its own narrow header ("Exercício 2012" under "P.A.")', () => {
    const lines = buildLines(
      [
        f('P.A.', 40, 100), f('Cód.', 130, 100), f('Vencimento', 160, 100), f('Principal', 260, 100), f('Multa', 340, 100), f('Juros', 420, 100),
        f('Exercício 2012', 40, 114), f('0211', 130, 114), f('20/04/2012', 160, 114), r('4342,37', 310, 114), r('868,47', 380, 114), r('4004,58', 460, 114),
      ],
      1,
      false,
    );
    expect(readTables(lines).rows).toEqual([{ period: '2012', dueDate: '2012-04-20', principal: 434237, fine: 86847, interest: 400458 }]);
  });

  it('reads OCR slips in a table: a lost period slash (012012) and a decimal comma read as a dot (6425.33) or a colon (891:98, 687.976:95)', () => {
    const lines = buildLines(
      [
        f('Competência', 40, 100), f('Vencimento', 120, 100), f('Principal', 220, 100), f('Multa', 300, 100), f('Juros', 380, 100),
        f('012012', 40, 114), f('07/02/2012', 120, 114), r('6425.33', 270, 114), r('562,36', 340, 114), r('1737,99', 420, 114),
        f('02/2012', 40, 128), f('07/03/2012', 120, 128), r('2459,00', 270, 128), r('1844,25', 340, 128), r('891:98', 420, 128),
        f('03/2012', 40, 142), f('07/04/2012', 120, 142), r('687.976:95', 270, 142), r('1.844,25', 340, 142), r('891,98', 420, 142),
      ],
      1,
      true,
    );
    expect(readTables(lines).rows).toEqual([
      { period: '2012-01', dueDate: '2012-02-07', principal: 642533, fine: 56236, interest: 173799 },
      { period: '2012-02', dueDate: '2012-03-07', principal: 245900, fine: 184425, interest: 89198 },
      { period: '2012-03', dueDate: '2012-04-07', principal: 68797695, fine: 184425, interest: 89198 },
    ]);
    // Text PDFs print what they mean: no such reading there.
    expect(readTables(buildLines([f('Competência', 40, 100), f('Vencimento', 120, 100), f('Principal', 220, 100), f('Multa', 300, 100), f('Juros', 380, 100), f('012012', 40, 114), f('07/02/2012', 120, 114), r('6425.33', 270, 114), r('562,36', 340, 114), r('1737,99', 420, 114)], 1, false)).rows).toEqual([]);
  });

  it('names a scanned column by its years when OCR garbled its short caption ("BA." for P.A.), and reads a year split at a space ("20 18")', () => {
    const lines = buildLines(
      [
        f('BA.', 60, 100), f('DATA VENC.', 120, 100), f('VALOR ORIGINÁRIO', 220, 100), f('MULTA', 320, 100), f('JUROS DE MORA', 400, 100),
        f('2016', 60, 114), f('10/03/2016', 120, 114), r('885,01', 290, 114), r('663,76', 360, 114), r('224,05', 450, 114),
        f('2', 40, 128), f('2017', 60, 128), f('15/03/2017', 120, 128), r('289,29', 290, 128), r('57,86', 360, 128), r('221,73', 450, 128),
        f('3', 40, 142), f('20 18', 60, 142), f('20/01/2018', 120, 142), r('314,85', 290, 142), r('62,97', 360, 142), r('140,93', 450, 142),
      ],
      1,
      true,
    );
    expect(readTables(lines).rows.map((r) => [r.period, r.dueDate, r.principal])).toEqual([
      ['2016', '2016-03-10', 88501],
      ['2017', '2017-03-15', 28929],
      ['2018', '2018-01-20', 31485],
    ]);
  });

  it('reads a period whose month\'s leading digit OCR read as a letter ("Q4/2017", "l1/2017"), on a scan only', () => {
    const head = [f('Seq.', 40, 100), f('Principal', 120, 100), f('Multa', 200, 100), f('Juros', 280, 100), f('Período', 340, 100), f('Vencimento', 420, 100)];
    const rows = [
      f('45', 40, 114), r('430,41', 170, 114), r('2.152,04', 250, 114), r('796,68', 320, 114), f('03/2017', 340, 114), f('15/04/2017', 420, 114),
      f('46', 40, 128), r('1.686,72', 170, 128), r('8.433,59', 250, 128), r('1.088,46', 320, 128), f('Q4/2017', 340, 128), f('15/05/2017', 420, 128),
      f('47', 40, 142), r('2.443,57', 170, 142), r('3.258,09', 250, 142), r('1.355,39', 320, 142), f('l1/2017', 340, 142), f('20/12/2017', 420, 142),
    ];
    expect(readTables(buildLines([...head, ...rows], 1, true)).rows.map((x) => [x.period, x.principal])).toEqual([['2017-03', 43041], ['2017-04', 168672], ['2017-11', 244357]]);
    expect(readTables(buildLines([...head, ...rows], 1, false)).rows.map((x) => x.period)).toEqual(['2017-03']);
  });

  it('reads dates whose dotted zeros OCR read as 6 or 8, and says which it repaired', () => {
    const head = [f('Período', 40, 100), f('Vencimento', 120, 100), f('Principal', 220, 100), f('Multa', 300, 100), f('Juros', 380, 100)];
    const row = [f('68/04/2669', 40, 114), f('28/05/2069', 120, 114), r('1.000,00', 270, 114), r('200,00', 340, 114), r('30,00', 420, 114)];
    const read = readTables(buildLines([...head, ...row], 1, true));
    expect(read.rows).toEqual([{ period: '2009-04-08', dueDate: '2009-05-28', principal: 100000, fine: 20000, interest: 3000 }]);
    // A real date after 2050 is a 2009 whose zero read as 6, too.
    expect(read.repairs).toEqual(['Data "68/04/2669" lida por OCR corrigida para 08/04/2009; confira', 'Data "28/05/2069" lida por OCR corrigida para 28/05/2009; confira']);
    // A text layer prints what it means: no such repair there.
    expect(readTables(buildLines([...head, ...row], 1, false)).rows).toEqual([]);
    // A period whose year is past reading keeps its row as read (repaired later against its due date).
    const garbled = [f('AGO/26260', 40, 128), f('15/69/2020', 120, 128), r('1.000,00', 270, 128), r('200,00', 340, 128), r('30,00', 420, 128)];
    expect(readTables(buildLines([...head, ...row, ...garbled], 1, true)).rows[1]).toMatchObject({ period: 'AGO/26260', dueDate: '2020-09-15' });
  });

  it('reads an amount whose cents a speck follows before the period in one cell ("8.407,02. 06/2015") as the amount and the period, never a date', () => {
    const head = [f('Principal', 40, 100), f('Período', 120, 100), f('Vencimento', 200, 100), f('Multa', 300, 100), f('Juros', 380, 100)];
    const row = [f('8.407,02. 06/2015', 40, 114), f('07/07/2015', 200, 114), r('2.763,57', 340, 114), r('13.817,83', 420, 114)];
    expect(readTables(buildLines([...head, ...row], 1, true)).rows).toEqual([{ period: '2015-06', dueDate: '2015-07-07', principal: 840702, fine: 276357, interest: 1381783 }]);
  });

  it('keeps a row whose year OCR garbled ("Exercício 20200") at the end of a juros cell under a caption "Vlr. Juros P.A.", its period kept as read for the repair', () => {
    const head = [f('Vlr. Original', 100, 100), f('Atualização', 200, 100), f('Multa de mora', 290, 100), f('Vlr. Juros P.A.', 390, 100), f('Data Venc.', 560, 100)];
    const row = (y: number, p: string, j: string, due: string) => [r('1532,11', 170, y), r('0,00', 260, y), r('306,42', 360, y), f(`${j} Exercício ${p}`, 410, y), f(due, 560, y)];
    const rows = [...row(114, '2019', '176,24', '20/01/2019'), ...row(128, '20200', '5849,58', '10/04/2020'), ...row(142, '2021', '1155,83', '15/03/2021')];
    expect(readTables(buildLines([...head, ...rows], 1, true)).rows.map((x) => [x.period, x.interest])).toEqual([['2019', 17624], ['20200', 584958], ['2021', 115583]]);
  });

  it('reads a table\'s due date one of whose slashes OCR read as a stroke or a 4 ("20410/2013"), flagged', () => {
    const head = [f('Período', 40, 100), f('Vencimento', 120, 100), f('Principal', 220, 100), f('Multa', 300, 100), f('Juros', 380, 100)];
    const row = [f('09/2013', 40, 114), f('20410/2013', 120, 114), r('5.581,91', 270, 114), r('1.116,38', 340, 114), r('3.927,36', 420, 114)];
    const read = readTables(buildLines([...head, ...row], 1, true));
    expect(read.rows).toEqual([{ period: '2013-09', dueDate: '2013-10-20', principal: 558191, fine: 111638, interest: 392736 }]);
    expect(read.repairs).toEqual(['Data "20410/2013" lida por OCR corrigida para 20/10/2013; confira']);
  });

  it('flags a row of amounts it cannot place under a period instead of dropping it in silence', () => {
    const lines = buildLines(
      [
        f('Competência', 40, 100), f('Vencimento', 120, 100), f('Principal', 220, 100), f('Multa', 300, 100), f('Juros', 380, 100),
        f('06/2019', 40, 114), f('20/07/2019', 120, 114), r('10,00', 270, 114), r('2,00', 340, 114), r('3,00', 420, 114),
        f('????', 40, 128), f('20/08/2019', 120, 128), r('11,00', 270, 128), r('2,20', 340, 128), r('3,30', 420, 128),
      ],
      1,
      false,
    );
    const t = readTables(lines);
    expect(t.rows).toHaveLength(1);
    expect(t.warnings).toEqual(['Linha da tabela de débitos sem período legível; confira']);
  });
});

const cand = (field: Candidate['field'], value: number, score: number): Candidate => ({ field, value: { value: String(value), raw: '', start: 0, end: 0 }, route: 'right', score, line: 0 });

describe('choosing the consistent reading', () => {
  it('rejects a better-labelled candidate that breaks the sum, and says so', () => {
    const c = chooseMoney(
      [cand('principal', 10000, 3), cand('fine', 2000, 3), cand('interest', 3000, 3), cand('legalCharge', 3000, 3), cand('total', 18000, 3), cand('total', 15000, 3.5)],
      [],
    );
    expect(c.values).toEqual({ principal: 10000, fine: 2000, interest: 3000, legalCharge: 3000, total: 18000 });
    expect(c.flags.map(([f]) => f)).toEqual(['total']);
  });

  it('prefers the reading the debt rows confirm', () => {
    const rows = [{ period: '2020-01', dueDate: null, principal: 6000, fine: 1000, interest: 2000 }, { period: '2020-02', dueDate: null, principal: 4000, fine: 1000, interest: 1000 }];
    const c = chooseMoney([cand('principal', 10000, 3), cand('fine', 2000, 3), cand('interest', 3000, 3), cand('total', 15000, 3)], rows);
    expect(c.values).toMatchObject({ principal: 10000, fine: 2000, interest: 3000, total: 15000 });
    expect(c.flags).toEqual([]);
    expect(c.rowsConfirmed).toBe(true);
  });

  it('takes as the encargo an unlabelled printed amount that closes the sum with a labelled total, flagged', () => {
    const unlabelled = (v: number): Candidate => ({ ...cand('total', v, 0.4), route: 'unlabelled' });
    const c = chooseMoney(
      [cand('principal', 54537825, 3), cand('fine', 20142210, 3), cand('interest', 22522765, 3), cand('total', 106923080, 3), cand('total', 97202800, 2), unlabelled(9720280), unlabelled(4120)],
      [],
    );
    expect(c.values).toEqual({ principal: 54537825, fine: 20142210, interest: 22522765, legalCharge: 9720280, total: 106923080 });
    expect(c.adds).toBe(true);
    expect(c.flags.find(([f]) => f === 'legalCharge')?.[1]).toMatch(/Encargo sem rótulo legível/);
    // A subtotal "sem encargo" (the parts' sum) printed with the encargo and the total, all three
    // captions lost but the subtotal's: the three amounts agree, the subtotal is not the total.
    const sub = chooseMoney([cand('principal', 680229793, 3), cand('fine', 221589169, 3), cand('interest', 296588020, 3), unlabelled(1198406982), unlabelled(119840698), unlabelled(1318247680)], []);
    expect(sub.values).toEqual({ principal: 680229793, fine: 221589169, interest: 296588020, legalCharge: 119840698, total: 1318247680 });
    expect(sub.flags.map(([f]) => f)).toEqual(expect.arrayContaining(['total', 'legalCharge']));
    // No printed amount closes it: the larger total stays a doubt, the encargo is not invented.
    const none = chooseMoney([cand('principal', 54537825, 3), cand('fine', 20142210, 3), cand('interest', 22522765, 3), cand('total', 106923080, 3), cand('total', 97202800, 2), unlabelled(4120)], []);
    expect(none.values.legalCharge).toBeNull();
    expect(none.flags.length).toBeGreaterThan(0);
  });

  it('gives a total it could not read as the sum of the parts, flagged as calculated', () => {
    // "Total Geral" read as "144530137 E": no total candidate, an unlabelled unit code ("60.476,92") about.
    const unit: Candidate = { ...cand('total', 6047692, 0.4), route: 'unlabelled' };
    const c = chooseMoney([cand('principal', 56560597, 3), cand('fine', 11312119, 3), cand('interest', 52574565, 3), cand('legalCharge', 24089456, 3), unit], []);
    expect(c.values.total).toBe(144536737);
    expect(c.flags.filter(([f]) => f === 'total').map(([, m]) => m)).toEqual(['Valor total não lido; calculado como principal + multa + juros + encargo (R$ 1.445.367,37); confira']);
    // Nothing read at all: no total is made up.
    expect(chooseMoney([], []).values.total).toBeNull();
  });

  it('on a scan, keeps the labelled encargo and total one digit slip off the sum rather than drop the encargo to make the table\'s total add up', () => {
    // 333.326,29 + 178.238,00 + 161.760,55 + 134.664,97 = 807.989,81, printed and read "807.969,81";
    // the table's total row (673.324,84) adds up only with no encargo.
    const rows = [{ period: '2018-06', dueDate: '2018-07-25', principal: 33332629, fine: 17823800, interest: 16176055 }];
    const cands = [cand('principal', 33332629, 3), cand('fine', 17823800, 3), cand('interest', 16176055, 3), cand('legalCharge', 13466497, 3), cand('total', 80796981, 3), cand('total', 67332484, 2)];
    expect(chooseMoney(cands, rows, {}, true).values).toMatchObject({ legalCharge: 13466497, total: 80796981 });
    // A text layer prints what it means: there, only an exact sum counts.
    expect(chooseMoney(cands, rows).values).toMatchObject({ legalCharge: null, total: 67332484 });
  });

  it('flags every money field when nothing adds up', () => {
    const c = chooseMoney([cand('principal', 10000, 3), cand('fine', 2000, 3), cand('total', 99999, 3)], []);
    expect(new Set(c.flags.map(([f]) => f))).toEqual(new Set(['total', 'principal', 'fine', 'interest', 'legalCharge']));
  });
});

describe('certificates from the page model', () => {
  const cda = (y: number, n: string, doc: string): Frag[] => [
    f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, y),
    f('CERTIDÃO DE DÍVIDA ATIVA', 200, y + 20),
    f('Nº da Inscrição:', 40, y + 40), f(n, 200, y + 40),
    f('Data da inscrição:', 40, y + 54), f('12/08/2019', 200, y + 54),
    f('Devedor:', 40, y + 68), f('ACME COMERCIO LTDA', 200, y + 68),
    f('CNPJ:', 40, y + 82), f(doc, 200, y + 82),
    f('Receita:', 40, y + 96), f('2172 - COFINS', 200, y + 96),
    f('Principal:', 40, y + 110), r('10.000,00', 300, y + 110),
    f('Multa:', 40, y + 124), r('2.000,00', 300, y + 124),
    f('Juros:', 40, y + 138), r('3.000,00', 300, y + 138),
    f('Encargo legal:', 40, y + 152), r('3.000,00', 300, y + 152),
    f('Valor total:', 40, y + 166), r('18.000,00', 300, y + 166),
    f('Valores atualizados até 31/10/2025', 40, y + 180),
    f('Processo administrativo:', 40, y + 194), f('10880.123456/2019-11', 200, y + 194),
    f('Situação:', 40, y + 208), f('ATIVA AJUIZADA', 200, y + 208),
    f('Competência', 40, y + 222), f('Vencimento', 120, y + 222), f('Principal', 220, y + 222), f('Multa', 300, y + 222), f('Juros', 380, y + 222),
    f('06/2019', 40, y + 236), f('20/07/2019', 120, y + 236), r('10.000,00', 270, y + 236), r('2.000,00', 340, y + 236), r('3.000,00', 420, y + 236),
  ];

  it('ends a prose debt row with its sentence when the summary\'s values follow it over their captions', () => {
    const frags = [
      f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 200, 60),
      f('Inscrição nº: 80 6 19 100001-93', 40, 80), f('CNPJ: 11.222.333/0001-81', 300, 80), f('Devedor: ACME COMERCIO LTDA', 40, 94),
      f('a. exercício 2012, vencido em 10/01/2012, no valor principal de R$ 389.919,85, acrescido de juros de', 74, 120),
      f('R$ 169.895,13 e multa de ofício (75%) de R$ 292.439,89;', 74, 134),
      f('b. exercício 2013, vencido em 15/03/2013, no valor principal de R$ 741.272,56, acrescido de juros de', 74, 148),
      f('R$ 370.975,02 e multa de ofício (75%) de R$ 148.254,51;', 74, 162),
      f('R$ 1.131.192,41', 54, 186), f('R$ 440.694,40', 184, 186), f('R$ 540.870,15', 306, 186), f('R$ 422.551,39', 428, 186),
      f('Valor Principal', 54, 198), f('Vlr. Multa', 184, 198), f('Juros', 306, 198), f('Encargos Legais', 428, 198),
      f('R$ 2.535.308,35 (atualizado até 06/09/2025)', 54, 216), f('Valor total da inscrição', 54, 228),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect([c.principal, c.fine, c.interest, c.legalCharge, c.total]).toEqual([113119241, 44069440, 54087015, 42255139, 253530835]);
    expect(c.debts).toHaveLength(2);
  });

  it('reads a situação after its abbreviated caption whose dot OCR read as a colon ("Sit: INSCRITA")', () => {
    const frags = cda(40, '80 6 19 123456-78', '11.222.333/0001-81').flatMap((x) => (x.text === 'Situação:' ? [f('Sit: INSCRITA', 40, x.y)] : x.text === 'ATIVA AJUIZADA' ? [] : [x]));
    for (const ocr of [true, false]) expect(extractFromPages([page(1, frags, ocr)])[0].status).toBe('INSCRITA');
  });

  it('takes the one cell worded only as a situação when OCR garbled its caption, flagged', () => {
    const garbled = cda(40, '80 6 19 123456-78', '11.222.333/0001-81').map((x) => (x.text === 'Situação:' ? { ...x, text: 'St.' } : x.text === 'ATIVA AJUIZADA' ? { ...x, text: 'INSCRITO - .PROTESTADO' } : x));
    const [c] = extractFromPages([page(1, garbled, true)]);
    expect(c.status).toBe('INSCRITO - PROTESTADO');
    expect(c.fieldWarnings?.status).toBe('Situação encontrada sem rótulo; confira');
    // Led by the tail of its dot leader ("SH... | ... ATIVA AJUIZADA NEGOCIADA NO SISPAR").
    const led = cda(40, '80 6 19 123456-78', '11.222.333/0001-81').map((x) => (x.text === 'Situação:' ? { ...x, text: 'SH...' } : x.text === 'ATIVA AJUIZADA' ? { ...x, text: '... ATIVA AJUIZADA NEGOCIADA NO SISPAR' } : x));
    expect(extractFromPages([page(1, led, true)])[0].status).toBe('ATIVA AJUIZADA NEGOCIADA NO SISPAR');
    // A date's caption worded like one ("INSCRITO EM") is not a situação.
    expect(new RegExp(STATUS_PHRASE).test('inscrito em')).toBe(false);
    expect(new RegExp(STATUS_PHRASE).test('ativa em cobranca')).toBe(true);
    // One situação word alone on its line, its caption lost whole: taken on a scan, flagged; never the end of a title.
    const alone = cda(40, '80 6 19 123456-78', '11.222.333/0001-81').flatMap((x) => (x.text === 'Situação:' ? [] : x.text === 'ATIVA AJUIZADA' ? [f('ATIVA', 40, x.y)] : [x]));
    expect(extractFromPages([page(1, alone, true)])[0]).toMatchObject({ status: 'ATIVA', fieldWarnings: expect.objectContaining({ status: 'Situação encontrada sem rótulo; confira' }) });
    expect(extractFromPages([page(1, alone, false)])[0].status).toBe('');
    const title = cda(40, '80 6 19 123456-78', '11.222.333/0001-81').flatMap((x) => (x.text === 'Situação:' || x.text === 'ATIVA AJUIZADA' ? [] : x.text === 'CERTIDÃO DE DÍVIDA ATIVA' ? [{ ...x, text: 'CERTIDÃO DE INSCRIÇÃO EM DÍVIDA' }, f('ATIVA', 200, x.y + 12)] : [x]));
    expect(extractFromPages([page(1, title, true)])[0].status).toBe('');
    const caption = cda(40, '80 6 19 123456-78', '11.222.333/0001-81').flatMap((x) => (x.text === 'Situação:' || x.text === 'ATIVA AJUIZADA' ? [] : x.text === 'Devedor:' ? [f('EXECUTADO', 40, x.y - 7)] : [x]));
    expect(extractFromPages([page(1, caption, true)])[0].status).toBe('');
    // Two different situações and no caption: neither is taken.
    const two = [...garbled, f('ATIVA EM COBRANCA', 340, 40 + 124)];
    expect(extractFromPages([page(1, two, true)])[0].status).toBe('');
  });

  it('reads a municipal prose certificate: the debtor after "de responsabilidade de", the date in words after the issuer', () => {
    const frags = [
      f('PREFEITURA MUNICIPAL DE PELOTAS', 150, 60),
      f('CERTIDÃO DE INSCRIÇÃO EM DÍVIDA ATIVA MUNICIPAL', 120, 90),
      f('O Diretor da Dívida Ativa CERTIFICA que o débito abaixo descrito, de responsabilidade de', 40, 120, 9),
      f('DISTRIBUIDORA ALVORADA S.A. (CNPJ nº 11.222.333/0001-81), foi inscrito em Dívida Ativa do Município de', 40, 132, 9),
      f('Pelotas em 30 de junho de 2025, sob o número 742737/2025, originária do Processo Administrativo nº 93891/2025.', 40, 144, 9),
      f('A dívida tem origem em código de receita 305 - TAXA DE COLETA DE LIXO.', 40, 156, 9),
      f('Somados os débitos, resultam principal de R$ 100,00, multa de R$ 20,00 e juros de R$ 30,00, totalizando', 40, 170, 9),
      f('R$ 150,00, valores consolidados em 23/08/2025.', 40, 182, 9),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c).toMatchObject({ registrationNumber: '742737/2025', debtorName: 'DISTRIBUIDORA ALVORADA S.A.', debtorDocument: '11222333000181', registrationDate: '2025-06-30', total: 15000 });
    expect(c.fieldWarnings?.debtorName).toBeUndefined();
  });

  it('names a certificate by the number after its title, not by a running header above it that names the previous one', () => {
    const p2 = page(2, [f('Nº da Inscrição: 70 5 21 918051-39', 400, 30, 7), ...cda(60, '80 6 19 934897-48', '11.222.333/0001-81')]);
    const [c] = extractFromPages([p2]);
    expect(c.registrationNumber).toBe('8061993489748');
  });

  it("gives the signature that spills to the next page's top to the certificate it closes", () => {
    const p1 = page(1, cda(40, '80 6 19 123456-78', '11.222.333/0001-81'));
    const p2 = page(2, [f('_______________________________________', 40, 60), f('PROCURADOR DA FAZENDA NACIONAL', 40, 72), ...cda(110, '80 6 19 654321-00', '11.222.333/0001-81')]);
    const recs = extractFromPages([p1, p2]);
    expect(recs.map((x) => [x.registrationNumber, x.pages])).toEqual([
      ['8061912345678', [1, 2]],
      ['8061965432100', [2]],
    ]);
  });

  it('keeps a titled certificate whose values were not read (an unreadable page), flagged, rather than dropping it', () => {
    const frags = [
      f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 200, 60),
      f('Nº da Inscrição:', 40, 80), f('80 6 19 123456-78', 200, 80),
      f('Devedor:', 40, 94), f('ACME COMERCIO LTDA', 200, 94),
      f('CNPJ:', 40, 108), f('11.222.333/0001-81', 200, 108),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c).toMatchObject({ registrationNumber: '8061912345678', debtorName: 'ACME COMERCIO LTDA', total: 0 });
    expect(c.fieldWarnings?.total).toBeDefined();
    expect(c.warnings).toContain('Valores da certidão não encontrados; confira no documento');
  });

  it('says when a scanned page OCR could not read may hold a certificate that was not found', () => {
    const p1 = page(1, cda(40, '80 6 19 123456-78', '11.222.333/0001-81'), true);
    // OCR found nothing it could read on the second scanned page.
    const p2 = page(2, [], true);
    const [c] = extractFromPages([p1, p2]);
    expect(c.warnings).toContain('Página 2 ilegível na digitalização: pode haver certidão não lida; confira o arquivo');
    // A text page, or a scanned page that reads, is no such doubt.
    const [t] = extractFromPages([page(1, cda(40, '80 6 19 123456-78', '11.222.333/0001-81')), page(2, [])]);
    expect(t.warnings.some((w) => w.includes('ilegíve'))).toBe(false);
  });

  it('gives a scanned page OCR could not read between two pages of one certificate to that certificate, flagged', () => {
    const head = [f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 160, 60)];
    const p1 = page(1, [...head, f('Inscrição nº: 80 6 19 123456-78', 40, 80), f('CNPJ: 11.222.333/0001-81', 300, 80), f('Devedor: ACME COMERCIO LTDA', 40, 94)], true);
    const p3 = page(3, [f('Principal: R$ 100,00', 40, 80), f('Multa: R$ 20,00', 40, 94), f('Valor total: R$ 120,00', 40, 108)], true);
    const [c, other] = extractFromPages([p1, page(2, [], true), p3]);
    expect(other).toBeUndefined();
    expect(c).toMatchObject({ pages: [1, 2, 3], total: 12000 });
    expect(c.warnings).toContain('Página 2 desta certidão ilegível na digitalização; confira o arquivo');
    expect(c.warnings.some((w) => w.includes('pode haver certidão não lida'))).toBe(false);
  });

  it('finds two certificates on one page, each with its own number', () => {
    const recs = extractFromPages([page(1, [...cda(40, '80 6 19 123456-78', '11.222.333/0001-81'), ...cda(320, '80 6 19 654321-00', '11.222.333/0001-81')])]);
    expect(recs.map((x) => [x.registrationNumber, x.total, x.debtorName, x.revenueCode, x.registrationDate, x.consolidationDate])).toEqual([
      ['8061912345678', 1800000, 'ACME COMERCIO LTDA', '2172', '2019-08-12', '2025-10-31'],
      ['8061965432100', 1800000, 'ACME COMERCIO LTDA', '2172', '2019-08-12', '2025-10-31'],
    ]);
    expect(recs[0].fieldWarnings).toEqual({});
  });

  it('prefers the CNPJ whose check digits pass over a better-placed misreading', () => {
    const frags = cda(40, '80 6 19 123456-78', '11.222.333/0001-82').concat([f('Certifico que ACME COMERCIO LTDA, inscrita no CNPJ sob o nº 11.222.333/0001-81, deve.', 40, 300)]);
    const [rec] = extractFromPages([page(1, frags)]);
    expect(rec.debtorDocument).toBe('11222333000181');
    expect(rec.fieldWarnings?.debtorDocument).toBeUndefined();
  });

  it('keeps a title repeated at the top of every page as the start of each certificate, not as a page header', () => {
    const pages = ['80 6 19 100001-11', '80 6 19 100002-12', '80 6 19 100003-13'].map((n, k) => page(k + 1, cda(40, n, '11.222.333/0001-81')));
    expect(extractFromPages(pages).map((x) => [x.registrationNumber, x.pages])).toEqual([
      ['8061910000111', [1]],
      ['8061910000212', [2]],
      ['8061910000313', [3]],
    ]);
  });

  it('keeps a certificate whose number OCR could not read apart from the signed-off one before it, flagged; an unsigned page stays a continuation', () => {
    const signed = [...cda(40, '80 6 19 100001-11', '11.222.333/0001-81'), f('Documento assinado digitalmente. Código de autenticidade: 1234.5678', 40, 300)];
    const garbled = cda(40, '', '11.222.333/0001-81').map((x) => (x.text === 'Nº da Inscrição:' ? { ...x, text: 'CDANS...i' } : x));
    const [a, b] = extractFromPages([page(1, signed), page(2, garbled)]);
    expect([a.registrationNumber, a.pages, b?.registrationNumber, b?.pages, b?.total]).toEqual(['8061910000111', [1], '', [2], 1800000]);
    expect(b.fieldWarnings?.registrationNumber).toBe('Campo não encontrado: número da inscrição');
    expect(extractFromPages([page(1, cda(40, '80 6 19 100001-11', '11.222.333/0001-81')), page(2, garbled)]).map((x) => x.pages)).toEqual([[1, 2]]);
    // Unsigned but with a total of its own: another certificate, flagged.
    const other = garbled.map((x) => (x.text === '18.000,00' ? { ...x, text: '19.000,00' } : x.text === '3.000,00' && x.y === 40 + 152 ? { ...x, text: '4.000,00' } : x));
    const [c, d] = extractFromPages([page(1, cda(40, '80 6 19 100001-11', '11.222.333/0001-81')), page(2, other)]);
    expect([c.pages, d?.pages, d?.registrationNumber]).toEqual([[1], [2], '']);
  });

  it('reads a co-debtor block that a page break splits, past the running header, so its CPF is not the debtor\'s', () => {
    const first = [
      f('MINISTÉRIO DA FAZENDA', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 160, 60),
      f('DEBCAD', 40, 100, 8.5), f('CGC/MF', 240, 100, 8.5), f('35.319.795-2', 40, 112), f('01.352.015/0004-24', 240, 112),
      f('Devedor', 40, 130, 8.5), f('SUPERMERCADO DO VALE S.A.', 40, 142), f('Valor total: R$ 1.800,00', 40, 160),
      f('Responsáveis solidários', 40, 780),
    ];
    const next = [
      f('Procuradoria-Geral da Fazenda Nacional', 40, 31, 7.5),
      f('Nome', 40, 65), f('CPF/CNPJ', 240, 65), f('Fundamento', 400, 65),
      f('ANTÔNIO FERREIRA DA SILVA', 40, 78), f('572.213.649-23', 240, 78), f('Sócio-administrador', 400, 78),
      f('Emitida em 01/11/2025', 40, 120),
    ];
    const [c] = extractFromPages([page(1, first), page(2, next)]);
    expect(c.debtorDocument).toBe('01352015000424');
    expect(c.coDebtors).toEqual([{ name: 'ANTÔNIO FERREIRA DA SILVA', document: '57221364923' }]);
  });

  it('reads a co-debtor block past its page\'s footer (a decoy\'s caption) and the next page\'s header, its rows set in another size than its label', () => {
    const first = [
      f('MINISTÉRIO DA FAZENDA', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 160, 60),
      f('Certifico que ACME COMERCIO LTDA, C.N.P.J. 01.352.015/0004-24, se acha inscrito(a) na Dívida Ativa da União sob o nº 1051856924163.', 40, 100),
      f('Valor total: R$ 1.800,00', 40, 130),
      f('Corresponsáveis (CTN, art. 135):', 40, 760, 12), f('Emitido em 15/08/2025', 40, 800, 7),
    ];
    const next = [
      f('Procuradoria-Geral da Fazenda Nacional', 40, 31, 7), f('Fls. 4', 500, 31, 7),
      f('ANTÔNIO FERREIRA DA SILVA - CPF nº 572.213.649-23 - sócio', 60, 65, 9),
      f('Emitida em 01/11/2025', 40, 120),
    ];
    const [c] = extractFromPages([page(1, first, true), page(2, next, true)]);
    expect(c.debtorDocument).toBe('01352015000424');
    expect(c.coDebtors).toEqual([{ name: 'ANTÔNIO FERREIRA DA SILVA', document: '57221364923' }]);
  });

  it("reads an OCR'd title with a speck after a word, and keeps a certificate before the first title found by its content, flagged", () => {
    const specked = cda(40, '80 6 19 100001-11', '11.222.333/0001-81').map((x) => (x.text === 'CERTIDÃO DE DÍVIDA ATIVA' ? { ...x, text: 'TERMO DE. INSCRIÇÃO EM DÍVIDA ATIVA' } : x));
    const second = page(2, cda(40, '80 6 19 100002-12', '11.222.333/0001-81'), true);
    const [s1] = extractFromPages([page(1, specked, true), second]);
    expect([s1.registrationNumber, s1.warnings.includes(UNTITLED)]).toEqual(['8061910000111', false]);
    // A title OCR could not read at all: the certificate is still found, before the next one's title.
    const lost = cda(40, '80 6 19 100001-11', '11.222.333/0001-81').map((x) => (x.text === 'CERTIDÃO DE DÍVIDA ATIVA' ? { ...x, text: 'TERNO DF INSCRICAQ FM DIVIDA' } : x));
    const [a, b] = extractFromPages([page(1, lost, true), second]);
    expect([a?.registrationNumber, a?.pages, b?.registrationNumber, b?.pages]).toEqual(['8061910000111', [1], '8061910000212', [2]]);
    expect(a.warnings).toContain(UNTITLED);
  });

  it('cuts off a later page that opens another certificate whose title OCR lost, flagged; a page repeating the number (or a digit off) continues', () => {
    const untitled = (n: string, total = '19.000,00') =>
      // A total of its own, and a principal that adds up to it.
      cda(40, n, '11.222.333/0001-81').map((x) =>
        x.text === 'CERTIDÃO DE DÍVIDA ATIVA' ? { ...x, text: 'CDA -~ CERTIDAQ DF INSCRICAQ' } : x.text === '18.000,00' ? { ...x, text: total } : x.text === '10.000,00' && total !== '18.000,00' ? { ...x, text: '11.000,00' } : x,
      );
    const first = page(1, cda(40, '80 6 19 100001-11', '11.222.333/0001-81'), true);
    const [a, b] = extractFromPages([first, page(2, untitled('80 6 19 100002-12'), true)]);
    expect([a.registrationNumber, a.pages, b?.registrationNumber, b?.pages, b?.total]).toEqual(['8061910000111', [1], '8061910000212', [2], 1900000]);
    expect(b.warnings).toContain(UNTITLED);
    expect(a.warnings).not.toContain('Número da inscrição incerto: também lido 8061910000212; confira');
    // Far apart, the numbers alone decide.
    expect(extractFromPages([first, page(2, untitled('50 5 15 269887-51', '18.000,00'), true)]).map((x) => x.pages)).toEqual([[1], [2]]);
    // A digit off with the same total (the head repeated, its number misread) continues the certificate.
    expect(extractFromPages([first, page(2, untitled('80 6 19 100001-17', '18.000,00'), true)]).map((x) => x.pages)).toEqual([[1, 2]]);
  });

  it("takes a debtor's CPF/CNPJ OCR read in doubt from another certificate of the same file and debtor, flagged", () => {
    // "61.169.986/00006-31": a zero read as a 6 and another doubled; its repair happens to pass the check digits.
    const clean = cda(40, '80 6 19 100001-11', '61.109.986/0006-31');
    const slipped = cda(40, '80 6 19 100002-12', '61.169.986/00006-31');
    const [a, b] = extractFromPages([page(1, clean, true), page(2, slipped, true)]);
    expect([a.debtorDocument, b.debtorDocument]).toEqual(['61109986000631', '61109986000631']);
    expect(b.fieldWarnings?.debtorDocument).toMatch(/^CPF\/CNPJ do devedor lido por OCR como \d+; tomado de outra certidão do mesmo devedor neste arquivo \(61109986000631\); confira$/);
    // Another debtor's document is no evidence.
    const other = slipped.map((x) => (x.text === 'ACME COMERCIO LTDA' ? { ...x, text: 'BETA INDUSTRIA LTDA' } : x));
    expect(extractFromPages([page(1, clean, true), page(2, other, true)])[1].debtorDocument).not.toBe('61109986000631');
  });

  it("puts a prose debt whose period OCR misread ('2º TRI/2619') back in its place once the due date repairs it", () => {
    const consolidated = cda(40, '80 6 19 100001-11', '11.222.333/0001-81').slice(0, -10);
    const row = (y: number, q: string, due: string, p: string) => f(`período de apuração ${q}, com vencimento em ${due}: valor originário de R$ ${p}, multa de R$ 1,00 e juros de mora de R$ 1,00;`, 40, y, 9);
    const rows = [row(300, '1º TRI/2019', '29/04/2019', '3.000,00'), row(312, '2º TRI/2619', '28/07/2019', '3.000,00'), row(324, '3º TRI/2019', '29/10/2019', '3.997,00')];
    const [c] = extractFromPages([page(1, [...consolidated, f('O débito compõe-se das seguintes parcelas:', 40, 288, 9), ...rows], true)]);
    expect(c.debts.map((d) => d.period)).toEqual(['2019-Q1', '2019-Q2', '2019-Q3']);
    expect(c.fieldWarnings?.debts).toBeTruthy();
  });

  it("keeps a prose debt whose bare year OCR read past 2050 ('exercício 2621') and repairs it from its due date, flagged", () => {
    const consolidated = cda(40, '80 6 19 100001-11', '11.222.333/0001-81').slice(0, -10);
    const row = (y: number, year: string, due: string) => f(`exercício ${year}, com vencimento em ${due}: valor originário de R$ 3.000,00, multa de R$ 1,00 e juros de mora de R$ 1,00;`, 40, y, 9);
    const rows = [row(300, '2019', '20/03/2019'), row(312, '2621', '20/03/2021'), row(324, '2022', '15/04/2022')];
    const [c] = extractFromPages([page(1, [...consolidated, f('O débito compõe-se das seguintes parcelas:', 40, 288, 9), ...rows], true)]);
    expect(c.debts.map((d) => [d.period, d.dueDate])).toEqual([['2019', '2019-03-20'], ['2021', '2021-03-20'], ['2022', '2022-04-15']]);
    expect(c.warnings).toContain('Período "2621" lido por OCR corrigido para 2021; confira');
    // Printed so in a text layer, "2621" is no year: that row is not read.
    expect(extractFromPages([page(1, [...consolidated, f('O débito compõe-se das seguintes parcelas:', 40, 288, 9), ...rows])])[0].debts).toHaveLength(2);
  });

  it('says when debt cards were printed but none could be read', () => {
    // The certificate without its debt table, then two cards whose values OCR garbled.
    const consolidated = cda(40, '80 6 19 100001-11', '11.222.333/0001-81').slice(0, -10);
    const cards = [
      f('DÉBITO 1 - PER. APURAÇÃO', 40, 300, 7), f('DÉBITO 2 - PER. APURAÇÃO', 240, 300, 7),
      f('47/2619', 40, 310), f('17/2626', 240, 310),
    ];
    const [c] = extractFromPages([page(1, [...consolidated, ...cards], true)]);
    expect(c.debts).toEqual([]);
    expect(c.fieldWarnings?.debts).toBe('Discriminação dos débitos não encontrada; confira');
    // A certificate that prints only its consolidated values has no rows to miss.
    expect(extractFromPages([page(1, consolidated, true)])[0].fieldWarnings?.debts).toBeUndefined();
  });

  it('keeps a signed-off certificate whose number OCR lost apart from the numbered one after it, flagged', () => {
    const garbled = cda(40, '', '11.222.333/0001-81').map((x) => (x.text === 'Nº da Inscrição:' ? { ...x, text: 'CDANS...i' } : x));
    const signedGarbled = [...garbled, f('Documento assinado digitalmente. Código de autenticidade: 1234.5678', 40, 300)];
    const [a, b] = extractFromPages([page(1, signedGarbled), page(2, cda(40, '80 6 19 100002-12', '11.222.333/0001-81'))]);
    expect([a.registrationNumber, a.pages, a.total, b?.registrationNumber, b?.pages]).toEqual(['', [1], 1800000, '8061910000212', [2]]);
    expect(a.fieldWarnings?.registrationNumber).toBe('Campo não encontrado: número da inscrição');
    // Unsigned, the page without a number is the numbered certificate's first page.
    expect(extractFromPages([page(1, garbled), page(2, cda(40, '80 6 19 100002-12', '11.222.333/0001-81'))]).map((x) => x.pages)).toEqual([[1, 2]]);
    // ...unless the numbered stretch names a debtor and a value of its own, another total: its closing
    // lines OCR may have garbled, it is another certificate, and the first is kept, flagged.
    const other = cda(40, '80 6 19 100002-12', '11.222.333/0001-81').map((x) =>
      x.text === '18.000,00' ? { ...x, text: '19.000,00' } : x.text === '3.000,00' && x.y === 40 + 152 ? { ...x, text: '4.000,00' } : x,
    );
    const apart = extractFromPages([page(1, garbled), page(2, other)]);
    expect(apart.map((x) => [x.registrationNumber, x.pages, x.total])).toEqual([['', [1], 1800000], ['8061910000212', [2], 1900000]]);
    expect(apart[0].fieldWarnings?.registrationNumber).toBe('Campo não encontrado: número da inscrição');
  });


  it('takes a department line in small letters under the issuer into the next certificate\'s header', () => {
    const state = [
      f('GOVERNO DO ESTADO DA BAHIA', 180, 300), f('SECRETARIA DA FAZENDA DO ESTADO DA BAHIA', 150, 312),
      f('Diretoria de Arrecadação, Crédito Tributário e Controle', 140, 324),
      ...cda(320, '019.833.583-0', '11.222.333/0001-81').slice(1),
    ];
    const recs = extractFromPages([page(1, [...cda(40, '80 6 19 100001-93', '11.222.333/0001-81'), ...state])]);
    expect(recs.map((x) => [x.registrationNumber, x.issuer])).toEqual([['8061910000193', 'federal'], ['0198335830', 'state']]);
  });

  it('reads a co-debtor named on the label\'s line whose CPF wraps to the next line', () => {
    const frags = [
      ...cda(40, '80 6 19 100001-93', '11.222.333/0001-81'),
      f('Corresponsáveis: FRANCISCA DOS SANTOS NEVES, inscrito no CPF sob o nº', 40, 300), f('809.408.455-39', 40, 314),
      f('Corresponsáveis: CONCEIÇÃO FERREIRA GONÇALVES, inscrito no CPF sob o nº 967.186.398-18', 40, 328),
      // The label repeated, and again the number on the next line.
      f('Corresponsáveis: SEBASTIÃO FERREIRA PEREIRA, inscrito no CPF sob o nº', 40, 342), f('250.284.265-46', 40, 356),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c.coDebtors).toEqual([
      { name: 'FRANCISCA DOS SANTOS NEVES', document: '80940845539' },
      { name: 'CONCEIÇÃO FERREIRA GONÇALVES', document: '96718639818' },
      { name: 'SEBASTIÃO FERREIRA PEREIRA', document: '25028426546' },
    ]);
  });

  it('on a scan, takes the issue date for a consolidation date one or two glyphs off it and after it, flagged', () => {
    const frags = [...cda(40, '80 6 19 100001-93', '11.222.333/0001-81').map((x) => (x.text.startsWith('Valores atualizados') ? { ...x, text: 'Valores atualizados até 31/10/2028' } : x)), f('Emitida em 31/10/2025', 40, 300)];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c.consolidationDate).toBe('2025-10-31');
    expect(c.fieldWarnings?.consolidationDate).toBe('Data de consolidação "31/10/2028" lida por OCR corrigida para 31/10/2025, a data de emissão; confira');
    // Two glyphs off ("05/08/2028" issued 08/08/2025).
    const two = frags.map((x) => (x.text.startsWith('Valores atualizados') ? { ...x, text: 'Valores atualizados até 05/08/2028' } : x.text.startsWith('Emitida') ? { ...x, text: 'Emitida em 08/08/2025' } : x));
    expect(extractFromPages([page(1, two, true)])[0].consolidationDate).toBe('2025-08-08');
    // Never an issue date before the inscription (its own year misread): the date stays as read.
    const early = frags.map((x) => (x.text.startsWith('Emitida') ? { ...x, text: 'Emitida em 31/10/2002' } : x));
    expect(extractFromPages([page(1, early, true)])[0].consolidationDate).toBe('2028-10-31');
    // A text layer prints what it means; a date further off stays as read.
    expect(extractFromPages([page(1, frags, false)])[0].consolidationDate).toBe('2028-10-31');
    const far = frags.map((x) => (x.text.startsWith('Emitida') ? { ...x, text: 'Emitida em 30/09/2025' } : x));
    expect(extractFromPages([page(1, far, true)])[0].consolidationDate).toBe('2028-10-31');
  });

  it('reads a co-debtor\'s name before "CPF/ME" (the Ministério da Economia\'s CPF) without the caption\'s tail', () => {
    const frags = [
      ...cda(40, '80 6 19 100001-93', '11.222.333/0001-81'),
      f('Corresponsáveis:', 40, 300),
      f('CARLOS ARAÚJO ARAÚJO - CPF/ME 519.074.500-76 (art. 135, III, CTN)', 40, 314),
      f('JOSÉ GONÇALVES OLIVEIRA - CPF/MF 809.408.455-39', 40, 328),
    ];
    for (const ocr of [false, true]) {
      expect(extractFromPages([page(1, frags, ocr)])[0].coDebtors).toEqual([
        { name: 'CARLOS ARAÚJO ARAÚJO', document: '51907450076' },
        { name: 'JOSÉ GONÇALVES OLIVEIRA', document: '80940845539' },
      ]);
    }
  });

  it('reads a scanned caption whose last word ran into its value ("PROCESSO ADMINISTRATIVO FISCAL10166.325594/2024-01"), and a receita code whose zero OCR read as a Q', () => {
    const [c] = extractFromPages([page(1, [
      ...cda(40, '80 6 19 100001-93', '11.222.333/0001-81').filter((x) => !/^(?:Processo administrativo:|10880\.123456\/2019-11|Receita:|2172 - COFINS)$/.test(x.text)),
      f('PROCESSO ADMINISTRATIVO FISCAL10166.325594/2024-01', 40, 300),
      f('RECEITA... Q211', 40, 314),
    ], true)]);
    expect(c.administrativeProcess).toBe('10166325594202401');
    expect(c.revenueCode).toBe('0211');
    expect(findLabel('processo administrativo fiscal10166.325594/2024-01', true)).toMatchObject({ kind: 'administrativeProcess', end: 'processo administrativo fiscal'.length });
    expect(valuesOf('revenue', 'Q211')).toEqual([]);
  });

  it('reads a name or a situação after a dot leader OCR read as letters, zeros or E\'s ("rierermeeeeermeerereceremeei— EM COBRANÇA", "00E.E00..0..! SUPERMERCADO")', () => {
    const frags = cda(40, '80 6 19 100001-93', '11.222.333/0001-81').map((x) => (x.text === 'ACME COMERCIO LTDA' ? { ...x, text: '00E.E00..0..! SUPERMERCADO MONTE CARMELO EIRELI' } : x));
    const [c] = extractFromPages([page(1, [...frags.filter((x) => x.text !== 'Situação:' && x.text !== 'ATIVA AJUIZADA'), f('SIT...', 40, 300), f('rierermeeeeermeerereceremeei— EM COBRANÇA', 120, 300)], true)]);
    expect(c.debtorName).toBe('SUPERMERCADO MONTE CARMELO EIRELI');
    expect(c.status).toBe('EM COBRANCA');
    expect(valuesOf('name', 'OEE SUPERMERCADO', true).map((v) => v.value)).toEqual(['OEE SUPERMERCADO']);
  });

  it('reads a scanned value after a speck before its separator ("SITUAÇÃO ATUAL DA INSCRIÇÃO .- ATIVA"), a name with a speck colon after its first word ("ACME: SANTA LUZIA S.A."), and an unlabelled process number with a space after its dot', () => {
    const frags = cda(40, '80 6 19 100001-93', '11.222.333/0001-81')
      .filter((x) => !/^(?:Situação:|ATIVA AJUIZADA|Processo administrativo:|10880\.123456\/2019-11)$/.test(x.text))
      .map((x) => (x.text === 'ACME COMERCIO LTDA' ? { ...x, text: 'ACME: SANTA LUZIA S.A.' } : x));
    const [c] = extractFromPages([page(1, [...frags, f('SITUAÇÃO ATUAL DA INSCRIÇÃO .- ATIVA - EM COBRANÇA ADMINISTRATIVA', 40, 300), f('13896. 195610/2016-12', 40, 330)], true)]);
    expect(c.status).toBe('ATIVA - EM COBRANCA ADMINISTRATIVA');
    expect(c.debtorName).toBe('ACME SANTA LUZIA S.A.');
    expect(c.administrativeProcess).toBe('13896195610201612');
    expect(c.fieldWarnings?.administrativeProcess).toBe('Processo administrativo encontrado sem rótulo; confira');
    expect(valuesOf('name', 'CNPJ: ACME LTDA', true)).toEqual([]);
  });

  it('reads a PGFN number that a scanned paragraph wraps between lines OCR sized apart (39.2 and 47.6)', () => {
    const frags = cda(40, '80 6 19 100001-93', '11.222.333/0001-81').filter((x) => !/^(?:Nº da Inscrição:|80 6 19 100001-93)$/.test(x.text));
    const [c] = extractFromPages([page(1, [...frags, f('foi inscrito em Dívida Ativa da União em 29 de junho de 2016, sob o número 22 6', 40, 300, 8.4), f('16 955093-52, originária do Processo Administrativo nº 11822912275201633.', 40, 311, 10.2)], true)]);
    expect(c.registrationNumber).toBe('2261695509352');
  });

  it('reads a date and a CNPJ after a dot leader OCR read as a long run of mostly e, r, c and s', () => {
    const frags = cda(40, '80 6 19 100001-93', '11.222.333/0001-81').filter((x) => !/^(?:Data da inscrição:|12\/08\/2019|CNPJ:|11\.222\.333\/0001-81)$/.test(x.text));
    const [c] = extractFromPages([page(1, [
      ...frags,
      f('Dt. da Inscrição.................sscmeeseeeressecsseeereeet- 29/12/2019', 40, 300),
      f('CNPJ DO. srreerreeeerreeereeeermseraseerreeressersmemsee! 11.222.333/0001-81', 40, 314),
    ], true)]);
    expect(c.registrationDate).toBe('2019-12-29');
    expect(c.debtorDocument).toBe('11222333000181');
    expect(c.fieldWarnings?.debtorDocument).toBeUndefined();
  });

  it('takes the receita under its caption when the cell beside the caption is letters OCR made of the next caption ("Natureza do Débito | TT TT sã TT")', () => {
    const frags = cda(40, '80 6 19 100001-93', '11.222.333/0001-81').filter((x) => !/^(?:Receita:|2172 - COFINS)$/.test(x.text));
    const [c] = extractFromPages([page(1, [...frags, f('Natureza do Débito', 40, 300), f('TT TT sã TT', 300, 300), f('2216 — ITCMD - DOAÇÃO', 40, 312), f('ATIVA', 300, 312)], true)]);
    expect(c.revenueCode).toBe('2216');
  });

  it('takes a company\'s name under a caption OCR garbled past reading when it is the only one on the certificate, flagged; never on a text layer or with a rival', () => {
    const frags = cda(40, '80 6 19 100001-93', '11.222.333/0001-81').map((x) => (x.text === 'Devedor:' ? { ...x, text: '—=amão Sli' } : x.text === 'ACME COMERCIO LTDA' ? { ...x, text: 'SUPERMERCADO DO VALE S.A.' } : x));
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c.debtorName).toBe('SUPERMERCADO DO VALE S.A.');
    expect(c.fieldWarnings?.debtorName).toBe('Nome do devedor encontrado sem rótulo legível; confira');
    expect(extractFromPages([page(1, frags, false)])[0].debtorName).toBe('');
    const two = [...frags, f('Sucessora:', 40, 300), f('MERCADO NOVO LTDA', 200, 300)];
    expect(extractFromPages([page(1, two, true)])[0].debtorName).toBe('');
  });

  it('reads a scanned co-debtor\'s name with a speck read as a colon after one of its words ("LÚCIA PEREIRA FERREIRA:- CPF", "ANTÔNIO CASTRO: NEVES")', () => {
    const frags = [
      ...cda(40, '80 6 19 100001-93', '11.222.333/0001-81'),
      f('Corresponsáveis (CTN, art. 135):', 40, 300),
      f('LÚCIA PEREIRA FERREIRA:- CPF 809.408.455-39', 40, 314),
      f('ANTÔNIO CASTRO: NEVES FERREIRA - CPF/MF 519.074.500-76', 40, 328),
    ];
    expect(extractFromPages([page(1, frags, true)])[0].coDebtors).toEqual([
      { name: 'LÚCIA PEREIRA FERREIRA', document: '80940845539' },
      { name: 'ANTÔNIO CASTRO NEVES FERREIRA', document: '51907450076' },
    ]);
  });

  it('cuts a scanned row of captions OCR ran together with a speck between them, and a speck cell beside them ("TRIBUTO CT PROCESSO ADMINISTRATIVO Nº", "… | TT A")', () => {
    const frags = [
      ...cda(40, '80 6 19 100001-93', '11.222.333/0001-81').filter((x) => !/^(?:Receita:|2172 - COFINS|Processo administrativo:|10880\.123456\/2019-11|Data da inscrição:|12\/08\/2019)$/.test(x.text)),
      // OCR's speck in the gap puts "PROCESSO" left of where it is printed, over the revenue too.
      { ...f('TRIBUTO CT PROCESSO ADMINISTRATIVO Nº', 40, 500), x1: 300 }, f('CPF/CNPJ', 330, 500),
      f('305 — TAXA DE COLETA DE LIXO', 40, 514), f('2023800740', 200, 514), f('11.222.333/0001-81', 330, 514),
      f('LIVRO/FOLHA INSCRITO EM', 40, 540), f('SITUAÇÃO DO DÉBITO', 200, 540), f('TT A', 330, 540),
      f('22/213', 40, 554), f('25/10/2023', 110, 554), f('ATIVA', 200, 554),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect([c.revenueCode, c.revenueDescription, c.administrativeProcess, c.registrationDate]).toEqual(['305', 'TAXA DE COLETA DE LIXO', '2023800740', '2023-10-25']);
  });

  it('takes a scanned value past the end of its caption\'s dot leader OCR set apart as a cell ("Contribuinte... | ... | JOSÉ …")', () => {
    const frags = cda(40, '80 6 19 100001-93', '11.222.333/0001-81').flatMap((x) =>
      x.text === 'Devedor:' ? [f('Contribuinte...', 40, x.y), f('...', 140, x.y)] : x.text === 'ACME COMERCIO LTDA' ? [f('JOSÉ DA SILVA FERREIRA', 200, x.y)] : [x]);
    expect(extractFromPages([page(1, frags, true)])[0].debtorName).toBe('JOSÉ DA SILVA FERREIRA');
  });

  it('takes a scanned number read in doubt from the court filing that lists the file\'s certificates, flagged', () => {
    const filing = [
      f('EXCELENTÍSSIMO(A) SENHOR(A) JUIZ(A) FEDERAL DA 11ª VARA DE EXECUÇÕES FISCAIS', 40, 40),
      f('O(A) executado(a) é devedor(a) dos créditos inscritos em Dívida Ativa representados pelas Certidões de Dívida Ativa anexas, nºs', 40, 60),
      f('80 6 19 100001-93, 40 6 23 256704-48, que instruem a presente, no valor total de R$ 36.000,00.', 40, 74),
      f('Termos em que pede deferimento.', 40, 100),
    ];
    const pages = (n: string) => [page(1, filing, true), page(2, cda(40, n, '11.222.333/0001-81'), true)];
    const [c] = extractFromPages(pages('80 6 19 100001-9'));
    expect(c.registrationNumber).toBe('8061910000193');
    expect(c.fieldWarnings?.registrationNumber).toBe('Número da inscrição lido por OCR como 806191000019; tomado da petição que lista as certidões deste arquivo (8061910000193); confira');
    // A number read in the federal shape is left as read, even when the filing lists another one slip away.
    expect(extractFromPages(pages('80 6 19 100001-98'))[0].registrationNumber).toBe('8061910000198');
    expect(listedNumbers(buildLines(filing, 1, true))).toEqual(['8061910000193', '4062325670448']);
  });

  it('does not run a scanned name into the next row\'s caption garbled past reading and its dot leader ("CGCICNPI............")', () => {
    const frags = cda(40, '80 6 19 100001-93', '11.222.333/0001-81').flatMap((x) =>
      x.text === 'Devedor:' ? [f('CONTRIBUINTE...............: LATICÍNIOS SÃO JORGE LTDA - ME', 40, x.y)] :
      x.text === 'ACME COMERCIO LTDA' ? [] :
      x.text === 'CNPJ:' ? [f('CGCICNPI............', 40, x.y)] :
      x.text === '11.222.333/0001-81' ? [f('... 11.222.333/0001-81', 200, x.y)] : [x]);
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c.debtorName).toBe('LATICÍNIOS SÃO JORGE LTDA - ME');
    expect(c.debtorDocument).toBe('11222333000181');
  });

  it('reads a co-debtor\'s name before "CPE/MF" (a speck closed the F of CPF into an E)', () => {
    const frags = [
      ...cda(40, '80 6 19 100001-93', '11.222.333/0001-81'),
      f('Corresponsáveis:', 40, 300),
      f('SEBASTIÃO OLIVEIRA PEREIRA - CPE/MF 809.408.455-39 - sócio', 40, 314),
    ];
    expect(extractFromPages([page(1, frags, true)])[0].coDebtors).toEqual([{ name: 'SEBASTIÃO OLIVEIRA PEREIRA', document: '80940845539' }]);
  });

  it('reads an OCR\'d inscription date whose dotted zero was read as 8, flagged', () => {
    const frags = cda(40, '80 6 19 100001-93', '11.222.333/0001-81').map((x) => (x.text === '12/08/2019' ? { ...x, text: '12/88/2019' } : x));
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c.registrationDate).toBe('2019-08-12');
    expect(c.fieldWarnings?.registrationDate).toBe('Valor de data da inscrição corrigido de OCR ("12/88/2019"); confira');
    // Printed so in a text layer, it is no date.
    expect(extractFromPages([page(1, frags)])[0].registrationDate).toBeNull();
  });

  it('restores the zeros OCR read as 6 or 8 in a CNPJ where the check digits then pass, flagged', () => {
    const [c] = extractFromPages([page(1, cda(40, '80 6 19 100001-93', '11.222.333/6081-81'), true)]);
    expect(c.debtorDocument).toBe('11222333000181');
    expect(c.fieldWarnings?.debtorDocument).toBe('CPF/CNPJ do devedor corrigido de OCR ("11.222.333/6081-81"); confira');
    // A text layer prints what it means: the same digits there are an invalid CNPJ, flagged as such.
    const [t] = extractFromPages([page(1, cda(40, '80 6 19 100001-93', '11.222.333/6081-81'))]);
    expect(t.debtorDocument).toBe('11222333608181');
    expect(t.fieldWarnings?.debtorDocument).toMatch(/dígito verificador inválido/);
  });

  it('keeps a closing that runs onto the next page with the certificate it ends, not with the next one under it', () => {
    const first = cda(40, '80 6 19 100001-93', '11.222.333/0001-81');
    // The place and date written out, then the next certificate's issuer and title on the same page.
    const p2 = [f('(Lei nº 9.492/1997).', 40, 40), f('Porto Alegre, 4 de setembro de 2025.', 40, 58), ...cda(90, '80 6 19 100002-12', '11.222.333/0001-81')];
    const recs = extractFromPages([page(1, first), page(2, p2)]);
    expect(recs.map((x) => [x.registrationNumber, x.pages])).toEqual([['8061910000193', [1, 2]], ['8061910000212', [2]]]);
  });

  it('keeps a signature that runs onto the next page with the certificate it signs, even when its rule repeats at page edges', () => {
    const rule = (y: number) => f('________________________________________', 40, y);
    // Every certificate is signed at the foot of its text: the signature rule tops page 2 and ends
    // page 3, so it is page furniture; the signer's line under it is not.
    const p2 = [rule(40), f('Diretor(a) da Dívida Ativa', 40, 52), ...cda(90, '80 6 19 100002-12', '11.222.333/0001-81'), rule(500), f('Diretor(a) da Dívida Ativa', 40, 512)];
    const p3 = [...cda(40, '80 6 19 100003-01', '11.222.333/0001-81'), rule(400), f('Secretário Municipal de Finanças', 40, 412)];
    const recs = extractFromPages([page(1, cda(40, '80 6 19 100001-93', '11.222.333/0001-81')), page(2, p2), page(3, p3)]);
    expect(recs.map((x) => [x.registrationNumber, x.pages])).toEqual([['8061910000193', [1, 2]], ['8061910000212', [2]], ['8061910000301', [3]]]);
  });

  it('reads a situação that a page break splits, past the next page\'s running header in a smaller type', () => {
    const head = [f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 160, 60)];
    const first = [
      ...head,
      f('Nº INSC......: 80 6 19 100001-11', 40, 100), f('DEVEDOR......: ACME LTDA', 40, 112), f('CNPJ.........: 11.222.333/0001-81', 40, 124),
      f('VALOR TOTAL..: R$ 1.800,00', 40, 136), f('SITUAÇÃO ATUAL DA INSCRIÇÃO: ATIVA AJUIZADA - EXIGIBILIDADE DO CREDITO', 40, 780),
    ];
    const next = (text: string) => [f('PGFN - Dívida Ativa da União', 40, 31, 7.5), f('Inscrição 80 6 19 100001-11', 40, 41, 7.5), f(text, 40, 65), f('Emitida em 02/09/2025', 40, 120)];
    const [c] = extractFromPages([page(1, first), page(2, next('SUSPENSA-DECISAO JUDICIAL'))]);
    expect(c.status).toBe('ATIVA AJUIZADA - EXIGIBILIDADE DO CREDITO SUSPENSA-DECISAO JUDICIAL');
    // The next page's own title is never the end of a situação.
    const [d] = extractFromPages([page(1, first), page(2, next('CERTIDÃO DE DÍVIDA ATIVA - CONTINUAÇÃO'))]);
    expect(d.status).toBe('ATIVA AJUIZADA - EXIGIBILIDADE DO CREDITO');
  });
  it('takes the one PGFN-shaped number when OCR garbled its label, flagged, never the origin inscription', () => {
    const garbled = cda(40, '80.6.19.123456-78', '11.222.333/0001-81').map((x) => (x.text === 'Nº da Inscrição:' ? { ...x, text: 'Imecrição nº:' } : x));
    const origin = [f('Nº PGFN de Origem:', 40, 300), f('80.4.14.613479-93', 200, 300)];
    const [rec] = extractFromPages([page(1, [...garbled, ...origin], true)]);
    expect(rec.registrationNumber).toBe('8061912345678');
    expect(rec.fieldWarnings?.registrationNumber).toBe('Número da inscrição encontrado sem rótulo; confira');
  });

  it('flags a CNPJ whose check digits fail', () => {
    const [rec] = extractFromPages([page(1, cda(40, '80 6 19 123456-78', '11.222.333/0001-82'))]);
    expect(rec.fieldWarnings?.debtorDocument).toMatch(/dígito verificador inválido/);
  });

  it('starts a certificate whose title OCR lost where an issuer\'s header follows the previous one\'s sign-off, mid-page', () => {
    const second = cda(330, '80 6 20 654321-09', '11.222.333/0001-81').filter((x) => !x.text.startsWith('CERTIDÃO'));
    const frags = [...cda(40, '80 6 19 123456-78', '11.222.333/0001-81'), f('PROCURADOR DA FAZENDA NACIONAL', 200, 300), ...second];
    const recs = extractFromPages([page(1, frags, true)]);
    expect(recs.map((x) => [x.registrationNumber, x.total, x.debts.length])).toEqual([['8061912345678', 1800000, 1], ['8062065432109', 1800000, 1]]);
    expect(recs[1].warnings).toContain(UNTITLED);
    // Without the sign-off line, the header alone starts nothing: the number is a rival in one certificate.
    expect(extractFromPages([page(1, [...cda(40, '80 6 19 123456-78', '11.222.333/0001-81'), ...second], true)])).toHaveLength(1);
  });

  it('skips a court filing before the annexed certificate and refuses a nota fiscal', () => {
    const petition = page(1, [
      f('EXCELENTÍSSIMO SENHOR DOUTOR JUIZ FEDERAL DA VARA DE EXECUÇÕES FISCAIS', 40, 40),
      f('A UNIÃO (FAZENDA NACIONAL) vem propor a presente execução fiscal em face de ACME COMERCIO LTDA,', 40, 60),
      f('CNPJ 11.222.333/0001-81, inscrição nº 80 6 19 123456-78, no valor de R$ 18.000,00.', 40, 74),
    ]);
    const recs = extractFromPages([petition, page(2, cda(40, '80 6 19 123456-78', '11.222.333/0001-81'))]);
    expect(recs.map((x) => [x.registrationNumber, x.pages])).toEqual([['8061912345678', [2]]]);
    // The annex's title lost to OCR: the certificate is found by its content after the filing, flagged.
    const untitled = cda(40, '80 6 19 123456-78', '11.222.333/0001-81').filter((x) => !x.text.startsWith('CERTIDÃO'));
    const annexed = extractFromPages([petition, page(2, [f('Procurador(a) da Fazenda Nacional', 300, 40)]), page(3, untitled)]);
    expect(annexed.map((x) => [x.registrationNumber, x.pages, x.total])).toEqual([['8061912345678', [3], 1800000]]);
    expect(annexed[0].warnings).toContain(UNTITLED);
    // A court filing with no certificate after it is still no certificate.
    expect(extractFromPages([petition, page(2, [f('Procurador(a) da Fazenda Nacional', 300, 40)])])).toEqual([]);
    const nota = page(1, [f('NOTA FISCAL DE SERVIÇOS ELETRÔNICA', 40, 40), f('CNPJ: 11.222.333/0001-81', 40, 60), f('Valor total: R$ 1.000,00', 40, 74), f('Serviço: análise de dívida ativa', 40, 88)]);
    expect(extractFromPages([nota])).toEqual([]);
  });

  it('classes a natureza-4 inscription by its receita, and flags one without a decisive receita', () => {
    const prev = cda(40, '50 4 19 933654-61', '11.222.333/0001-81').map((x) => (x.text === '2172 - COFINS' ? { ...x, text: '1082 - Contribuição Previdenciária Segurados' } : x));
    const [a] = extractFromPages([page(1, prev)]);
    expect(a.nature).toBe('previdenciaria');
    expect(a.natureReason).toMatch(/previdenciária/);
    const vague = cda(40, '50 4 19 933654-61', '11.222.333/0001-81').map((x) => (x.text === '2172 - COFINS' ? { ...x, text: '9999 - RECEITA DIVERSA' } : x));
    const [b] = extractFromPages([page(1, vague)]);
    expect(b.nature).toBe('demais');
    expect(b.fieldWarnings?.nature).toMatch(/natureza 4/);
  });
});

describe('wordings and captions', () => {
  const head = [f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA DA UNIÃO', 160, 60)];
  /** A row of amounts (100 + 20 + 30 + 30 = 180) printed over their captions at y. */
  /** A column of captions, each over its value, from y down. */
  const labelsOverValues = (y: number, pairs: Array<[label: string, value: string]>): Frag[] =>
    pairs.flatMap(([label, value], k) => [f(label, 40, y + 24 * k, 7), f(value, 40, y + 24 * k + 10)]);
  const valuesOverCaptions = (y: number): Frag[] => [
    f('R$ 100,00', 40, y), f('R$ 20,00', 160, y), f('R$ 30,00', 280, y), f('R$ 30,00', 400, y), f('R$ 180,00', 520, y),
    f('Principal', 40, y + 10, 7), f('Multa', 160, y + 10, 7), f('Juros', 280, y + 10, 7), f('Encargo legal', 400, y + 10, 7), f('Total', 520, y + 10, 7),
  ];

  it('reads "Valor total da / inscrição em 22/09/2025" as the consolidation, not the inscription date', () => {
    const frags = [
      ...head,
      f('22 2 22 925970-34', 40, 90), f('05/09/2022', 200, 90), f('07.440.279/0001-73', 320, 90),
      f('CDA nº', 40, 100, 7), f('Inscrito em', 200, 100, 7), f('CNPJ/MF', 320, 100, 7),
      f('Principal: R$ 100,00 Multa Mora: R$ 20,00 Vlr. Juros: R$ 30,00 Encargo legal: R$ 30,00 Valor total da', 40, 130, 9),
      f('inscrição em 22/09/2025: R$ 180,00', 40, 141, 9),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c).toMatchObject({ registrationDate: '2022-09-05', consolidationDate: '2025-09-22', total: 18000 });
  });

  it('reads a "Label - value" line under a legal basis that ends on its alínea ("I, a") as a label, not a sentence running on', () => {
    const frags = [
      ...head,
      f('Nm.Inscrição Dívida Ativa - 41.845.193-8', 40, 90),
      f('CGC - 84.565.288/0005-65', 40, 100),
      f('Base legal do débito - Lei nº 8.212/91, arts. 20 e 30, I, a', 40, 110),
      f('Devedor Principal - LATICÍNIOS BRASIL SUL LTDA', 40, 120),
      f('Fundamentação Legal - Lei nº 8.212/91, arts. 20 e 30, I, a', 40, 130),
      f('SITUAÇÃO ATUAL DA INSCRIÇÃO - ATIVA AJUIZADA', 40, 140),
      f('Valor total: R$ 180,00', 40, 150),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c).toMatchObject({ debtorName: 'LATICÍNIOS BRASIL SUL LTDA', status: 'ATIVA AJUIZADA' });
    expect(c.fieldWarnings?.debtorName).toBeUndefined();
  });

  it('reads a name under its caption when the word beside the caption is the next box\'s caption garbled ("Executado | CPEIME")', () => {
    const frags = [
      ...head,
      f('Nm.inscrição Divida Ativa', 40, 90), f('Dt. Inscrição', 300, 90),
      f('36.817.113-0', 40, 104), f('02/10/2019', 300, 104),
      f('Executado', 40, 120), f('CPEIME', 300, 120),
      f('JOSE PEREIRA PEREIRA', 40, 134), f('504.416.026-14', 300, 134),
      f('Valor total: R$ 180,00', 40, 160),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c).toMatchObject({ debtorName: 'JOSE PEREIRA PEREIRA', debtorDocument: '50441602614' });
    // A one-word name beside its caption with no name under it stays the name.
    const [d] = extractFromPages([page(1, frags.filter((x) => x.text !== 'JOSE PEREIRA PEREIRA').map((x) => (x.text === 'CPEIME' ? { ...x, text: 'PETROBRAS' } : x)), true)]);
    expect(d.debtorName).toBe('PETROBRAS');
  });

  it('gives a value between a field\'s caption and a decoy\'s to the side the certificate\'s captions point to (values over captions)', () => {
    const frags = [
      ...head,
      f('35.193.510-3', 40, 90), f('CONTRIBUIÇÃO DOS SEGURADOS', 300, 90),
      f('Inscrição DEBCAD nº', 40, 100, 7), f('Natureza do Débito', 300, 100, 7),
      f('80 4 18 991303-94', 40, 115), f('EM NEGOCIACAO NO SISPAR', 300, 115),
      f('PGFN de Origem', 40, 125, 7), f('Situação Atual', 300, 125, 7),
      f('612 / 9840', 40, 140), f('DISTRIBUIDORA PAULISTA LTDA', 300, 140),
      f('FPAS', 40, 150, 7), f('Razão Social', 300, 150, 7),
      f('17/05/2018', 40, 165), f('90.086.714/0008-23', 300, 165),
      f('Data de Inscrição', 40, 175, 7), f('CGC/CNPJ', 300, 175, 7),
      f('Valor total: R$ 180,00', 40, 200),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c).toMatchObject({ registrationNumber: '351935103', status: 'EM NEGOCIACAO NO SISPAR', debtorName: 'DISTRIBUIDORA PAULISTA LTDA', registrationDate: '2018-05-17' });
  });

  it('reads a row of captions that OCR ran together into one cell over the values under each', () => {
    const frags = [
      ...head,
      f('NÚMERO DE INSCRIÇÃO SITUAÇÃO ATUAL DA INSCRIÇÃO CNPJ', 40, 90), f('NATUREZA DA DÍVIDA', 400, 90),
      f('80 6 19 100001-93', 40, 104), f('ATIVA AJUIZADA', 150, 104), f('11.222.333/0001-81', 270, 104), f('1507 — SIMPLES NACIONAL', 400, 104),
      f('SUJEITO PASSIVO PRINCIPAL', 40, 130), f('ACME COMERCIO LTDA', 200, 130),
      f('Valor total: R$ 180,00', 40, 150),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c).toMatchObject({ registrationNumber: '8061910000193', status: 'ATIVA AJUIZADA', debtorDocument: '11222333000181', debtorName: 'ACME COMERCIO LTDA' });
  });

  it('reads a value in capitals that OCR set on its small-letter caption\'s line, without a separator', () => {
    const frags = (status: string) => [
      ...head,
      f('Nº da Inscrição: 80 6 19 100001-93', 40, 90), f('CNPJ: 11.222.333/0001-81', 300, 90),
      f(status, 40, 110), f('Razão social do devedor ACME COMERCIO LTDA', 300, 110),
      f('Valor total: R$ 180,00', 40, 130),
    ];
    const [c] = extractFromPages([page(1, frags('Situação da Inscrição EM NEGOCIACAO NO SISPAR'), true)]);
    expect(c).toMatchObject({ status: 'EM NEGOCIACAO NO SISPAR', debtorName: 'ACME COMERCIO LTDA' });
    // Words in small letters after the caption are a sentence, not its value.
    const [d] = extractFromPages([page(1, frags('Situação da inscrição conforme o sistema'), true)]);
    expect(d.status).toBe('');
  });

  it('takes a row of captions under its values even where the lower part of the form prints labels over values', () => {
    const frags = [
      ...head,
      f('10 7 15 054489-32', 40, 90), f('12/06/2015', 200, 90), f('36.064.101/0006-88', 320, 90),
      f('Número da CDA', 40, 100, 7), f('Data de Inscrição', 200, 100, 7), f('CPF/CNPJ', 320, 100, 7),
      f('13896.288279/2015-20', 40, 120), f('8109 - PIS - FATURAMENTO', 200, 120), f('ATIVA AJUIZADA', 380, 120),
      f('Processo Administrativo nº', 40, 130, 7), f('Receita/Tributo', 200, 130, 7), f('Situação Atual', 380, 130, 7),
      f('1280 / 0218', 40, 146), f('Lei nº 10.637/02, arts. 1º a 3º', 200, 146),
      f('Livro / Folha', 40, 156, 7), f('Base legal do débito', 200, 156, 7),
      // Below, more labels over their values than captions above: the whole certificate leans "below".
      f('Valores atualizados até', 40, 190, 7), f('Vlr. Original', 200, 190, 7),
      f('29/08/2025', 40, 200), f('R$ 100,00', 200, 200),
      f('Multa de mora', 40, 220, 7), f('Juros', 200, 220, 7), f('Encargo DL 1.025/69', 380, 220, 7),
      f('R$ 20,00', 40, 230), f('R$ 30,00', 200, 230), f('R$ 30,00', 380, 230),
      f('Valor total da inscrição', 40, 250, 7), f('R$ 180,00', 40, 260),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c).toMatchObject({ revenueCode: '8109', revenueDescription: 'PIS - FATURAMENTO', status: 'ATIVA AJUIZADA', total: 18000 });
  });

  it('gives a value two labels claim to the one with nothing else (the situação over it), not to the receita caption under it', () => {
    const frags = [
      ...head,
      f('Inscrição nº 40 6 25 942441-13, em 21/02/2025, em nome de CARLOS ARAÚJO OLIVEIRA, CPF 744.117.787-18.', 40, 80, 9),
      f('Situação do Débito', 40, 100, 7), f('Processo Administrativo', 300, 100, 7),
      f('ATIVA EM COBRANCA', 40, 112), f('10880.182165/2025-32', 300, 112),
      f('Receita/Tributo', 40, 124, 7),
      f('3880 - MULTA ISOLADA', 40, 136),
      // Below, values printed over their captions: the whole certificate leans "above".
      f('696202,29', 40, 170), f('522151,72', 200, 170), f('512971,99', 380, 170),
      f('Principal', 40, 180, 7), f('Multa de mora', 200, 180, 7), f('Juros SELIC', 380, 180, 7),
      f('346265,20', 40, 196), f('2077591,20', 200, 196),
      f('Encargo Legal (20%)', 40, 206, 7), f('TOTAL DA DÍVIDA em 08/08/2025', 200, 206, 7),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c).toMatchObject({ revenueCode: '3880', revenueDescription: 'MULTA ISOLADA', status: 'ATIVA EM COBRANCA', total: 207759120 });
  });

  it('reads a column of labels each over its value: the name under its label is the debtor, the receita is under its own label', () => {
    const frags = [
      ...head,
      ...labelsOverValues(90, [
        ['NÚMERO DA INSCRIÇÃO', '90 5 21 866287-79'],
        ['CNPJ', '04.381.755/0001-34'],
        ['NOME DO DEVEDOR', 'COMERCIAL MONTE CARMELO S/A'],
        ['NATUREZA DA RECEITA', '2917 — MULTA POR INFRAÇÃO À CLT'],
        ['SITUAÇÃO ATUAL', 'ATIVA AJUIZADA'],
      ]),
      // Below, a row of values over their captions: the whole certificate leans "above".
      ...valuesOverCaptions(230),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c).toMatchObject({ debtorName: 'COMERCIAL MONTE CARMELO S/A', revenueCode: '2917', status: 'ATIVA AJUIZADA', total: 18000 });
  });

  it('takes a date printed on the recognised line right above its caption as one printed row (OCR)', () => {
    const o = (text: string, x: number, y: number, row: number): Frag => ({ ...f(text, x, y), row });
    // "TOTAL DEVIDO (consolidado em 17/10/2025)   R$ 135.079,21": Tesseract read the caption's tail
    // as a second line 2 units under the first, with a fragment of it left in the first line.
    const lines = buildLines([
      o('TOTAL DEVIDO', 40, 100, 1), o('lidad', 120, 100, 1), o('17/10/2025)', 160, 100, 1), o('R$ 135.079,21', 300, 100, 1),
      o('consolidado em', 90, 102, 2),
    ], 1, true);
    expect(lines).toHaveLength(2);
    const dates = geometricCandidates({ lines, skip: lines.map(() => false) }).filter((c) => c.field === 'consolidationDate');
    expect(dates.map((c) => [c.value.value, c.route])).toEqual([['2025-10-17', 'right']]);
    // A line a full row away is another row: its date is not the caption's.
    const apart = buildLines([o('17/10/2025', 160, 100, 1), o('consolidado em', 90, 112, 2)], 1, true);
    expect(geometricCandidates({ lines: apart, skip: apart.map(() => false) }).filter((c) => c.field === 'consolidationDate' && c.route === 'right')).toEqual([]);
  });

  it('does not read on from a caption into a decoy beside it ("Situação da inscrição" + "Nº PGFN de Origem")', () => {
    const lines = buildLines([
      f('Situação da inscrição', 40, 100), f('Nº PGFN de Origem', 300, 100),
      f('ATIVA EM COBRANCA', 40, 112), f('60 4 15 870726-10', 300, 112),
    ], 1, false);
    const stream = makeStream(readingOrder(lines, () => false, isFieldLabel));
    expect(proseCandidates(stream, false, []).filter((c) => c.field === 'registrationNumber')).toEqual([]);
    // The inscription's own wording still reads its number.
    const own = buildLines([f('consta a Inscrição nº 55.682.839-1, em 13/09/2015.', 40, 100)], 1, false);
    expect(proseCandidates(makeStream(readingOrder(own, () => false, isFieldLabel)), false, []).filter((c) => c.field === 'registrationNumber').map((c) => c.value.value)).toContain('556828391');
  });

  it('leaves to a decoy caption the value it has no other claim to, even when the field label shares both its values with decoys', () => {
    // Values over captions: a domicílio, then "CÓD." under its code, then a livro/folha under "4179 / 0028".
    const lines = buildLines([
      f('Rua das Flores 10', 54, 100), f('DOMICÍLIO TRIBUTÁRIO', 54, 110),
      f('2172', 54, 126), f('CÓD.', 54, 136),
      f('4179 / 0028', 54, 151), f('LIVRO / FOLHA', 54, 161),
    ], 1, false);
    const codes = geometricCandidates({ lines, skip: lines.map(() => false) }).filter((c) => c.field === 'revenueCode');
    const best = codes.sort((a, b) => b.score - a.score)[0];
    expect(best.value.value).toBe('2172');
  });

  it('never takes a debt card\'s caption as the value under a caption', () => {
    const lines = buildLines([
      f('METALÚRGICA SANTA LUZIA EIRELI', 54, 254), f('NOME / RAZÃO SOCIAL DO DEVEDOR', 54, 264),
      f('DÉBITO 1 - PERÍODO', 50, 289), f('08/2017', 50, 299),
    ], 1, false);
    const names = geometricCandidates({ lines, skip: lines.map(() => false) }).filter((c) => c.field === 'debtorName');
    expect(names.map((c) => c.value.value)).toEqual(['METALÚRGICA SANTA LUZIA EIRELI']);
    // Nor the debts' heading under the last caption.
    const heading = buildLines([f('CONSTRUTORA ALVORADA S.A.', 54, 298), f('Nome', 54, 310), f('Discriminação dos débitos:', 50, 339)], 1, false);
    expect(geometricCandidates({ lines: heading, skip: heading.map(() => false) }).filter((c) => c.field === 'debtorName').map((c) => c.value.value)).toEqual(['CONSTRUTORA ALVORADA S.A.']);
  });

  it('never takes the title as the value over a caption right under it', () => {
    // Title, then rows of two captions over their values: the debtor's caption sits right under the title.
    const lines = buildLines([
      f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 189, 75, 9.5), f('CERTIDÃO DE DÍVIDA ATIVA PREVIDENCIÁRIA', 175, 105, 10.5),
      f('INSCRIÇÃO DE ORIGEM', 50, 126, 7), f('DEVEDOR PRINCIPAL', 306, 126, 7),
      f('90 4 13 669439-50', 50, 136, 8.5), f('AUTO PEÇAS PAULISTA LTDA', 306, 136, 8.5),
    ], 1, false);
    const names = geometricCandidates({ lines, skip: lines.map(() => false) }).filter((c) => c.field === 'debtorName');
    expect(names.map((c) => [c.route, c.value.value])).toEqual([['below', 'AUTO PEÇAS PAULISTA LTDA']]);
  });

  it('reads a stack of labels over values by its own majority where a box further down prints values over captions', () => {
    const frags = [
      ...head,
      ...labelsOverValues(80, [
        ['Nº de Inscrição', '29181630514'],
        ['CNPJ nº', '71.303.084/0007-76'],
        ['PTA nº', '3.968.633-4'],
        ['Cód. Receita', '3005'],
        ['Natureza do Débito', 'IPVA - IMPOSTO SOBRE A PROPRIEDADE DE VEÍCULOS AUTOMOTORES'],
      ]),
      // Below, two boxes of values over their captions: more of them than labels over values above.
      ...valuesOverCaptions(230),
      f('R$ 1,00', 40, 270), f('29/08/2025', 160, 270), f('Custas', 40, 280, 7), f('Data do cálculo', 160, 280, 7),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c).toMatchObject({ revenueCode: '3005', total: 18000 });
  });

  it('ends a legal basis ending in "I, a" at the next label row, which keeps its own receita', () => {
    const frags = [
      ...head,
      f('INSCRIÇÃO DEBCAD Nº', 40, 131, 9), f('468994628', 200, 131, 9),
      f('CONTRIBUINTE', 40, 143, 9), f('FARMÁCIA BRASIL SUL LTDA', 200, 143, 9),
      f('BASE LEGAL', 40, 185, 9), f('Lei nº 8.212/91, arts. 20 e 30, I, a', 200, 185, 9),
      f('NATUREZA DO DÉBITO', 40, 197, 9), f('1099 - CONTRIBUIÇÃO DOS SEGURADOS', 200, 197, 9),
      f('VALOR TOTAL', 40, 209, 9), f('R$ 1.800,00', 200, 209, 9),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c).toMatchObject({ legalBasis: 'Lei nº 8.212/91, arts. 20 e 30, I, a', revenueCode: '1099' });
  });

  it('does not take the end of a prose paragraph as the value of a caption under it', () => {
    const frags = [
      ...head,
      f('CERTIFICO que consta do Registro da Dívida Ativa da União a Inscrição nº 60 4 20 325563-50, em 15/01/2020, em nome de', 40, 80, 9),
      f('CLÍNICA TRÊS PODERES LTDA, inscrita no CNPJ sob o nº 95.599.277/0008-65, originária do Processo nº 13896.465383/2020-94.', 40, 91, 9),
      f('Natureza/Receita', 40, 105, 9),
      f('1170 - CONTRIBUIÇÃO TERCEIROS - SALÁRIO-EDUCAÇÃO', 40, 116, 9),
      // Below, values printed over their captions: the whole certificate leans "above".
      ...valuesOverCaptions(150),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c).toMatchObject({ revenueCode: '1170', revenueDescription: 'CONTRIBUIÇÃO TERCEIROS - SALÁRIO-EDUCAÇÃO', total: 18000 });
  });

  it('leaves the value over a decoy caption to that caption: the receita above its own caption wins', () => {
    const frags = [
      ...head,
      f('CERTIFICO que consta do Registro da Dívida Ativa da União a Inscrição nº 60 4 20 325563-50, em nome de ACME LTDA,', 40, 80, 9),
      f('inscrita no CNPJ sob o nº 95.599.277/0008-65.', 40, 91, 9),
      f('2917 — MULTA POR INFRAÇÃO À CLT', 40, 110), f('ATIVA EM COBRANÇA', 240, 110),
      f('Natureza/Receita', 40, 120, 7), f('Situação Atual', 240, 120, 7),
      // A unit code under the receita's caption, over its own (decoy) caption; a heading well below.
      f('90.223.15', 40, 136), f('Unidade de Inscrição', 40, 145, 7),
      f('Detalhamento da Dívida', 40, 172, 9),
      // Further down, labels over their values: the whole certificate leans "below".
      f('Vlr. Original', 40, 190, 7), f('Multa de mora', 160, 190, 7), f('Juros', 280, 190, 7), f('Encargo legal', 400, 190, 7),
      f('R$ 100,00', 40, 200), f('R$ 20,00', 160, 200), f('R$ 30,00', 280, 200), f('R$ 30,00', 400, 200),
      f('Total', 40, 215, 7), f('R$ 180,00', 40, 225),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c).toMatchObject({ revenueCode: '2917', revenueDescription: 'MULTA POR INFRAÇÃO À CLT', total: 18000 });
    // The boxes' spacing (each caption closer to the value over it) decides for them before the page's
    // other labels do, so the unit code under the caption is no close rival left to flag.
    expect(c.fieldWarnings?.revenueCode).toBeUndefined();
  });

  it("does not run a title's number into the row of values under it in a smaller type", () => {
    const frags = [
      f('PROCURADORIA GERAL DO ESTADO DE SÃO PAULO', 40, 74, 9),
      f('CERTIDÃO DE INSCRIÇÃO EM DÍVIDA ATIVA Nº 1.360.505.126', 40, 108, 10),
      f('3.113.294-1', 40, 128, 8), f('046-2 – ICMS - IMPOSTO DECLARADO E NÃO PAGO', 160, 128, 8),
      f('PTA Nº', 40, 138, 6), f('RECEITA', 160, 138, 6),
      f('89.563.314/0008-82', 40, 152, 8), f('CONSTRUTORA NOVA ERA LTDA', 160, 152, 8),
      f('CPF/CNPJ', 40, 162, 6), f('NOME', 160, 162, 6),
      f('Valor total: R$ 1.800,00', 40, 190, 8),
    ];
    expect(extractFromPages([page(1, frags)])[0].registrationNumber).toBe('1360505126');
  });

  it('ends a process number at a full stop before the next line\'s number', () => {
    expect(valuesOf('process', 'Administrativo nº 13896.481843/2017-65. 3880 Lei').map((v) => v.value)).toEqual(['13896481843201765']);
    expect(valuesOf('process', '13896 481843/2017-65').map((v) => v.value)).toEqual(['13896481843201765']);
  });

  it('reads OCR slips around an inscription: a speck dash before it, PGEN for PGFN in a decoy label', () => {
    expect(valuesOf('registration', '-44.753.813-7').map((v) => v.value)).toEqual(['447538137']);
    // OCR's comma for a dot inside a dotted number; an amount is still no inscription.
    expect(valuesOf('registration', '245.140,613-8').map((v) => [v.value, v.repaired])).toEqual([['2451406138', true]]);
    expect(valuesOf('registration', 'R$ 245.140,61 e 3-8')).toEqual([]);
    // A dash inside a code still joins its parts.
    expect(valuesOf('registration', '2017-44.753.813-7').map((v) => v.value)).toEqual(['2017447538137']);
    expect(findLabel('pgen de origem', true)?.kind).toBe('decoy');
  });

  it('takes a bare "Encargos" as the encargo label before a dotted leader or a dash, not in a sentence', () => {
    expect(findLabel('encargos..........................: 226,77 r$')?.kind).toBe('legalCharge');
    expect(findLabel('encargos - 714,40 r$')?.kind).toBe('legalCharge');
    expect(findLabel('encargos previstos na legislacao')).toBeNull();
  });

  it('reads a receita code printed with its check digit ("046-2") as one code', () => {
    expect(revenueValue('046-2')).toMatchObject({ code: '0462', description: '' });
    expect(revenueValue('2172 - COFINS')).toMatchObject({ code: '2172', description: 'COFINS' });
    // A legal reference under the receita's caption is the fundamentação beside it, not a receita.
    expect(revenueValue('Lei nº 8.212/91, art. 22, incisos I e II')).toBeNull();
    expect(revenueValue('LEITE E DERIVADOS')).toMatchObject({ description: 'LEITE E DERIVADOS' });
  });
});

describe('OCR slips in captions, rows and unlabelled numbers', () => {
  it('reads past a dot leader whose colon OCR read as a glyph ("DATA INSC.........3")', () => {
    const lines = buildLines([f('DATA INSC....................3', 40, 100), f('05/04/2021', 300, 100), f('CGC/MF.......................3', 40, 112), f('92.488.781/0001-23', 300, 112)], 1, true);
    const cands = geometricCandidates({ lines, skip: lines.map(() => false) });
    expect(cands.filter((c) => c.field === 'registrationDate').map((c) => [c.value.value, c.route])).toEqual([['2021-04-05', 'right']]);
    expect(cands.filter((c) => c.field === 'debtorDocument').map((c) => [c.value.value, c.route])).toEqual([['92488781000123', 'right']]);
  });

  it('reads a CNPJ whose second dot OCR lost ("27.084655/0002-22"), its check digits deciding', () => {
    expect(valuesOf('document', '27.084655/0002-22', true).map((v) => [v.value, v.valid])).toEqual([['27084655000222', true]]);
    // One glyph read twice: the one digit whose removal the check digits accept.
    expect(valuesOf('document', '90.618.5006/0007-47', true).map((v) => [v.value, v.valid, v.repaired])).toEqual([['90618506000747', true, true]]);
    expect(valuesOf('document', '41.522.083/00004-09', true).map((v) => v.value)).toEqual(['41522083000409']);
    expect(valuesOf('document', '90.618.5006/0007-47', false)).toEqual([]);
    // One digit confused with another passes the check digits before zeros restored in two places.
    expect(valuesOf('document', '060.991.611-04', true).map((v) => [v.value, v.repaired])).toEqual([['66099161104', true]]);
    // A space OCR set inside a group ("45.864.02 1/0004-36") or a speck beside a dot, only where the check digits pass.
    expect(valuesOf('document', 'CNPJ 45.864.02 1/0004-36, com', true).map((v) => [v.value, v.valid, v.repaired])).toEqual([['45864021000436', true, true]]);
    expect(valuesOf('document', 'CPF 285.558.74 1-73', true).map((v) => v.value)).toEqual(['28555874173']);
    expect(valuesOf('document', '52.047.:444/0007-71', true).map((v) => [v.value, v.repaired])).toEqual([['52047444000771', true]]);
    expect(valuesOf('document', '... 21/087.810/0002-88', true).map((v) => [v.value, v.repaired])).toEqual([['21087810000288', true]]);
    expect(valuesOf('document', 'CARLOS OLIVEIRA GONÇALVES - CPF/MF 707.272.182:71', true).map((v) => [v.value, v.repaired])).toEqual([['70727218271', true]]);
    expect(valuesOf('document', 'CNPJ 45.864.02 1/0004-37', true).map((v) => v.valid)).not.toContain(true);
    expect(valuesOf('document', 'CNPJ 45.864.02 1/0004-36', false)).toEqual([]);
  });

  it('reads an amount with a speck read as a dot after its currency sign ("R$.3.058,82")', () => {
    expect(valuesOf('money', 'R$.3.058,82 28/05/2019').map((v) => v.value)).toEqual(['305882']);
    expect(valuesOf('money', 'R$ 1.234,56').map((v) => v.value)).toEqual(['123456']);
  });

  it('drops specks glued to a situação\'s dashes', () => {
    expect(valuesOf('status', 'ATIVA AJUIZADA - GARANTIA .- PENHORA', true).map((v) => v.value)).toEqual(['ATIVA AJUIZADA - GARANTIA - PENHORA']);
    expect(valuesOf('status', 'INSCRITO - .PROTESTADO', true).map((v) => v.value)).toEqual(['INSCRITO - PROTESTADO']);
  });

  it('drops what is left of a dot leader before a value ("Sit... | ... ATIVA AJUIZADA")', () => {
    expect(valuesOf('status', '.. ATIVA AJUIZADA - GARANTIA - PENHORA', true).map((v) => v.value)).toEqual(['ATIVA AJUIZADA - GARANTIA - PENHORA']);
    expect(valuesOf('name', '... ACME COMÉRCIO LTDA').map((v) => v.value)).toEqual(['ACME COMÉRCIO LTDA']);
    // Its specks read as glyphs around the dots.
    expect(valuesOf('name', '0....? TRANSPORTADORA MINEIRA LTDA').map((v) => v.value)).toEqual(['TRANSPORTADORA MINEIRA LTDA']);
    expect(valuesOf('name', '3M DO BRASIL LTDA').map((v) => v.value)).toEqual(['3M DO BRASIL LTDA']);
  });

  const head = [f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA DA UNIÃO', 160, 60)];

  it('knows table headers whose l OCR read as k ("Mukta") and whose V as Y ("Ylr. Juros")', () => {
    const [h] = buildLines([f('Competência', 40, 100), f('Data de Vencimento', 120, 100), f('Mukta de efício', 240, 100), f('Ylr. Juros', 340, 100), f('Contribuição', 420, 100)], 1, true);
    expect(headerColumns(h)?.map((c) => c.kind)).toEqual(['period', 'due', 'fine', 'interest', 'principal']);
  });

  it('reads a scanned cell whose digits lost their punctuation, under its column, as cents or a date, flagged', () => {
    const lines = buildLines(
      [
        f('Período', 40, 100), f('Vencimento', 100, 100), f('Principal', 190, 100), f('Multa', 270, 100), f('Juros', 350, 100),
        f('01/2020', 40, 114), f('25052019', 100, 114), r('368372', 230, 114), r('73,67', 300, 114), r('12,00', 380, 114),
        f('02/2020', 40, 128), f('20/03/2020', 100, 128), r('100,00', 230, 128), r('20,00', 300, 128), r('1,00', 380, 128),
      ],
      1,
      true,
    );
    const t = readTables(lines);
    expect(t.rows).toEqual([
      { period: '2020-01', dueDate: '2019-05-25', principal: 368372, fine: 7367, interest: 1200 },
      { period: '2020-02', dueDate: '2020-03-20', principal: 10000, fine: 2000, interest: 100 },
    ]);
    expect(t.doubtful).toBe(1);
  });

  it('knows a table header word OCR misread by one letter ("Mula de ofício"), not a word two letters off', () => {
    const kinds = (fine: string, ocr: boolean) =>
      headerColumns(buildLines([f('Período de Apuração', 40, 100), f('Vencimento', 140, 100), f('Tributo', 240, 100), f(fine, 320, 100), f('Juros SELIC', 420, 100)], 1, ocr)[0])?.map((c) => c.kind) ?? null;
    expect(kinds('Mula de ofício', true)).toEqual(['period', 'due', 'principal', 'fine', 'interest']);
    // Two letters off, it names no column: an extra one, its amounts never the multa's.
    expect(kinds('Mola de ofício', true)).toEqual(['period', 'due', 'principal', 'other', 'interest']);
    // "Comp." whose m OCR read as "in" ("Atualização Coinp." over the periods).
    expect(headerColumns(buildLines([f('Juros Mora', 40, 100), f('Principal', 120, 100), f('Atualização Coinp.', 200, 100), f('Vlr. Multa Venc.', 320, 100), f('Subtotal', 440, 100)], 1, true)[0])?.map((c) => c.kind)).toEqual(['interest', 'principal', 'other', 'period', 'fine', 'due', 'other']);
    // Run into the words after it ("Mulitadeofício"): its one-letter-off prefix is the column word.
    expect(kinds('Mulitadeofício', true)).toEqual(['period', 'due', 'principal', 'fine', 'interest']);
    expect(kinds('Molitadeofício', true)).toBeNull();
    // A text layer's header is read as printed.
    expect(kinds('Mula de ofício', false)).toBeNull();
  });

  it('drops a speck OCR read between a situação\'s words', () => {
    expect(valuesOf('status', "EM'NEGOCIACAO NO SISPAR", true)[0]?.value).toBe('EM NEGOCIACAO NO SISPAR');
    expect(valuesOf('status', 'INSCRITO -: PROTESTADO', true)[0]?.value).toBe('INSCRITO - PROTESTADO');
    expect(valuesOf('status', "EM'NEGOCIACAO NO SISPAR", false)[0]?.value).toBe("EM'NEGOCIACAO NO SISPAR");
    // The next box's value OCR ran into it is cut; a situação's own last words stay.
    expect(valuesOf('status', 'EM NEGOCIACAO NO SISPAR RAT-RISCO AMBIENTAL DO TRABALHO', true)[0]?.value).toBe('EM NEGOCIACAO NO SISPAR');
    expect(valuesOf('status', 'INSCRITA - EM COBRANÇA ADMINISTRATIVA', true)[0]?.value).toBe('INSCRITA - EM COBRANÇA ADMINISTRATIVA');
  });

  it('reads a prose certificate whose "sob o nº" OCR read with a dot and whose CNPJ label it garbled, and keeps it apart from the next one on the page', () => {
    const frags = [
      ...head,
      f('Certifico que TÊXTIL BOA VISTA LTDA, C.N.P.3. 27.750.435/0001-00, com domicílio em Rua Sete, se acha inscrito(a) na', 40, 80, 9),
      f('Dívida Ativa da União sob o.nº 40 6 22 530537-91, em 21/05/2022, pelo débito abaixo discriminado.', 40, 91, 9),
      f('Valor Total: R$ 1.772,42', 40, 110), f('Principal: R$ 1.772,42', 300, 110),
      f('Emitida em 13/08/2025', 40, 130),
      f('Procuradora da Fazenda Nacional', 150, 150),
      f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 200), f('TERMO DE INSCRIÇÃO EM DÍVIDA ATIVA DA UNIÃO', 160, 220),
      f('N.º da CDA: 70 8 19 097747-23', 40, 240), f('Devedor: TÊXTIL BOA VISTA LTDA', 40, 254), f('Valor Total: R$ 2.408,29', 40, 268), f('Principal: R$ 2.408,29', 300, 268),
    ];
    const certs = extractFromPages([page(1, frags, true)]);
    expect(certs.map((c) => [c.registrationNumber, c.debtorName, c.total])).toEqual([
      ['4062253053791', 'TÊXTIL BOA VISTA LTDA', 177242],
      ['7081909774723', 'TÊXTIL BOA VISTA LTDA', 240829],
    ]);
  });

  it('reads captions with a hyphen for a space, an A without its dot before nº, a lone "sit" caption', () => {
    expect(findLabel('situacao da-inscricao.....: ajuizamento autorizado', true)).toMatchObject({ kind: 'status', end: 21 });
    expect(findLabel('p.a no 17279.082528/2020-08', true)?.kind).toBe('administrativeProcess');
    expect(findLabel('sit', true)?.kind).toBe('status');
    expect(findLabel('sitio do pica-pau', true)).toBeNull();
  });

  it('keeps the last debt row over a row of captions that stand over their own values', () => {
    const lines = buildLines(
      [
        f('Período', 40, 100), f('Vencto.', 100, 100), f('Tributo', 180, 100), f('Multa de mora', 260, 100), f('Juros', 360, 100),
        f('2013', 40, 114), f('15/04/2013', 100, 114), r('2.375,85', 230, 114), r('475,17', 320, 114), r('1.290,42', 400, 114),
        f('2015', 40, 128), f('15/03/2015', 100, 128), r('1.817,80', 230, 128), r('363,56', 320, 128), r('638,45', 400, 128),
        f('Imposto', 40, 142), f('Multa', 200, 142),
        f('4.193,65', 40, 156), f('838,73', 200, 156),
      ],
      1,
      true,
    );
    expect(readTables(lines).rows.map((x) => x.period)).toEqual(['2013', '2015']);
    // A line of one date and one amount over such captions is the consolidation's, not a debt row.
    const after = buildLines(
      [
        f('Período', 40, 100), f('Vencto.', 100, 100), f('Tributo', 180, 100), f('Multa de mora', 260, 100), f('Juros', 360, 100),
        f('2013', 40, 114), f('15/04/2013', 100, 114), r('2.375,85', 230, 114), r('475,17', 320, 114), r('1.290,42', 400, 114),
        f('22/10/2025', 40, 128), r('243.593,40', 230, 128),
        f('Multa de mora', 40, 142), f('Vlr. Juros', 200, 142),
        f('105.586,39', 40, 156), f('123.989,55', 200, 156),
      ],
      1,
      true,
    );
    expect(readTables(after).rows).toHaveLength(1);
  });

  /** A scanned two-row table (Período, Vencto., Tributo, Multa, Juros) with the periods and due dates given. */
  const twoRowTable = (rows: Array<[period: string, due: string]>) =>
    buildLines(
      [
        f('Período', 40, 100), f('Vencto.', 100, 100), f('Tributo', 180, 100), f('Multa', 260, 100), f('Juros', 360, 100),
        ...rows.flatMap(([period, due], k) => {
          const [p, m, j] = k === 0 ? ['552,62', '414,46', '417,60'] : ['856,80', '171,36', '641,69'];
          return [f(period, 40, 114 + 14 * k), f(due, 100, 114 + 14 * k), r(p, 230, 114 + 14 * k), r(m, 320, 114 + 14 * k), r(j, 400, 114 + 14 * k)];
        }),
      ],
      1,
      true,
    );

  it('keeps a row whose month OCR read with an extra digit ("190/2015") and restores it against its due date', () => {
    const t = readTables(twoRowTable([['09/2015', '25/10/2015'], ['190/2015', '20/11/2015']]));
    expect(t.rows.map((x) => x.period)).toEqual(['2015-09', '190/2015']);
    expect(repairRows(t.rows, {}, t.unreadableDue, null)).toEqual(['Período "190/2015" lido por OCR corrigido para 2015-10; confira']);
  });

  it('keeps a row whose period OCR garbled ("0272023", "2915") and restores it against its due date', () => {
    const t = readTables(twoRowTable([['0272023', '15/03/2023'], ['2915', '10/01/2015']]));
    expect(t.rows.map((x) => x.period)).toEqual(['2023-02', '2915']);
    expect(repairRows(t.rows, {}, t.unreadableDue, null)).toEqual(['Período "2915" lido por OCR corrigido para 2015; confira']);
    expect(t.rows[1].period).toBe('2015');
    // A row whose every amount lost its punctuation is kept, flagged, for the totals to check.
    const bare = readTables(twoRowTable([['01/2018', '25/02/2018'], ['02/2018', '15/03/2018']]).map((l, k) => (k === 1 ? { ...l, cells: l.cells.map((c) => ({ ...c, text: c.text.replace(/[.,]/g, '') })) } : l)));
    expect(bare.rows.map((x) => [x.period, x.principal, x.fine, x.interest])).toEqual([['2018-01', 55262, 41446, 41760], ['2018-02', 85680, 17136, 64169]]);
    expect(bare.warnings).toEqual(['Linha da tabela de débitos (01/2018) com valor ilegível ou fora das colunas; confira']);
    // A slash read as a ring ("0102016").
    expect(readTables(twoRowTable([['0102016', '07/02/2016'], ['02/2016', '20/03/2016']])).rows.map((x) => x.period)).toEqual(['2016-01', '2016-02']);
    // A quarter whose year the dotted zero garbled into five digits ("3º TRI/28020").
    const quarter = readTables(
      buildLines(
        [
          f('Período', 40, 100), f('Vencto.', 130, 100), f('Tributo', 210, 100), f('Multa', 290, 100), f('Juros', 390, 100),
          f('3º TRI/28020', 40, 114), f('29/10/2020', 130, 114), r('552,62', 260, 114), r('414,46', 350, 114), r('417,60', 430, 114),
          f('4º TRW/2020', 40, 128), f('29/01/2021', 130, 128), r('856,80', 260, 128), r('171,36', 350, 128), r('641,69', 430, 128),
        ],
        1,
        true,
      ),
    );
    expect(quarter.rows.map((x) => x.period)).toEqual(['3º TRI/28020', '4º TRW/2020']);
    expect(repairRows(quarter.rows, {}, quarter.unreadableDue, null)).toEqual([
      'Período "3º TRI/28020" lido por OCR corrigido para 2020-Q3; confira',
      'Período "4º TRW/2020" lido por OCR corrigido para 2020-Q4; confira',
    ]);
    // A period printed as a date whose slashes OCR lost ("11082020"), and a year cut short ("200"),
    // keep their rows, flagged: dropping one would shift every later row and break the sums.
    // A month's year in lookalike letters ("MAI/ZOI9").
    const letters = readTables(twoRowTable([['MAI/ZOI9', '20/06/2019'], ['JUN/2019', '15/07/2019']]));
    expect(letters.rows.map((x) => x.period)).toEqual(['MAI/ZOI9', '2019-06']);
    expect(repairRows(letters.rows, {}, letters.unreadableDue, null)).toEqual(['Período "MAI/ZOI9" lido por OCR corrigido para 2019-05; confira']);
    // A quarter whose digit OCR lost ("-TRI/2021"): its row kept, its period flagged as unread.
    const noDigit = readTables(twoRowTable([['-TRI/2021', '29/10/2021'], ['07/2021', '20/08/2021']]));
    expect(noDigit.rows.map((x) => x.period)).toEqual(['-TRI/2021', '2021-07']);
    // (The second row's due date lost a slash too: "2002/2011".)
    const lost = readTables(twoRowTable([['11082020', '28/09/2020'], ['200', '2002/2011']]));
    expect(lost.rows.map((x) => [x.period, x.dueDate, x.principal])).toEqual([['2020-08-11', '2020-09-28', 55262], ['200', '2011-02-20', 85680]]);
    expect(lost.warnings).toEqual([
      'Linha da tabela de débitos (11082020) com valor ilegível ou fora das colunas; confira',
      'Linha da tabela de débitos (200) com valor ilegível ou fora das colunas; confira',
    ]);
  });

  it('reads an amount after a speck\'s dot, and no amount in a code OCR read with a decimal dot under its own column', () => {
    expect(valuesOf('money', '.2.638,31', true).map((v) => v.value)).toEqual(['263831']);
    expect(valuesOf('money', 'R$ 1.234.567,89', true).map((v) => v.value)).toEqual(['123456789']);
    const lines = buildLines(
      [
        f('Ano', 40, 100), f('Cód.', 100, 100), f('Data Venc.', 160, 100), f('Tributo', 260, 100), f('Juros', 340, 100), f('Multa', 420, 100),
        f('2017', 40, 114), f('1.21', 100, 114), f('20/04/2017', 160, 114), r('R$ 73,50', 310, 114), r('R$ 65,64', 390, 114), r('R$ 14,70', 470, 114),
      ],
      1,
      true,
    );
    expect(readTables(lines).rows).toEqual([{ period: '2017', dueDate: '2017-04-20', principal: 7350, fine: 1470, interest: 6564 }]);
  });

  it('keeps a scanned row whose period and due date lost their slashes and two amounts their punctuation', () => {
    const lines = buildLines(
      [
        f('Período', 40, 100), f('Vencto.', 120, 100), f('Tributo', 200, 100), f('Multa', 280, 100), f('Juros', 360, 100),
        f('15032021', 40, 114), f('280400201', 120, 114), r('35.517,05', 250, 114), r('2663779', 330, 114), r('2310832', 410, 114),
        f('18/07/2021', 40, 128), f('28/08/2021', 120, 128), r('58.138,62', 250, 128), r('43.603,97', 330, 128), r('34.152,07', 410, 128),
      ],
      1,
      true,
    );
    const t = readTables(lines);
    expect(t.rows).toEqual([
      { period: '2021-03-15', dueDate: null, principal: 3551705, fine: 2663779, interest: 2310832 },
      { period: '2021-07-18', dueDate: '2021-08-28', principal: 5813862, fine: 4360397, interest: 3415207 },
    ]);
    expect(t.warnings).toEqual(['Linha da tabela de débitos (15032021) com valor ilegível ou fora das colunas; confira']);
  });

  it('reads a scanned header whose "JUROS SELIC" OCR ran together as "JUROSSELK", and a month read as "MAU2019" in a row', () => {
    const lines = buildLines(
      [
        f('COMPETÊNCIA', 40, 100), f('DT.VENC.', 140, 100), f('VALOR PRINCIPAL', 220, 100), f('MULTA', 330, 100), f('JUROSSELK', 400, 100),
        ...[['ABR/2019', '20/05/2019'], ['MAU2019', '20/06/2019'], ['JUN/2019', '15/07/2019']].flatMap(([p, d], k) => [
          f(p, 40, 114 + 14 * k), f(d, 140, 114 + 14 * k), r('100,00', 290, 114 + 14 * k), r('20,00', 370, 114 + 14 * k), r('30,00', 450, 114 + 14 * k),
        ]),
      ],
      1,
      true,
    );
    const t = readTables(lines);
    expect(t.rows.map((x) => [x.period, x.interest])).toEqual([['2019-04', 3000], ['MAU2019', 3000], ['2019-06', 3000]]);
    expect(repairRows(t.rows, {}, t.unreadableDue, null)).toEqual(['Período "MAU2019" lido por OCR corrigido para 2019-05; confira']);
  });

  it('reads a summary sentence after the table ("… R$ / 37.729,02 TOTAL DA DÍVIDA em …: R$ …") as fields, not as the table\'s totals row', () => {
    const frags = [
      ...head,
      f('Inscrição nº: 80 6 19 100001-93', 40, 90), f('CNPJ: 11.222.333/0001-81', 300, 90), f('Devedor: ACME COMERCIO LTDA', 40, 104),
      f('Período', 40, 130), f('Vencimento', 120, 130), f('Principal', 220, 130), f('Multa', 320, 130), f('Juros', 420, 130),
      f('03/2019', 40, 144), f('20/04/2019', 120, 144), r('100,00', 270, 144), r('20,00', 370, 144), r('30,00', 470, 144),
      f('Resumo do Débito', 40, 170),
      f('VI: Originário: R$ 100,00 Multa Moratória: R$ 20,00 Juros de mora: R$ 30,00 Encargo legal (DL 1.025/69): R$', 40, 184),
      f('30,00 TOTAL DA DÍVIDA em 26/09/2025: R$ 180,00', 40, 196),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c).toMatchObject({ principal: 10000, fine: 2000, interest: 3000, legalCharge: 3000, total: 18000, consolidationDate: '2025-09-26' });
  });

  it('flags debts not read when rows stand under a header the lexicon does not know', () => {
    const frags = [
      ...head,
      f('Inscrição nº: 80 6 19 100001-93', 40, 90), f('CNPJ: 11.222.333/0001-81', 300, 90), f('Devedor: ACME COMERCIO LTDA', 40, 104),
      f('Quando', 40, 130), f('Prazo', 120, 130), f('Quanto', 220, 130), f('Acréscimo', 320, 130),
      f('03/2019', 40, 144), f('20/04/2019', 120, 144), r('100,00', 270, 144), r('20,00', 370, 144),
      f('Valor total: R$ 120,00', 40, 170),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c.debts).toEqual([]);
    expect(c.fieldWarnings?.debts).toBe('Discriminação dos débitos não encontrada; confira');
  });

  it('reads a debt card whose period caption OCR ended with a comma', () => {
    const frags = [
      ...head,
      f('Inscrição nº: 80 6 19 100001-93', 40, 90), f('CNPJ: 11.222.333/0001-81', 300, 90), f('Devedor: ACME COMERCIO LTDA', 40, 104),
      ...['DÉBITO 1 - PER. APURAÇÃO,', 'SET/2017', 'DT. VENC.', '07/10/2017', 'VLR. ORIGINAL', 'R$ 100,00', 'MULTA', 'R$ 20,00', 'JUROS', 'R$ 30,00'].map((t, k) => f(t, 40, 130 + 12 * k)),
      f('Valor total: R$ 150,00', 40, 270),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c.debts).toEqual([{ period: '2017-09', dueDate: '2017-10-07', principal: 10000, fine: 2000, interest: 3000 }]);
  });

  it('reads a number that wraps in an OCR\'d paragraph whose lines OCR measured a size apart', () => {
    const frags = [
      ...head,
      f('O(A) Procurador(a) certifica que ACME COMERCIO LTDA (C.N.P.J. nº 11.222.333/0001-81) foi inscrito em Dívida Ativa da União sob o número 91 621', 40, 100, 37.8),
      f('603886-10, originária do Processo Administrativo nº 19515.171034/2020-78.', 40, 145, 42),
      f('TOTAL - 225,28 R$', 40, 200, 38),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c.registrationNumber).toBe('9162160388610');
  });

  it('reads a value over its caption, not under "Livro e Folha" (a decoy\'s caption) under the number\'s caption', () => {
    expect(findLabel('livro e folha')).toMatchObject({ kind: 'decoy', end: 13 });
    const frags = [
      f('SECRETARIA DA FAZENDA DO ESTADO DA BAHIA', 150, 40), f('CDA - CERTIDÃO DE DÍVIDA ATIVA', 160, 60),
      f('851.014.349-7', 40, 100), f('FARMÁCIA SANTA LUZIA LTDA', 200, 100), f('20.998.750/0004-54', 420, 100),
      f('Nº da CDA', 40, 112, 7), f('Devedor', 200, 112, 7), f('C.N.P.J.', 420, 112, 7),
      f('4771943', 40, 124), f('18/11/2016', 200, 124), f('R$ 100,00', 420, 124),
      f('Livro e Folha', 40, 136, 7), f('Inscrita em', 200, 136, 7), f('Valor total', 420, 136, 7),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c).toMatchObject({ registrationNumber: '8510143497', registrationDate: '2016-11-18' });
  });

  it('reads scanned captions whose dot leader OCR ended with a glyph or read as letters, and garbled "Dt. da Inscrição" captions', () => {
    const frags = [
      ...head,
      f('NÚMERO DA CDA................: 4042199327109', 40, 90), f('CNPJ Nº... 78.117.243/0006-06', 40, 104),
      f('RAZÃO SOCIAL....................: ACME IRMÃOS ROCHA LTDA', 40, 118),
      f('ORIGEM...............................7 1138 — RAT - RISCO AMBIENTAL DO TRABALHO', 40, 132),
      f('Inscrita em................es rr ereerereercerrereres 11/07/2016', 40, 146),
      f('Valor total: R$ 100,00', 40, 160),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c).toMatchObject({ revenueCode: '1138', registrationDate: '2016-07-11' });
    // A text layer's leader has no such glyphs: nothing changes there.
    expect(findLabel('de da inscricao', true)?.kind).toBe('registrationDate');
    expect(findLabel('da inscricao', true)?.kind).toBe('registrationDate');
    expect(findLabel('de da inscricao')).toBeNull();
    expect(findLabel('da inscricao em divida ativa', true)).toBeNull();
    // "NOME / RAZÃO SOCIAL" whose slash OCR lost.
    expect(findLabel('nome razao social do devedor textil paulista ltda epp', true)?.kind).toBe('debtorName');
    // "Dt. Inscrição" read as "De. Inscrição" or "Dx. Inscrição"; "INSCRITA EM" alone in its box as "ANSCRITAEM".
    expect(findLabel('de. inscricao', true)?.kind).toBe('registrationDate');
    expect(findLabel('dx. inscricao', true)?.kind).toBe('registrationDate');
    expect(findLabel('anscritaem', true)?.kind).toBe('registrationDate');
    expect(findLabel('anscritaem')).toBeNull();
    // A slash read as an f: "Livro/Folha" is still the decoy's caption, no value.
    expect(findLabel('livroffolha', true)?.kind).toBe('decoy');
    expect(findLabel('livroffolha')).toBeNull();
    // A d whose stem OCR lost: "CÓD." read as "CÓO.", "Dt. da Inscrição" as "Ot. da Inscrição".
    expect(findLabel('coo.', true)?.kind).toBe('revenueCode');
    expect(findLabel('ot. da inscricao', true)?.kind).toBe('registrationDate');
    expect(findLabel('coo.')).toBeNull();
    expect(findLabel('coa...........', true)?.kind).toBe('revenueCode');
    expect(findLabel('c.pf.', true)?.kind).toBe('debtorDocument');
    expect(findLabel('naturezajreceita', true)?.kind).toBe('revenue');
    expect(findLabel('data nsc.', true)?.kind).toBe('registrationDate');
    expect(findLabel('data nsc.')).toBeNull();
    // A c inside a word read as an e: "Inscrito em" as "imserito em".
    expect(findLabel('imserito em', true)?.kind).toBe('registrationDate');
    expect(findLabel('imserito em')).toBeNull();
    const split = [
      ...head,
      f('Processo Administrativo nº', 40, 90, 9), f('Pt.', 200, 90, 9), f('da Inscrição', 230, 90, 9), f('CNPJ', 400, 90, 9),
      f('2016401118', 40, 102), f('11/01/2016', 215, 102), f('76.683.909/0001-53', 400, 102),
      f('Nº da inscrição: 163210/2016', 40, 120), f('Valor total: R$ 100,00', 40, 134),
    ];
    expect(extractFromPages([page(1, split, true)])[0].registrationDate).toBe('2016-01-11');
  });

  it('takes a federal process number printed bare (17 digits, its year in place) when its caption is lost, flagged', () => {
    const frags = [
      ...head,
      f('Número da CDA', 40, 90, 8), f('50.6.17.925318-02', 40, 102), f('Devedor Principal', 40, 116, 8), f('METALÚRGICA BOA VISTA S.A.', 40, 128),
      f('CNPJ: 21.056.402/0001-88', 40, 142), f('Rua Sete de Setembro 1822, Maringá/PR', 40, 156), f('13896809692201740', 400, 156),
      f('Valor total: R$ 100,00', 40, 170),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c.administrativeProcess).toBe('13896809692201740');
    expect(c.warnings).toContain('Processo administrativo encontrado sem rótulo; confira');
  });

  it('keeps numbered debt cards at the same place on two pages whose numbers OCR read one slip apart, and an amount with a semicolon for its comma', () => {
    const card = (n: number, period: string, due: string, y: number, principal = 'R$ 100,00') =>
      [`DÉBITO ${n} - PER. APURAÇÃO`, period, 'VENC.', due, 'PRINCIPAL', principal, 'MULTA', 'R$ 20,00', 'JUROS', 'R$ 30,00'].map((t, k) => f(t, 40, y + 12 * k));
    const first = [
      ...head,
      f('Inscrição nº: 80 6 19 100001-93', 40, 90), f('CNPJ: 11.222.333/0001-81', 300, 90), f('Devedor: ACME COMERCIO LTDA', 40, 104),
      ...card(1, '27/01/2018', '28/02/2018', 130, 'R$ 100;00'),
    ];
    const pages = [page(1, first, true), page(2, card(5, '09/12/2018', '28/01/2019', 60), true), page(3, [...card(9, '19/07/2019', '28/08/2019', 60), f('Valor total: R$ 450,00', 40, 200)], true)];
    const [c] = extractFromPages(pages);
    expect(c.debts.map((d) => [d.period, d.principal])).toEqual([['2018-01-27', 10000], ['2018-12-09', 10000], ['2019-07-19', 10000]]);
  });

  it('reads prose rows whose period label OCR read with a colon and whose quarter\'s year it garbled, restored against the due date', () => {
    const frags = [
      ...head,
      f('Inscrição nº: 50 6 18 491615-11', 40, 90), f('CNPJ: 11.222.333/0001-81', 300, 90), f('Devedor: ACME COMERCIO LTDA', 40, 104),
      f('1) período de apuração 3º TRIM/2013, com vencimento em 29/10/2013: valor originário de R$', 40, 120),
      f('100,00, multa de R$ 20,00 e juros de mora de R$ 30,00;', 40, 132),
      f('2) período: de apuração 4º TRIM/20013, com vencimento em 28/01/2014: valor originário de R$', 40, 144),
      f('200,00, multa de R$ 40,00 e juros de mora de R$ 60,00;', 40, 156),
      f('Valor total: R$ 450,00', 40, 180),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c.debts.map((d) => [d.period, d.principal])).toEqual([['2013-Q3', 10000], ['2013-Q4', 20000]]);
    expect(c.warnings).toContain('Período "4º TRIM/20013" lido por OCR corrigido para 2013-Q4; confira');
  });

  it('reads a federal number OCR read with a digit twice ("800 4 22 …"), flagged; no number taken from under a decoy\'s caption or from inside one', () => {
    expect(valuesOf('registration', '800 4 22 507420-05', true).map((v) => [v.value, v.repaired])).toEqual([['8042250742005', true]]);
    // Two different digits in the long group: no reading.
    expect(valuesOf('registration', '810 4 22 507420-05', true)).toEqual([]);
    const frags = [
      f('MINISTÉRIO DA FAZENDA', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA PREVIDENCIÁRIA', 160, 60),
      f('Inscrição DEBCAD nº', 40, 90, 8), f('Domicílio', 300, 90, 8), f('5º.705.698-8', 40, 102), f('Rua das Flores 10, Centro', 300, 102),
      f('Nº do Processo', 40, 116, 8), f('Nº PGFN de Origem', 300, 116, 8), f('10880.413849/2022-52', 40, 128), f('60 4 22 893414-63', 300, 128),
      f('Unidade de Inscrição', 40, 142, 8), f('Executado', 300, 142, 8), f('60.036.61', 40, 154), f('FARMÁCIA MONTE CARMELO LTDA', 300, 154),
      f('CNPJ: 13.997.358/0002-63', 40, 170), f('Valor total: R$ 100,00', 40, 184),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c.registrationNumber).toBe('');
    expect(c.warnings).toContain('Campo não encontrado: número da inscrição');
  });

  it('reads no receita from an amount after "Tributo", no debts heading into a name, no CNPJ caption at a name\'s end', () => {
    expect(revenueValue('9716,70 Mylta Mora: 1943,34')).toBeNull();
    expect(revenueValue('1070 - ITR - IMPOSTO TERRITORIAL RURAL')).toMatchObject({ code: '1070' });
    expect(valuesOf('name', 'PANIFICADORA DO VALE LTDA EPP C.N.PJ.', true).map((v) => v.value)).toEqual(['PANIFICADORA DO VALE LTDA EPP']);
    const frags = [
      ...head,
      f('Inscrição nº: 80 6 19 100001-93', 40, 90, 11), f('CNPJ: 11.222.333/0001-81', 40, 104, 11), f('Executado: COMERCIAL BRASIL SUL LTDA', 40, 118, 11),
      f('DEMONSTRATIVO DO DÉBITO', 40, 132, 11),
      f('Período', 40, 146), f('Vencimento', 120, 146), f('Principal', 220, 146), f('Multa', 300, 146), f('Juros', 380, 146),
      f('02/2012', 40, 160), f('25/03/2012', 120, 160), r('100,00', 270, 160), r('20,00', 340, 160), r('30,00', 420, 160),
      f('Valor total: R$ 150,00', 40, 180),
    ];
    expect(extractFromPages([page(1, frags, true)])[0].debtorName).toBe('COMERCIAL BRASIL SUL LTDA');
  });

  it('reads a stack of caption-over-value boxes by their spacing when only a summary printed value over caption further down has typed values', () => {
    const boxes = [
      ['Unidade de Inscrição', '91.283.00'], ['Natureza/Receita', '2089 - IRPJ - LUCRO PRESUMIDO'], ['Inscrição de origem', '9470885756788'],
      ['SITUAÇÃO ATUAL DA INSCRIÇÃO', 'ATIVA AJUIZADA'], ['Fundamento Legal', 'Lei nº 9.249/95, art. 15'],
    ];
    const frags = [
      ...head,
      f('CERTIFICA que o débito de ACME COMERCIO LTDA (CNPJ nº 11.222.333/0001-81) foi inscrito sob o número 91.2.18.588579-73.', 40, 90),
      ...boxes.flatMap(([caption, value], k) => [f(caption, 40, 110 + 29 * k, 8.5), f(value, 40, 123 + 29 * k)]),
      f('593,58', 40, 300), f('3.561,34', 240, 300), f('Encargo legal', 40, 312, 8.5), f('Valor total', 240, 312, 8.5),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c).toMatchObject({ revenueCode: '2089', status: 'ATIVA AJUIZADA' });
  });

  it('keeps a signer\'s title at the top of the next page with the certificate it signs, though another certificate\'s signer repeats it', () => {
    const cert = (n: string, y: number) => [
      f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, y), f('CERTIDÃO DE DÍVIDA ATIVA', 160, y + 20),
      f(`Inscrição nº: ${n}`, 40, y + 50), f('CNPJ: 11.222.333/0001-81', 40, y + 64), f('Devedor: ACME COMERCIO LTDA', 40, y + 78),
      f('Valor total: R$ 100,00', 40, y + 92), f('Emitida em 01/11/2025', 40, y + 110),
    ];
    const pages = [
      page(1, [...cert('80 6 19 100001-93', 60), f('_______________________', 180, 780)]),
      page(2, [f('PROCURADOR DA FAZENDA NACIONAL', 190, 60), ...cert('80 6 19 100002-74', 100), f('_______________________', 180, 780)]),
      page(3, [f('PROCURADOR DA FAZENDA NACIONAL', 190, 60), ...cert('80 6 19 100003-55', 100)]),
    ];
    const certs = extractFromPages(pages);
    expect(certs.map((c) => c.pages)).toEqual([[1, 2], [2, 3], [3]]);
  });

  /** A scanned certificate of three prose debt rows (R$ 10, 20 and 30), each period and due date as given. */
  const proseRows = (rows: Array<[period: string, due: string]>) => {
    const row = (n: number, period: string, due: string, y: number) => f(`período de apuração ${period}, com vencimento em ${due}: valor originário de R$ ${n},00, multa de R$ 2,00 e juros de R$ 3,00;`, 40, y);
    const frags = [
      ...head,
      f('Inscrição nº: 80 6 19 100001-93', 40, 90), f('CNPJ: 11.222.333/0001-81', 300, 90), f('Devedor: ACME COMERCIO LTDA', 40, 104),
      ...rows.map(([period, due], k) => row(10 * (k + 1), period, due, 120 + 14 * k)),
      f('SIT: | ATIVA', 40, 170), f('Valor total: R$ 75,00', 40, 184),
    ];
    return extractFromPages([page(1, frags, true)])[0];
  };

  it('reads prose rows whose month OCR garbled with its slash kept ("MAU/2012") in printed order, restored by the rows around it', () => {
    const c = proseRows([['ABR/2012', '07/05/2012'], ['MAU/2012', '07/06/2012'], ['JUN/2012', '15/07/2012']]);
    expect(c.debts.map((d) => [d.period, d.principal])).toEqual([['2012-04', 1000], ['2012-05', 2000], ['2012-06', 3000]]);
    expect(c.warnings).toContain('Período "MAU/2012" lido por OCR corrigido para 2012-05; confira');
  });

  it('reads prose rows whose quarter OCR garbled ("ZT/2014": the 2 read as a Z; "2º TR!/2021": the I as a "!"), restored by their due dates, flagged', () => {
    const c = proseRows([['ZT/2014', '29/07/2014'], ['3T/2014', '29/10/2014'], ['2º TR!/2021', '30/07/2021']]);
    expect(c.debts.map((d) => [d.period, d.principal])).toEqual([['2014-Q2', 1000], ['2014-Q3', 2000], ['2021-Q2', 3000]]);
    expect(c.warnings).toContain('Período "ZT/2014" lido por OCR corrigido para 2014-Q2; confira');
  });

  it('reads scanned situação captions and values OCR marked ("SIT:", an em dash), and a month with a colon before its slash', () => {
    expect(findLabel('sit:', true)?.kind).toBe('status');
    expect(valuesOf('status', 'ATIVA — PROTESTADA', true).map((v) => v.value)).toEqual(['ATIVA - PROTESTADA']);
    expect(parsePeriod('DEZ:/2018')).toBe('2018-12');
    expect(valuesOf('status', 'ATIVA — PROTESTADA').map((v) => v.value)).toEqual(['ATIVA — PROTESTADA']);
  });

  it('takes a federal number whose caption OCR garbled, flagged: a DEBCAD printed bare in its box, or one over a decoy\'s line that carries its own value', () => {
    const bare = [
      f('MINISTÉRIO DA FAZENDA', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA - C.D.A.', 160, 60),
      f('Nm.imetrição Dívida Ativa', 40, 90, 8), f('Dt. Inscrição', 240, 90, 8), f('Unidade de Inscrição', 400, 90, 8),
      f('581568764', 40, 102), f('28/09/2023', 240, 102), f('60.776.81', 400, 102),
      f('CNPJ: 09.336.878/0005-09', 40, 120), f('Devedor: CLÍNICA MONTE CARMELO S/A', 40, 134), f('Valor total: R$ 100,00', 40, 148),
    ];
    const [b] = extractFromPages([page(1, bare, true)]);
    expect(b.registrationNumber).toBe('581568764');
    expect(b.warnings).toContain('Número da inscrição encontrado sem rótulo; confira');
    // One letter off ("instrição"), the caption is read as such.
    const near = bare.map((x) => (x.text.startsWith('Nm.') ? { ...x, text: 'Nm.instrição Dívida Ativa' } : x));
    const [n] = extractFromPages([page(1, near, true)]);
    expect(n.registrationNumber).toBe('581568764');
    expect(n.warnings).not.toContain('Número da inscrição encontrado sem rótulo; confira');
    const dashed = [
      f('MINISTÉRIO DA FAZENDA', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA - C.D.A.', 160, 60),
      f('Nm.iInscrição Divida Ativa - 44.112.619-8', 40, 90), f('Inscrição de origem - 6425149003001', 40, 102),
      f('CNPJ: 09.336.878/0005-09', 40, 120), f('Devedor: CLÍNICA MONTE CARMELO S/A', 40, 134), f('Valor total: R$ 100,00', 40, 148),
    ];
    expect(extractFromPages([page(1, dashed, true)])[0].registrationNumber).toBe('441126198');
  });

  it('drops a speck after a scanned situação and what OCR ran on after it', () => {
    expect(valuesOf('status', 'EM NEGOCIACAO NO SISPAR * ;Lein?8.212/91, arts. 20 e 30', true).map((v) => v.value)).toEqual(['EM NEGOCIACAO NO SISPAR']);
  });

  it('reads a debt card whose due date caption carries a speck\'s letter ("NVENC.")', () => {
    const frags = [
      ...head,
      f('Inscrição nº: 80 6 19 100001-93', 40, 90), f('CNPJ: 11.222.333/0001-81', 300, 90), f('Devedor: ACME COMERCIO LTDA', 40, 104),
      ...['DÉBITO 1 - PA.', '02/2020', 'NVENC.', '25/03/2020', 'TRIBUTO', '698,20 R$', 'MULTA DE OFÍCIO', '139,64 R$', 'JUROS', '155,08 R$'].map((t, k) => f(t, 40, 130 + 12 * k)),
      f('Valor total: R$ 992,92', 40, 270),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c.debts).toEqual([{ period: '2020-02', dueDate: '2020-03-25', principal: 69820, fine: 13964, interest: 15508 }]);
  });

  it('reads a debt card whose period caption OCR garbled past the lexicon ("DÉBITO 2 - CONP.")', () => {
    const card = (n: number, caption: string, period: string, due: string, y: number) =>
      [`DÉBITO ${n} - ${caption}`, period, 'VENC.', due, 'PRINCIPAL', 'R$ 100,00', 'MULTA', 'R$ 20,00', 'JUROS', 'R$ 30,00'].map((t, k) => f(t, 40, y + 12 * k));
    const frags = [
      ...head,
      f('Inscrição nº: 80 6 19 100001-93', 40, 90), f('CNPJ: 11.222.333/0001-81', 300, 90), f('Devedor: ACME COMERCIO LTDA', 40, 104),
      ...card(1, 'COMP.', '11/2017', '15/12/2017', 130),
      ...card(2, 'CONP.', '12/2017', '07/01/2018', 260),
      f('Valor total: R$ 300,00', 40, 390),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c.debts.map((d) => d.period)).toEqual(['2017-11', '2017-12']);
    // A card whose month OCR garbled ("96/2017": a dotted zero read as 9) is kept and restored against its due date.
    const zeroed = frags.map((x) => (x.text === '12/2017' ? { ...x, text: '96/2017' } : x.text === '07/01/2018' ? { ...x, text: '07/07/2017' } : x));
    const [z] = extractFromPages([page(1, zeroed, true)]);
    // Numbered cards keep their printed order, whatever their periods read as.
    expect(z.debts.map((d) => d.period)).toEqual(['2017-11', '2017-06']);
    expect(z.warnings).toContain('Período "96/2017" lido por OCR corrigido para 2017-06; confira');
  });

  it('lists numbered debt cards by their numbers when a garbled period would sort them out of place, and flags a period left unread', () => {
    const card = (n: number, period: string, due: string, y: number) =>
      [`DÉBITO ${n} - REFERÊNCIA`, `Exercício ${period}`, 'VENC.', due, 'PRINCIPAL', 'R$ 100,00', 'MULTA', 'R$ 20,00', 'JUROS', 'R$ 30,00'].map((t, k) => f(t, 40, y + 12 * k));
    const frags = [
      ...head,
      f('Inscrição nº: 80 6 19 100001-93', 40, 90), f('CNPJ: 11.222.333/0001-81', 300, 90), f('Devedor: ACME COMERCIO LTDA', 40, 104),
      // A dotted zero read as 6 ("2617"), or as two glyphs ("20018"); the third card's due date unread.
      ...card(1, '2617', '20/02/2017', 130),
      ...card(2, '20018', '20/02/2018', 260),
      ...card(3, '2620', 'sem data', 390),
      f('Valor total: R$ 450,00', 40, 520),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c.debts.map((d) => d.period)).toEqual(['2017', '2018', '2620']);
    expect(c.warnings).toContain('Período "20018" lido por OCR corrigido para 2018; confira');
    expect(c.warnings).toContain('Período "2620" ilegível na tabela de débitos; confira');
  });

  it('keeps a prose row whose month OCR read with a raised ordinal ("0º/2018"), its period flagged unread', () => {
    const row = (p: string, due: string, y: number) =>
      f(`a. competência ${p}, com vencimento em ${due}: valor originário de R$ 100,00, multa de R$ 20,00 e juros de mora de R$ 30,00;`, 40, y);
    const frags = [
      ...head,
      f('Inscrição nº: 80 6 19 100001-93', 40, 90), f('CNPJ: 11.222.333/0001-81', 300, 90), f('Devedor: ACME COMERCIO LTDA', 40, 104),
      f('Discriminação dos débitos:', 40, 120), row('0º/2018', '20/07/2018', 134), row('07/2018', '15/08/2018', 148), row('08/2018', '15/09/2018', 162),
      f('Valor total: R$ 450,00', 40, 190),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c.debts.map((d) => [d.period, d.dueDate])).toEqual([['0º/2018', '2018-07-20'], ['2018-07', '2018-08-15'], ['2018-08', '2018-09-15']]);
    expect(c.warnings).toContain('Período "0º/2018" ilegível na tabela de débitos; confira');
  });

  it('reads a value and its caption that OCR set on one line, value first', () => {
    const frags = [
      ...head,
      f('34.082.117-2 INSCRIÇÃO DEBCAD Nº', 40, 90), f('02/05/2022 DATA DE INSCRIÇÃO', 300, 90),
      f('CNPJ: 11.222.333/0001-81', 40, 110), f('Devedor: ACME COMERCIO LTDA', 300, 110),
      f('Valor total: R$ 180,00', 40, 130),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c).toMatchObject({ registrationNumber: '340821172', registrationDate: '2022-05-02' });
  });

  it('reads a status after an abbreviated caption whose dot OCR tripled', () => {
    const frags = [
      ...head,
      f('Inscrição nº: 80 6 19 100001-93', 40, 90), f('CNPJ: 11.222.333/0001-81', 300, 90), f('Devedor: ACME COMERCIO LTDA', 40, 104),
      f('SIT... EM NEGOCIACAÃO NO SISPAR', 40, 118),
      f('Valor total: R$ 180,00', 40, 130),
    ];
    expect(extractFromPages([page(1, frags, true)])[0].status).toBe('EM NEGOCIACAO NO SISPAR');
  });

  it('takes the one federal process number whose caption OCR lost, flagged, its dotted-zero year restored', () => {
    const frags = (proc: string) => [
      ...head,
      f('Inscrição nº: 80 6 19 100001-93', 40, 90), f('Devedor: ACME COMERCIO LTDA', 40, 104),
      f('CNPJ do Devedor', 40, 118), f(proc, 40, 132), f('11.222.333/0001-81', 300, 132),
      f('Valor total: R$ 180,00', 40, 150),
    ];
    const [c] = extractFromPages([page(1, frags('17279.486791/2021-46'), true)]);
    expect(c.administrativeProcess).toBe('17279486791202146');
    expect(c.fieldWarnings?.administrativeProcess).toBe('Processo administrativo encontrado sem rótulo; confira');
    expect(extractFromPages([page(1, frags('15989.554343/2621-13'), true)])[0].administrativeProcess).toBe('15989554343202113');
    expect(valuesOf('process', '15989.554343/2621-13', false)[0].value).toBe('15989554343262113');
    // Its dot read as a colon ("15989:467974/2022-54."): the whole number, flagged; not on a text layer.
    expect(valuesOf('process', 'nº 15989:467974/2022-54.', true).map((v) => [v.value, v.repaired])).toEqual([['15989467974202254', true]]);
    expect(valuesOf('process', 'nº 15989:467974/2022-54.', false).map((v) => v.value)).toEqual(['15989', '467974202254']);
  });

  it('flags an inscription number another reading on the scan gives one digit off, however weakly supported', () => {
    const body = [f('CERTIDÃO DE DÍVIDA ATIVA', 200, 40), f('Nº da inscrição: 9571479/2014', 40, 100), f('Devedor: JOÃO DA SILVA', 40, 114), f('Valor total: R$ 100,00', 40, 128)];
    const [c] = extractFromPages([page(1, [f('Inscrição 9971479/2014', 400, 20), ...body], true)]);
    expect(c.registrationNumber).toBe('9571479/2014');
    expect(c.fieldWarnings?.registrationNumber).toBe('Número da inscrição incerto: também lido 9971479/2014; confira');
    // One reading only: no such doubt.
    expect(extractFromPages([page(1, body, true)])[0].fieldWarnings?.registrationNumber ?? '').not.toMatch(/incerto/);
  });

  it('reads the number after a unit code that OCR set in the same cell', () => {
    expect(valuesOf('registration', '70.691.82 7082021065333', true).map((v) => v.value)).toEqual(['7082021065333']);
  });

  it('takes the receita code from prose whose description agrees with the labelled one', () => {
    const frags = [
      ...head,
      f('Inscrição nº: 80 6 19 100001-93', 40, 90), f('CNPJ: 11.222.333/0001-81', 300, 90), f('Devedor: ACME COMERCIO LTDA', 40, 104),
      f('A dívida tem origem em auto de infração, código de receita 1.2.1 - TAXA DE LICENÇA PARA', 40, 120, 9),
      f('FUNCIONAMENTO, e fundamenta-se na legislação indicada.', 40, 131, 9),
      f('Natureza da receita.....: TAXA DE LICENÇA PARA FUNCIONAMENTO', 40, 150),
      f('Valor total: R$ 180,00', 40, 170),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c).toMatchObject({ revenueCode: '121', revenueDescription: 'TAXA DE LICENÇA PARA FUNCIONAMENTO' });
  });

  it('reads "MULTA ISOLADA" under a "Receita" caption as the receita, not as a multa caption, and no unit code over it as the code', () => {
    expect(findLabel('multa isolada')).toBeNull();
    expect(findLabel('multa de mora')?.kind).toBe('fine');
    // Captions over values, one box under another; the unit's code stands right over "Receita".
    const boxes = [
      ['Número de Inscrição em Dívida Ativa', '4062378403028'], ['Processo Administrativo Fiscal', '10166.277117/2023-34'],
      ['Unidade de Inscrição', '40.226.68'], ['Receita', 'MULTA ISOLADA'], ['CPF/CNPJ', '476.981.170-57'],
      ['Sujeito passivo', 'ANA DOS SANTOS ARAÚJO'], ['Dt. Inscrição', '19/02/2023'], ['Valor total', 'R$ 100,00'],
    ];
    const frags = [...head, ...boxes.flatMap(([caption, value], k) => [f(caption, 40, 90 + 24 * k, 7), f(value, 40, 100 + 24 * k)])];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c).toMatchObject({ revenueCode: '', revenueDescription: 'MULTA ISOLADA', registrationNumber: '4062378403028', debtorDocument: '47698117057' });
  });

  it('reads "Código Tributário Municipal, art. 120" as a fundamentação, not as a code\'s caption', () => {
    expect(findLabel('codigo tributario municipal, art. 120')).toBeNull();
    expect(findLabel('codigo')?.kind).toBe('revenueCode');
    const rows = [
      ['RECEITA', '1.2.1 — TAXA DE LICENÇA PARA FUNCIONAMENTO'], ['NOME DO DEVEDOR', 'ACME COMERCIO LTDA'], ['CPF/CNPJ', '11.222.333/0001-81'],
      ['DOMICÍLIO TRIBUTÁRIO', 'Rua Marechal Deodoro 2700, Centro, Florianópolis/SC - CEP'], ['', '61844-107'],
      ['FUNDAMENTO LEGAL', 'Código Tributário Municipal, art. 120'], ['INSC. MUN.', '324.036-7'], ['TOTAL', 'R$ 310,09'],
    ];
    const frags = [
      ...head,
      f('CERTIDÃO DE INSCRIÇÃO EM DÍVIDA ATIVA MUNICIPAL Nº 621814/2019', 40, 80),
      ...rows.flatMap(([label, value], k) => [...(label ? [f(label, 40, 100 + 11 * k)] : []), f(value, 170, 100 + 11 * k)]),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c).toMatchObject({ revenueCode: '121', legalBasis: 'Código Tributário Municipal, art. 120' });
  });

  it('keeps a debt card\'s caption that stands at the same place on two pages (not a running header)', () => {
    const card = (n: number, period: string, due: string, y: number) =>
      [`DÉBITO ${n} - PERÍODO`, period, 'DATA VENC.', due, 'TRIBUTO', 'R$ 100,00', 'MULTA DE MORA', 'R$ 20,00', 'JUROS', 'R$ 30,00'].map((t, k) => f(t, 40, y + 12 * k));
    const first = [
      ...head,
      f('Inscrição nº: 80 6 19 100001-93', 40, 90), f('CNPJ: 11.222.333/0001-81', 300, 90), f('Devedor: ACME COMERCIO LTDA', 40, 104),
      ...card(1, '2016', '20/04/2016', 130),
    ];
    const [c] = extractFromPages([page(1, first), page(2, [...card(2, '2017', '20/01/2017', 60), f('Valor total: R$ 300,00', 40, 200)]), page(3, card(3, '2018', '20/02/2018', 60))]);
    expect(c.debts.map((d) => d.dueDate)).toEqual(['2016-04-20', '2017-01-20', '2018-02-20']);
  });
});

describe('a scanned situação split by OCR', () => {
  const head = [f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA DA UNIÃO', 160, 60), f('Inscrição nº: 80 6 19 100001-93', 40, 80), f('Valor total: R$ 100,00', 40, 200)];
  it('goes on in the next cell of its line when that cell holds situação words alone, the dash before a qualifier put back', () => {
    const [c] = extractFromPages([page(1, [...head, f('SITUAÇÃO ATUAL DA INSCRIÇÃO: ATIVA AJUIZADA', 40, 100), f('GARANTIA - PENHORA', 300, 100), f('Compõem a inscrição os seguintes débitos:', 40, 114)], true)]);
    expect(c.status).toBe('ATIVA AJUIZADA - GARANTIA - PENHORA');
    // Not into the next field's caption and value ("INSCRITA EM: 22/01/2025").
    const [d] = extractFromPages([page(1, [...head, f('SITUAÇÃO: ATIVA EM COBRANÇA', 40, 100), f('INSCRITA EM: 22/01/2025', 300, 100)], true)]);
    expect([d.status, d.registrationDate]).toEqual(['ATIVA EM COBRANCA', '2025-01-22']);
  });

  it('goes on in a line of situação words OCR sized taller, past a speck read as a full stop', () => {
    const [c] = extractFromPages([page(1, [...head, f('SITUAÇÃO ATUAL.........: ATIVA AJUIZADA - EXIGIBILIDADE DO CREDITO SUSPENSA-DECISAO.', 40, 100), f('JUDICIAL', 200, 113, 16), f('FUNDAMENTO..............: Lei nº 9.430/96, art. 44', 40, 126)], true)]);
    expect(c.status).toBe('ATIVA AJUIZADA - EXIGIBILIDADE DO CREDITO SUSPENSA-DECISAO JUDICIAL');
  });
});

describe('values a paragraph or a page break sets beside a caption', () => {
  it('does not read a decoy\'s caption OCR led with a glyph as the value beside a caption', () => {
    const frags = [
      f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('TERMO DE INSCRIÇÃO EM DÍVIDA ATIVA DA UNIÃO', 150, 60),
      f('Nº INSCRIÇÃO', 40, 80, 8), f('DATA DE INSCRIÇÃO', 400, 80, 8), f('80 6 19 100001-93', 40, 92), f('22/02/2015', 400, 92),
      f('NATUREZA DA DÍVIDA', 40, 108), f('DT — LIVRO E FOLHA', 170, 108), f('Nº DO PROCESSO', 330, 108),
      f('1097 — IPI - OUTROS PRODUTOS', 40, 120), f('3467 / 62', 220, 120), f('13896475415201384', 330, 120),
      f('Valor total: R$ 100,00', 40, 150),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect([c.revenueCode, c.revenueDescription]).toEqual(['1097', 'IPI - OUTROS PRODUTOS']);
  });

  it('does not read the number a sentence ends with as the value of the caption row under it', () => {
    const frags = [
      f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA PREVIDENCIÁRIA', 150, 60),
      f('O(A) Procurador(a) da Fazenda Nacional, no uso de suas atribuições legais, CERTIFICA que', 86, 140, 11),
      f('o débito abaixo descrito, de responsabilidade de COMERCIAL NOVA ERA S/A (CNPJ nº', 50, 154, 11),
      f('73.579.579/0005-96), foi inscrito em Dívida Ativa da União em 20 de maio de 2015, sob o número', 50, 169, 11),
      f('31.905.876-1, originária do Processo Administrativo nº 10166.485676/2014-21.', 50, 183, 11),
      f('CÓDIGO DA RECEITA', 54, 203, 9), f('Origem do Débito', 236, 203, 9),
      f('1082', 54, 217, 11), f('CONTRIBUIÇÃO EMPRESA/EMPREGADOR', 236, 217, 11),
      f('Base Legal', 54, 236, 9), f('Situação do Débito', 254, 236, 9),
      f('Lei nº 8.212/91, art. 22, incisos I e II', 54, 249, 11), f('EM NEGOCIACAO NO SISPAR', 254, 249, 11),
      f('Valor total: R$ 100,00', 50, 280, 11),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect(c.revenueCode).toBe('1082');
  });

  it('does not run a name at a page\'s foot into the value under the next page\'s first caption', () => {
    const first = [
      f('PROCURADORIA-GERAL DO ESTADO DO PARANÁ', 150, 40), f('CDA - CERTIDÃO DE DÍVIDA ATIVA Nº 1884287873', 150, 60),
      f('C.N.P.J.', 50, 80, 7.5), f('18.814.572/0005-01', 50, 91, 9), f('Executado', 50, 106, 7.5), f('METALÚRGICA NOVA ERA COMÉRCIO E SERVIÇOS LTDA', 50, 117, 9),
    ];
    const second = [
      f('Pág. 2/3', 514, 30, 6.5), f('Tributo', 50, 63, 7.5), f('ICMS - IMPOSTO DECLARADO E NÃO PAGO', 50, 74, 9),
      f('Inscrito em', 50, 89, 7.5), f('26/02/2021', 50, 99, 9), f('Valor total: R$ 100,00', 50, 130, 9),
    ];
    const [c] = extractFromPages([page(1, first), page(2, second)]);
    expect(c.debtorName).toBe('METALÚRGICA NOVA ERA COMÉRCIO E SERVIÇOS LTDA');
  });
});

describe('a receita whose description opens with an amount\'s word', () => {
  it('reads "MULTA POR INFRAÇÃO À CLT" under "Natureza/Receita" as the receita, not the address over the caption', () => {
    const frags = [
      f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CDA - CERTIDÃO DE INSCRIÇÃO EM DÍVIDA ATIVA', 150, 60),
      f('Inscrição em Dívida Ativa nº', 40, 80, 8), f('Inscrito em', 330, 80, 8), f('50 5 15 269887-51', 40, 92), f('05/03/2015', 330, 92),
      f('Endereço', 40, 108, 8), f('Rua XV de Novembro 1313, Santa Cruz, Uberlândia/MG - CEP 43585-030', 40, 120),
      f('Proc. Adm.', 40, 136, 8), f('Natureza/Receita', 330, 136, 8), f('10166775192201565', 40, 148), f('MULTA POR INFRAÇÃO À CLT', 330, 148),
      f('Multa de mora', 40, 164, 8), f('1.000,00', 40, 176), f('Valor total: R$ 3.000,00', 40, 196),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect([c.revenueCode, c.revenueDescription, c.fine]).toEqual(['', 'MULTA POR INFRAÇÃO À CLT', 100000]);
  });

  it('does not take the heading over "Imposto: | R$ 158,67" as the receita: that label names the principal', () => {
    const frags = [
      f('PREFEITURA MUNICIPAL DE MARINGÁ', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 150, 60),
      f('Inscrição nº', 40, 80), f('820636/2017', 200, 80), f('Contribuinte:', 40, 94), f('FARMÁCIA DO VALE EIRELI', 200, 94),
      f('Resumo do Débito', 40, 120), f('Imposto:', 40, 131), f('R$ 158,67', 205, 131), f('Vlr. Multa:', 40, 142), f('R$ 31,73', 210, 142),
      f('Total Geral em 14/08/2025:', 40, 153), f('R$ 190,40', 205, 153),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect([c.revenueDescription, c.principal, c.total]).toEqual(['', 15867, 19040]);
    expect(c.fieldWarnings?.revenueDescription).toBe('Campo não encontrado: receita (natureza do débito)');
  });
});

describe('captions run on past their separator, and leader tails OCR read into the value', () => {
  const head = (extra: Frag[]) => [
    f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 150, 60),
    f('Nº da Inscrição (DEBCAD)...............: 43.592.677-1', 40, 80), f('Valor total: R$ 100,00', 40, 300), ...extra,
  ];
  it('ends a name\'s caption at a value in capitals or at a dot leader without a colon', () => {
    expect(extractFromPages([page(1, head([f('Sujeito Passivo Principal COMERCIAL BRASIL SUL LTDA EPP', 40, 100)]), true)])[0].debtorName).toBe('COMERCIAL BRASIL SUL LTDA EPP');
    expect(extractFromPages([page(1, head([f('Sujeito Passivo Principal... LATICÍNIOS DO VALE LTDA', 40, 100)]), true)])[0].debtorName).toBe('LATICÍNIOS DO VALE LTDA');
    // An r read as a t ("Devedot"), the name under it.
    expect(extractFromPages([page(1, head([f('Devedot', 40, 100, 8), f('COMERCIAL DO VALE LTDA EPP', 40, 112)]), true)])[0].debtorName).toBe('COMERCIAL DO VALE LTDA EPP');
  });
  it('reads a code after its leader\'s tail in the next cell ("CÓD. RECEITA...... | ... 1082") and a situação after "nisso...)"', () => {
    const [c] = extractFromPages([page(1, head([
      f('Contribuinte: ACME LTDA', 40, 100), f('CÓD. RECEITA................', 40, 120), f('... 1082', 260, 120),
      f('Sit...', 40, 140), f('nisso...) ATIVA AJUIZADA - EXIGIBILIDADE DO CREDITO SUSPENSA', 120, 140),
    ]), true)]);
    expect([c.revenueCode, c.status]).toEqual(['1082', 'ATIVA AJUIZADA - EXIGIBILIDADE DO CREDITO SUSPENSA']);
  });
});

describe('a scanned total one digit off its parts', () => {
  it('takes the parts\' sum, flagged as repaired, and no longer says the total differs', () => {
    const frags = [
      f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 150, 60),
      f('Nº da Inscrição: 80 6 19 100001-11', 40, 80), f('Devedor: ACME LTDA', 40, 94),
      f('Principal:', 40, 110), r('1.356,15', 300, 110), f('Multa:', 40, 124), r('271,23', 300, 124), f('Juros:', 40, 138), r('1.219,54', 300, 138),
      f('Encargo legal:', 40, 152), r('569,38', 300, 152), f('Valor total:', 40, 166), r('3.416,36', 300, 166),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c.total).toBe(341630);
    expect(c.fieldWarnings?.total).toBe('Valor total "R$ 3.416,36" lido por OCR corrigido para R$ 3.416,30 pela soma das parcelas; confira');
    expect(c.warnings.some((w) => w.startsWith('Total impresso'))).toBe(false);
    // Printed so in a text layer, the document disagrees with itself: kept as printed, flagged.
    expect(extractFromPages([page(1, frags)])[0].total).toBe(341636);
  });
});

describe('captions OCR garbled on a row of captions', () => {
  it('takes the receita under its caption, not the garbled caption beside it ("NATUREZA DA RECEITA | sm."); reads "MATUREZA DO DEBITO" and ".NATUREZA/RECEITA"', () => {
    const top = [
      f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 150, 60),
      f('NÚMERO DA INSCRIÇÃO', 40, 80, 8), f('NOME DO DEVEDOR', 300, 80, 8), f('60 6 25 521351-63', 40, 92), f('CONSTRUTORA PAULISTA S/A', 300, 92),
      f('Valor total: R$ 100,00', 40, 300),
    ];
    const [a] = extractFromPages([page(1, [...top,
      f('CPF/CNPJ', 40, 110, 8), f('ENDEREÇO', 150, 110, 8), f('NATUREZA DA RECEITA', 400, 110, 8), f('sm.', 560, 110, 8),
      f('99.256.055/0006-39', 40, 122), f('Rodovia BR-116, km 4421', 150, 122), f('3880 — MULTA ISOLADA', 400, 122), f('ATIVA AJUIZADA', 560, 122)], true)]);
    expect([a.revenueCode, a.revenueDescription]).toEqual(['3880', 'MULTA ISOLADA']);
    const [b] = extractFromPages([page(1, [...top, f('MATUREZA DO DEBITO', 40, 110, 8), f('1138 - RAT - RISCO AMBIENTAL DO TRABALHO', 40, 122)], true)]);
    expect(b.revenueCode).toBe('1138');
    // A speck glued before the caption (".NATUREZA/RECEITA").
    const [d] = extractFromPages([page(1, [...top, f('.NATUREZA/RECEITA', 40, 110, 8), f('2917 - MULTA POR INFRAÇÃO À CLT', 40, 122)], true)]);
    expect(d.revenueCode).toBe('2917');
  });

  it('goes on with a situação under its caption into the next cell of situação words, with the dash OCR lost before a qualifier', () => {
    const [c] = extractFromPages([page(1, [
      f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 150, 60),
      f('Nº da Inscrição: 80 6 19 100001-11', 40, 80), f('Devedor: ACME LTDA', 40, 94),
      f('SITUAÇÃO ATUAL DA INSCRIÇÃO', 40, 120, 9), f('ATIVA AJUIZADA', 40, 132, 8), f('EXIGIBILIDADE DO CREDITO SUSPENSA-DECISAO JUDICIAL', 160, 132, 8),
      f('Valor total: R$ 100,00', 40, 300),
    ], true)]);
    expect(c.status).toBe('ATIVA AJUIZADA - EXIGIBILIDADE DO CREDITO SUSPENSA-DECISAO JUDICIAL');
  });

  it('reads "Inscrição hº 1.887.061.489, em 10/01/2015" (an n read as h) in prose', () => {
    const [c] = extractFromPages([page(1, [
      f('PROCURADORIA GERAL DO ESTADO DE SÃO PAULO', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 150, 60),
      f('CERTIFICO, para fins de cobrança judicial, que consta do Registro da Dívida Ativa do Estado de São Paulo a', 60, 80),
      f('Inscrição hº 1.887.061.489, em 10/01/2015, em nome de ANTÔNIO PEREIRA CASTRO NEVES, inscrito(a) no CPF sob o', 40, 92),
      f('nº 669.508.648-68, com domicílio em Av. Presidente Vargas 3563.', 40, 104), f('Valor total: R$ 100,00', 40, 300),
    ], true)]);
    expect([c.registrationNumber, c.registrationDate]).toEqual(['1887061489', '2015-01-10']);
  });
});

describe('a fundamentação\'s end', () => {
  const head = [
    f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 150, 60),
    f('Número de Inscrição em Dívida Ativa', 50, 80), f('2261671143005', 247, 80), f('Contribuinte', 50, 92), f('ACME LTDA', 247, 92),
    f('Valor total: R$ 100,00', 50, 300),
  ];
  it('keeps the semicolon between two citations across the wrap, and stops at a sentence from the margin ("O débito compõe-se …")', () => {
    const [a] = extractFromPages([page(1, [...head,
      f('Fundamento Legal', 50, 241), f('Lei Complementar nº 70/91, art. 1º; Lei nº 10.833/03, arts. 1º a 3º;', 247, 241), f('Lei nº 9.430/96, art. 61', 247, 253),
      f('Inscrita em', 50, 272), f('21/06/2016', 247, 272)])]);
    expect(a.legalBasis).toBe('Lei Complementar nº 70/91, art. 1º; Lei nº 10.833/03, arts. 1º a 3º; Lei nº 9.430/96, art. 61');
    const [b] = extractFromPages([page(1, [...head,
      f('LEGISLAÇÃO: Lei nº 7.689/88, art. 2º; Lei nº 9.249/95, art. 20', 50, 240, 11), f('O débito compõe-se das seguintes parcelas:', 50, 262, 11)])]);
    expect(b.legalBasis).toBe('Lei nº 7.689/88, art. 2º; Lei nº 9.249/95, art. 20');
  });

  it('does not take "I.E." (the inscrição estadual\'s caption) beside its caption as the fundamentação', () => {
    const [c] = extractFromPages([page(1, [...head,
      f('Fundamentação Legal', 54, 239, 8), f('I.E.', 384, 239, 8),
      f('Lei nº 6.374/1989, arts. 85 e 87; RICMS/2000, art. 527', 54, 251), f('585.489.512.101', 384, 251)])]);
    expect(c.legalBasis).toBe('Lei nº 6.374/1989, arts. 85 e 87; RICMS/2000, art. 527');
  });
});

describe('an inscription date behind a garbled caption or leader', () => {
  it('reads "Data Insc," (its dot read as a comma) and a leader read as strokes ending in a glyph ("......iiii..i.....7 - 25/08/2014")', () => {
    const base = [
      f('PROCURADORIA GERAL DO ESTADO', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA Nº 1.065.292.523', 150, 60),
      f('Contribuinte:', 40, 120), f('ANA CASTRO NEVES', 200, 120), f('Valor total: R$ 100,00', 40, 160),
    ];
    const [a] = extractFromPages([page(1, [...base, f('Data Insc,', 40, 80, 8), f('23/10/2018', 40, 92)], true)]);
    expect(a.registrationDate).toBe('2018-10-23');
    const [b] = extractFromPages([page(1, [...base, f('Dt. Inscrição.................................iiii..i.....7 - 25/08/2014', 40, 80)], true)]);
    expect(b.registrationDate).toBe('2014-08-25');
  });
});

describe('a value wrapped beside its label', () => {
  it('joins the receita\'s and the fundamentação\'s next lines set under the value, with nothing in the labels\' column', () => {
    const frags = [
      f('PREFEITURA MUNICIPAL DE UBERLÂNDIA', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 150, 60),
      f('Inscrição nº......................:', 50, 100, 9), f('70970/2021', 241, 100, 9),
      f('Contribuinte......................:', 50, 112, 9), f('ACME SERVIÇOS LTDA', 241, 112, 9),
      f('Procedência.....................:', 50, 214, 9), f('1113 - ISSQN - IMPOSTO SOBRE SERVIÇOS DE QUALQUER', 241, 214, 9),
      f('NATUREZA', 241, 226, 9),
      f('Situação do Débito..............:', 50, 238, 9), f('EM COBRANÇA', 241, 238, 9),
      f('Base Legal......................:', 50, 250, 9), f('Lei nº 8.212/91, art. 22, II; Decreto nº 3.048/99, art.', 241, 250, 9),
      f('202', 241, 262, 9),
      f('Insc. Mun.......................:', 50, 274, 9), f('497.600-6', 241, 274, 9),
      f('Valor total:', 50, 300, 9), f('R$ 100,00', 241, 300, 9),
    ];
    const [c] = extractFromPages([page(1, frags)]);
    expect([c.revenueCode, c.revenueDescription, c.legalBasis, c.status]).toEqual(['1113', 'ISSQN - IMPOSTO SOBRE SERVIÇOS DE QUALQUER NATUREZA', 'Lei nº 8.212/91, art. 22, II; Decreto nº 3.048/99, art. 202', 'EM COBRANCA']);
  });
});

describe('scanned rows and amounts OCR read past their shape', () => {
  const head = [f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 160, 60)];

  it('keeps prose rows whose quarter read as "17/2019" and whose date-shaped period read "88/10/2020", restored by their due dates', () => {
    const frags = [
      ...head,
      f('Inscrição nº: 50 6 18 491615-11', 40, 90), f('CNPJ: 11.222.333/0001-81', 300, 90), f('Devedor: ACME COMERCIO LTDA', 40, 104),
      f('a. período de apuração 17/2019, com vencimento em 29/04/2019: valor originário de R$', 40, 120),
      f('100,00, multa de R$ 20,00 e juros de mora de R$ 30,00;', 40, 132),
      f('b. período de apuração 27/2019, com vencimento em 28/07/2019: valor originário de R$', 40, 144),
      f('200,00, multa de R$ 40,00 e juros de mora de R$ 60,00;', 40, 156),
      f('Valor total: R$ 450,00', 40, 180),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c.debts.map((d) => [d.period, d.principal])).toEqual([['2019-Q1', 10000], ['2019-Q2', 20000]]);
    expect(c.warnings).toContain('Período "17/2019" lido por OCR corrigido para 2019-Q1; confira');

    const cards = [
      ...head,
      f('Inscrição nº: 50 6 18 491615-11', 40, 90), f('CNPJ: 11.222.333/0001-81', 300, 90), f('Devedor: ACME COMERCIO LTDA', 40, 104),
      f('DÉBITO 1 - PERÍODO', 40, 120), f('88/10/2020', 40, 132), f('VENCIMENTO', 40, 146), f('28/11/2020', 40, 158),
      f('VLR. ORIGINAL', 40, 172), f('R$ 100,00', 40, 184), f('MULTA', 40, 198), f('R$ 20,00', 40, 210), f('VLR. JUROS', 40, 224), f('R$ 30,00', 40, 236),
      f('Valor total: R$ 150,00', 40, 260),
    ];
    const [d] = extractFromPages([page(1, cards, true)]);
    expect(d.debts.map((r) => [r.period, r.dueDate, r.principal])).toEqual([['2020-10-08', '2020-11-28', 10000]]);
  });

  it('reads a scanned header two letters off on a long word ("Juros Morafóries"), not a word its column takes as it is ("ATUALIZAÇÃO")', () => {
    const cols = (cells: string[]) => headerColumns(buildLines(cells.map((t, k) => f(t, 40 + k * 100, 100)), 1, true)[0])?.map((c) => c.kind) ?? null;
    expect(cols(['Per. Apuração', 'Data de Vencimento', 'Tributo', 'Muka Meratória', 'Juros Morafóries', 'Valor Total'])).toEqual(['period', 'due', 'principal', 'fine', 'interest', 'other']);
    expect(cols(['COMPETÊNCIA', 'VENC.', 'JUROS MORA', 'TRIBUTO', 'ATUALIZAÇÃO', 'MULTA DE MORA'])).toEqual(['period', 'due', 'interest', 'principal', 'other', 'fine']);
    // Three letters off is no column word.
    expect(cols(['Per. Apuração', 'Vencimento', 'Tributo', 'Multa', 'Juros Marafaries'])).toBeNull();
  });

  it('takes as the encargo an amount whose comma OCR lost after its R$ ("iR$22387") when it closes the sum with the total, flagged', () => {
    const parts = [cand('principal', 48899, 3), cand('fine', 36675, 3), cand('interest', 26359, 3), cand('total', 134320, 3)];
    const c = chooseMoney(parts, [], { bare: new Map([[22387, 'R$22387']]) });
    expect(c.values.legalCharge).toBe(22387);
    expect(c.adds).toBe(true);
    expect(c.flags).toContainEqual(['legalCharge', 'Encargo lido por OCR sem a vírgula ("R$22387"), confirmado por fechar a soma com o total (R$ 1.343,20); confira']);
    // Digits that do not close the sum are left alone.
    expect(chooseMoney(parts, [], { bare: new Map([[22388, 'R$22388']]) }).values.legalCharge).toBeNull();
  });

  it("completes an amount OCR cut short (\"Encargos Legais: 1541853,\") by the total, flagged, and never gives it the total's figure beside it", () => {
    const frags = [
      ...head,
      f('Inscrição nº: 50 6 18 491615-11', 40, 90), f('CNPJ: 11.222.333/0001-81', 300, 90), f('Devedor: ACME COMERCIO LTDA', 40, 104),
      f('Tributo: 4324368, 96', 40, 120), f('Multa de mora: 1907333,22', 40, 134), f('Juros Mora: 1477566,01', 40, 148),
      f('Encargos Legais: 1541853,', 40, 162), f('Valor Total Atualizado: 9251121,83', 300, 162),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect([c.principal, c.fine, c.interest, c.legalCharge, c.total]).toEqual([432436896, 190733322, 147756601, 154185364, 925112183]);
    expect(c.fieldWarnings?.legalCharge).toBe('Valor lido incompleto por OCR ("1541853,"), completado como R$ 1.541.853,64 pela diferença com o total; confira');
    // Other reais than the difference's: not completed.
    const other = frags.map((x) => (x.text.startsWith('Encargos') ? { ...x, text: 'Encargos Legais: 1541863,' } : x));
    const [d] = extractFromPages([page(1, other, true)]);
    expect(d.legalCharge).not.toBe(154185364);
    expect(d.legalCharge).not.toBe(925112183);
    expect(d.fieldWarnings?.legalCharge ?? d.fieldWarnings?.total).toBeTruthy();
  });
});

describe('a situação and a receita code OCR left without their usual marks', () => {
  const head = [f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 160, 60)];
  const id = [f('Inscrição nº: 50 6 18 216267-72', 40, 80), f('CPF: 411.611.182-17', 300, 80), f('Devedor: JOÃO CASTRO NEVES SOUZA', 40, 94), f('Valor total: R$ 150,00', 40, 200)];

  it('takes a code under its caption with a full stop after it ("3880."), and a lone line of situação words whose caption OCR lost, flagged', () => {
    const frags = [
      ...head, ...id,
      f('Unidade de Inscrição', 40, 110), f('CÓDIGO DA RECEITA', 160, 110), f('Natureza da receita', 280, 110),
      f('50.409.68', 40, 122), f('3880.', 160, 122), f('MULTA ISOLADA', 280, 122),
      f('EM NEGOCIACAO NO SISPAR', 40, 140),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c.revenueCode).toBe('3880');
    expect(c.status).toBe('EM NEGOCIACAO NO SISPAR');
    expect(c.fieldWarnings?.status).toBe('Situação encontrada sem rótulo; confira');
    // Digits after its comma make an amount, no code.
    expect(valuesOf('code', '3880,55')).toEqual([]);
  });

  it('reads a situação after a leader OCR specked with small letters, and past a speck read as a full stop before a situação word', () => {
    const leader = [...head, ...id, f('SITUAÇÃO................c.cccm....: INSCRITA', 40, 120)];
    expect(extractFromPages([page(1, leader, true)])[0].status).toBe('INSCRITA');
    // Ending on a speck read as "?" before the value, no colon.
    const asked = [...head, ...id, f('Receita..................................i.....iiio....? 1070 - ITR - IMPOSTO TERRITORIAL RURAL', 40, 120)];
    expect(extractFromPages([page(1, asked, true)])[0]).toMatchObject({ revenueCode: '1070', revenueDescription: 'ITR - IMPOSTO TERRITORIAL RURAL' });
    const speck = [...head, ...id, f('Situação Atual..........:', 40, 120), f('ATIVA - EM COBRANÇA. ADMINISTRATIVA', 200, 120)];
    expect(extractFromPages([page(1, speck, true)])[0].status).toBe('ATIVA - EM COBRANCA ADMINISTRATIVA');
    // Glued between two words, in the gap it filled.
    const glued = [...head, ...id, f('Situação Atual..........:', 40, 120), f('ATIVA A.SER AJUIZADA', 200, 120)];
    expect(extractFromPages([page(1, glued, true)])[0].status).toBe('ATIVA A SER AJUIZADA');
    // Or before a link word that leads into one ("ATIVA. À SER AJUIZADA").
    const linked = [...head, ...id, f('Situação Atual..........:', 40, 120), f('ATIVA. À SER AJUIZADA', 200, 120)];
    expect(extractFromPages([page(1, linked, true)])[0].status).toBe('ATIVA A SER AJUIZADA');
    // A full stop before a word that is no situação's still ends it.
    const sentence = [...head, ...id, f('Situação Atual..........:', 40, 120), f('ATIVA AJUIZADA. CERTIFICO', 200, 120)];
    expect(extractFromPages([page(1, sentence, true)])[0].status).toBe('ATIVA AJUIZADA');
  });
});

describe('captions behind a rule\'s remnant or a speck read as a comma', () => {
  it('knows a caption after a thin letter a table rule left ("i Dt. Inscrição"), and "Inscrição, nº" in scanned prose', () => {
    expect(findLabel('i dt. inscricao', true)?.kind).toBe('registrationDate');
    expect(findLabel('i nomelrazao social', true)?.kind).toBe('debtorName');
    // A word that opens a sentence is no speck.
    expect(findLabel('a empresa acme', true)).toBeNull();
    const frags = [
      f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 160, 60),
      f('CERTIFICO que consta do Registro da Dívida Ativa da União a-Inscrição, nº', 40, 80),
      f('10 7 15 447761-49, em 04/07/2015, em nome de ACME LTDA, inscrita no CNPJ sob o nº 11.222.333/0001-81.', 40, 92),
      f('Valor total: R$ 150,00', 40, 120),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect([c.registrationNumber, c.registrationDate]).toEqual(['1071544776149', '2015-07-04']);
  });
});

describe('leaders, ordinals and lookalike letters OCR put in a value', () => {
  const head = [f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 160, 60)];
  const id = [f('Inscrição nº: 50 6 18 216267-72', 40, 80), f('CPF: 411.611.182-17', 300, 80), f('Valor total: R$ 150,00', 40, 200)];
  const one = (frags: Frag[]) => extractFromPages([page(1, [...head, ...id, ...frags], true)])[0];

  it('takes the name after a leader OCR ended with a glyph for its colon, or specked after a space', () => {
    expect(one([f('EXECUTADO...................i JOSÉ DE ASSIS PEREIRA', 40, 120)]).debtorName).toBe('JOSÉ DE ASSIS PEREIRA');
    expect(one([f('Contribuinte......................... ii... ANA DA SILVA CASTRO NEVES', 40, 120)]).debtorName).toBe('ANA DA SILVA CASTRO NEVES');
    expect(one([f('EXECUTADO.....................ii...i AGROPECUÁRIA PAULISTA S/A', 40, 120)]).debtorName).toBe('AGROPECUÁRIA PAULISTA S/A');
  });

  it("reads a receita code in its own box after the leader's end (\"... 2216\"), and past specks a leader left as small letters (\"cc.\")", () => {
    const base = [f('Devedor: JOÃO CASTRO NEVES SOUZA', 40, 94)];
    expect(one([...base, f('Receita...................', 40, 120), f('... 2216', 200, 120)]).revenueCode).toBe('2216');
    expect(one([...base, f('Receita......................: cc.', 40, 120), f('0211 — IRPF - DECLARAÇÃO DE AJUSTE ANUAL', 230, 120)])).toMatchObject({ revenueCode: '0211', revenueDescription: 'IRPF - DECLARAÇÃO DE AJUSTE ANUAL' });
    expect(revenueValue('cc.')).toBeNull();
  });

  it('reads a PGFN unit whose zero OCR took for an ordinal, an amount opening with a lookalike letter and a CNPJ with an ordinal for a digit, flagged', () => {
    expect(registrationValues('Nº DA INSCRIÇÃO 5º 4 19 086533-64', true).map((v) => [v.value, v.repaired])).toEqual([['5041908653364', true]]);
    expect(registrationValues('Número da Inscrição : 3395804448]', true).map((v) => [v.value, v.repaired])).toEqual([['33958044481', true]]);
    expect(registrationValues('CDANº.....sal TO 6 20 522173-87', true).map((v) => [v.value, v.repaired])).toEqual([['7062052217387', true]]);
    expect(registrationValues('Bo 6 14 325854-32', true).map((v) => [v.value, v.repaired])).toEqual([['8061432585432', true]]);
    expect(registrationValues('Inscrição nº.................:, BO31659540813', true).map((v) => [v.value, v.repaired])).toEqual([['8031659540813', true]]);
    expect(registrationValues('40.4.22,136770-02', true).map((v) => v.value)).toEqual(['4042213677002']);
    expect(registrationValues('500.4.24.608694-71', true).map((v) => [v.value, v.repaired])).toEqual([['5042460869471', true]]);
    expect(registrationValues('Número da Inscrição : 3395804448]', false).map((v) => v.value)).toEqual(['3395804448']);
    expect(valuesOf('money', 'Vlr. Multa: B44,95', true).map((v) => [v.value, v.repaired])).toEqual([['84495', true]]);
    expect(valuesOf('money', 'Vlr. Multa: 844,95', true).map((v) => [v.value, v.repaired])).toEqual([['84495', false]]);
    // A caption's colon glued to the amount; after a digit a colon is a thousands dot, no amount starts there.
    expect(valuesOf('money', 'TOTAL:1.234,56').map((v) => v.value)).toEqual(['123456']);
    expect(valuesOf('money', 'ENCARGO LEGAL (DL 1.025/69)::22903,27', true).map((v) => v.value)).toEqual(['2290327']);
    expect(valuesOf('money', '1:234,56').map((v) => v.value)).toEqual(['123456']);
    // Printed without thousands dots ("8887,44" read "B887,44").
    expect(valuesOf('money', 'B887,44', true).map((v) => [v.value, v.repaired])).toEqual([['888744', true]]);
    expect(valuesOf('money', '1O2345,67', true).map((v) => [v.value, v.repaired])).toEqual([['10234567', true]]);
    expect(valuesOf('money', 'Encargo legal: 21729,0º Total', true).map((v) => [v.value, v.repaired])).toEqual([['2172900', true]]);
    expect(valuesOf('money', 'Encargo legal: 21729,0º Total', false)).toEqual([]);
    // A word that ends in the letter is no amount's digit.
    expect(valuesOf('money', 'SUBS44,95', true).map((v) => v.value)).toEqual(['4495']);
    expect(valuesOf('document', '4º.526.646/0002-63', true).map((v) => [v.value, v.valid, v.repaired])).toEqual([['44526646000263', true, true]]);
  });

  it('reads a CPF with a glyph OCR read twice in one or two groups, where one reading passes its check digits, flagged for a co-debtor', () => {
    expect(valuesOf('document', 'CPF 126.8700.178-500', true).map((v) => [v.value, v.repaired])).toEqual([['12687017850', true]]);
    expect(valuesOf('document', 'CPF/MF 0000.614.632-56', true).map((v) => [v.value, v.repaired])).toEqual([['00061463256', true]]);
    expect(valuesOf('document', 'CPF 126.8700.178-500', false)).toEqual([]);
    const c = one([
      f('Devedor: JOÃO CASTRO NEVES SOUZA', 40, 94),
      f('CORRESPONSÁVEIS:', 40, 120),
      f('JOÃO FERREIRA RODRIGUES - CPF 126.8700.178-500 (art. 135, III, CTN)', 50, 132),
      f('CONCEIÇÃO DA SILVA SOUZA - CPF/MF 0000.614.632-56', 50, 144),
    ]);
    expect(c.coDebtors.map((d) => d.document)).toEqual(['12687017850', '00061463256']);
    expect(c.warnings).toContain('CPF do corresponsável JOÃO FERREIRA RODRIGUES corrigido de OCR ("126.8700.178-500"); confira');
    expect(c.fieldWarnings?.coDebtors).toBeTruthy();
  });

  it('completes a CPF/CNPJ whose check digits OCR lost at its box\'s end, and drops a process number\'s first group read twice, flagged', () => {
    expect(valuesOf('document', '41.965.185/0008-', true).map((v) => [v.value, v.valid, v.repaired])).toEqual([['41965185000822', true, true]]);
    // Not inside a line, where the digits may follow; not on a text layer.
    expect(valuesOf('document', '41.965.185/0008- e outros', true)).toEqual([]);
    expect(valuesOf('document', '41.965.185/0008-', false)).toEqual([]);
    expect(valuesOf('process', '13896. 13896.189760/2015-95', true).map((v) => v.value)).toEqual(['13896189760201595']);
    expect(valuesOf('process', '13896. 13896.189760/2015-95', false).map((v) => v.value)).toEqual(['13896', '13896189760201595']);
    // A thousands group with a digit read twice ("8.188.9200-6"): the digit once, flagged; not when two readings fit.
    expect(valuesOf('process', '8.188.9200-6', true).map((v) => [v.value, v.repaired])).toEqual([['81889206', true]]);
    expect(valuesOf('process', '8.188.9200-6', false).map((v) => v.value)).toEqual(['818892006']);
    expect(valuesOf('process', '8.188.9900-6', true).map((v) => v.repaired)).toEqual([undefined]);
  });

  it('reads a situação after a leader OCR ended with two or three specks ("..........ii! ATIVA"), and a code after two leader runs', () => {
    expect(one([f('Devedor: JOÃO CASTRO NEVES SOUZA', 40, 94), f('SITUAÇÃO................ii! ATIVA A SER AJUIZADA', 40, 120)]).status).toBe('ATIVA A SER AJUIZADA');
    expect(revenueValue('.. ... 0561 - IRRF - RENDIMENTO DO TRABALHO ASSALARIADO')).toMatchObject({ code: '0561', description: 'IRRF - RENDIMENTO DO TRABALHO ASSALARIADO' });
  });

  it('reads a table header whose fine OCR read two letters off ("Mukha Mora")', () => {
    const cols = (cells: string[]) => headerColumns(buildLines(cells.map((t, k) => f(t, 40 + k * 100, 100)), 1, true)[0])?.map((c) => c.kind) ?? null;
    expect(cols(['Período', 'Venc.', 'Principal', 'Corr. Monet.', 'Mukha Mora', 'Juros SELIC'])).toEqual(['period', 'due', 'principal', 'other', 'fine', 'interest']);
  });
});

describe('captions OCR garbled beside or over a value', () => {
  const head = [f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 160, 60)];

  it('never takes the next box\'s garbled caption ("CNP.") as the receita when values stand under both', () => {
    const frags = [
      ...head,
      f('Nº INSC.', 40, 80), f('40.8.22.730445-06', 40, 92),
      f('NATUREZA DA RECEITA', 40, 110), f('CNP.', 260, 110),
      f('1070 - ITR - IMPOSTO TERRITORIAL RURAL', 40, 122), f('92.011.407/0001-32', 260, 122),
      f('CONTRIBUINTE (DEVEDOR PRINCIPAL)', 40, 140), f('TRANSPORTADORA SÃO JORGE LTDA', 40, 152),
      f('Valor total: R$ 150,00', 40, 200),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c).toMatchObject({ revenueCode: '1070', revenueDescription: 'ITR - IMPOSTO TERRITORIAL RURAL', debtorDocument: '92011407000132' });
  });

  it('reads the value under a caption one letter off ("CONTRIBUNTE", "Recekta/Tributo")', () => {
    const frags = [
      ...head,
      f('Nº Insc.', 40, 80), f('60 4 21 263800-05', 40, 92),
      f('CONTRIBUNTE (DEVEDOR PRINCIPAL)', 40, 110), f('CNPJ', 300, 110),
      f('COMERCIAL TRÊS PODERES EIRELI', 40, 122), f('01.756.613/0006-20', 300, 122),
      f('Recekta/Tributo', 40, 140), f('1099 — CONTRIBUIÇÃO DOS SEGURADOS', 40, 152),
      f('Valor total: R$ 150,00', 40, 200),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c).toMatchObject({ debtorName: 'COMERCIAL TRÊS PODERES EIRELI', revenueCode: '1099' });
  });

  it('reads a caption whose short first word OCR misread by one letter ("BATA DE INSCRIÇÃO", "Nomes do Devedor"), only with more caption after it', () => {
    const frags = [
      ...head,
      f('Nº da inscrição', 40, 80), f('5062596122070', 40, 92),
      f('BATA DE INSCRIÇÃO', 40, 110), f('Nomes do Devedor', 200, 110), f('CNPJ/MF', 400, 110),
      f('31/07/2014', 40, 122), f('METALÚRGICA PAULISTA LTDA EPP', 200, 122), f('96.729.140/0002-55', 400, 122),
      f('Valor total: R$ 150,00', 40, 200),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c).toMatchObject({ registrationDate: '2014-07-31', debtorName: 'METALÚRGICA PAULISTA LTDA EPP' });
    // A short word alone is no caption put right.
    expect(findLabel('bata', true)).toBeNull();
    expect(findLabel('nomes', true)).toBeNull();
    expect(findLabel('bata de inscricao', false)).toBeNull();
  });

  it('takes a process number whose caption OCR lost, though a decoy caption under it heads the next box', () => {
    const frags = [
      ...head,
      f('Nº da inscrição', 40, 80), f('Tributo', 260, 80), f('5062596122070', 40, 92), f('MULTA ISOLADA', 260, 92),
      f('Cód. Receita', 40, 110), f('Data da Inscrição', 160, 110), f('Devedor', 300, 110),
      f('3880', 40, 122), f('30/06/2025', 160, 122), f('MARIA ARAÚJO DA SILVA', 300, 122),
      f('Domicdo', 160, 140), f('CC', 300, 140),
      f('17279.214865/2025-38', 40, 152), f('Av. Brasil 4538, Boa Vista', 160, 152), f('250.245.881-18', 300, 152),
      f('inscrição de origem', 40, 170), f('3479977417495', 40, 182),
      f('Valor total: R$ 150,00', 40, 200),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c.administrativeProcess).toBe('17279214865202538');
    expect(c.fieldWarnings?.administrativeProcess).toBe('Processo administrativo encontrado sem rótulo; confira');
  });

  it('never takes a subtotal under its caption for the total whose figure OCR garbled: the sum, flagged', () => {
    const frags = [
      ...head,
      f('Inscrição nº: 60 3 25 563525-57', 40, 80), f('CNPJ: 11.222.333/0001-81', 300, 80), f('Devedor: ACME COMERCIO LTDA', 40, 94),
      f('Resumo do Débito', 40, 130),
      f('501.207,75 R$', 40, 142), f('206.683,33 R$', 140, 142), f('300.408,32 R$', 240, 142), f('1.008.299,40 R$', 340, 142),
      f('Vl. Originário', 40, 154), f('Multa', 140, 154), f('Juros de mora', 240, 154), f('Subtotal (sem encargo)', 340, 154),
      f('201.659,88 R$', 40, 172), f('TIDO, RS', 240, 172),
      f('Encargo legal (DL 1.025/69)', 40, 184), f('Total do débito em 20/11/2025', 240, 184),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect([c.principal, c.fine, c.interest, c.legalCharge, c.total]).toEqual([50120775, 20668333, 30040832, 20165988, 120995928]);
    expect(c.fieldWarnings?.total).toBe('Valor total não lido; calculado como principal + multa + juros + encargo (R$ 1.209.959,28); confira');
  });
});

describe('a scan whose table header, cards, leaders and amounts OCR garbled', () => {
  const head = [f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 160, 60)];
  const id = [f('Inscrição nº: 50 6 18 216267-72', 40, 80), f('CPF: 411.611.182-17', 300, 80), f('Devedor: JOÃO CASTRO NEVES SOUZA', 40, 94)];
  const one = (frags: Frag[]) => extractFromPages([page(1, [...head, ...id, ...frags], true)])[0];

  it('reads a prose certificate whose "Certifico" OCR read with its r and t run into an n ("Cenifico que")', () => {
    const [c] = extractFromPages([
      page(1, [
        f('CERTIDÃO DE DÍVIDA ATIVA', 160, 60),
        f('Cenifico que METALÚRGICA ALVORADA LTDA, C.N.PJ. 16.097.044/0005-45, com domicílio em Av. Presidente Vargas 3246,', 40, 100),
        f('se acha inscrito(a) na Dívida Ativa da União sob o nº 4082598375357, em 30/06/2025.', 40, 112),
        f('Total em 25/08/2025 - 4.436,74', 40, 140),
      ], true),
    ]);
    expect(c.debtorName).toBe('METALÚRGICA ALVORADA LTDA');
  });

  it('takes the part before the next box of a value OCR ran into the next box\'s, over a row of captions ("Devedor | Endereço")', () => {
    const frags = [
      f('CERTIDÃO DE DÍVIDA ATIVA', 160, 60), f('Inscrição nº: 50 6 18 216267-72', 40, 80), f('CPF: 411.611.182-17', 300, 80),
      f('HELENA ARAÚJO DA SILVA - Av. Getúlio Vargas 3485, Boa Vista, Campinas/SP', 40, 110), f('Devedor', 40, 122), f('Endereço', 190, 122),
      f('Valor total: R$ 150,00', 40, 200),
    ];
    expect(extractFromPages([page(1, frags, true)])[0].debtorName).toBe('HELENA ARAÚJO DA SILVA');
  });

  it('takes no one word with a capital inside it for the value beside a caption, when values stand under both ("Procedência | LvdFis.")', () => {
    const c = one([
      f('Procedência', 40, 110), f('LvdFis.', 400, 110),
      f('1.2.1 - TAXA DE LICENÇA PARA FUNCIONAMENTO', 40, 124), f('82/151', 400, 124),
      f('Valor total: R$ 150,00', 40, 200),
    ]);
    expect([c.revenueCode, c.revenueDescription]).toEqual(['121', 'TAXA DE LICENÇA PARA FUNCIONAMENTO']);
  });

  it('reads a header whose due date\'s abbreviation OCR read one letter off ("Data Vonc.")', () => {
    const cols = (cells: string[]) => headerColumns(buildLines(cells.map((t, k) => f(t, 40 + k * 100, 100)), 1, true)[0])?.map((c) => c.kind) ?? null;
    expect(cols(['Per. Apuração', 'Data Vonc.', 'Tributo', 'Muita de mora', 'Vir. Juros'])).toEqual(['period', 'due', 'principal', 'fine', 'interest']);
    // An abbreviation one letter off ("Vercto." for Vencto.) names its column.
    expect(cols(['Cód.', 'Principal,', 'Juros', 'Período', 'Vercto.', 'Multa Nora'])).toEqual(['other', 'principal', 'interest', 'period', 'due', 'fine']);
    // One garbled past that ("Vkrxtp.") is a column named by what it holds.
    expect(cols(['Cód.', 'Principal,', 'Juros', 'Período', 'Vkrxtp.', 'Multa Nora'])).toEqual(['other', 'principal', 'interest', 'period', 'other', 'fine']);
    // A long word with no dot is no caption.
    expect(cols(['Cód.', 'Principal', 'Juros', 'Período', 'Vercido', 'Multa'])).toBeNull();
    // On a text layer the words are as printed: no such header.
    expect(headerColumns(buildLines(['Per. Apuração', 'Data Vonc.', 'Tributo'].map((t, k) => f(t, 40 + k * 100, 100)), 1, false)[0])).toBeNull();
  });

  it('names a column whose caption OCR garbled past one edit by what it holds: dates under it are the due dates', () => {
    const rows = (caption: string) =>
      one([
        f('Per. Apuração', 40, 120), f(caption, 120, 120), f('Tributo', 220, 120), f('Multa', 320, 120), f('Juros', 420, 120),
        f('2019', 40, 132), f('15/03/2019', 120, 132), r('1.000,00', 270, 132), r('100,00', 370, 132), r('50,00', 470, 132),
        f('2020', 40, 144), f('15/03/2020', 120, 144), r('2.000,00', 270, 144), r('20,00', 370, 144), r('10,00', 470, 144),
        f('Valor total: R$ 3.180,00', 40, 200),
      ]).debts.map((d) => [d.period, d.dueDate, d.principal]);
    expect(rows('Dt. Vemx.')).toEqual([['2019', '2019-03-15', 100000], ['2020', '2020-03-15', 200000]]);
    // A header that names its due column keeps it; the garbled one stays an extra column.
    expect(headerColumns(buildLines(['Per. Apuração', 'Vencimento', 'Dt. Vemx.', 'Tributo', 'Multa'].map((t, k) => f(t, 40 + k * 100, 100)), 1, true)[0])?.map((c) => c.kind)).toEqual(['period', 'due', 'other', 'principal', 'fine']);
  });

  it('reads a table amount whose decimal comma OCR read as a slash or lost after its thousands ("57.145/91", "7.92105")', () => {
    // Two rows of principal, multa 100,00 + 20,00 and juros 50,00 + 10,00 under their header.
    const table = (first: string, second: string, total: string) =>
      one([
        f('Período', 40, 120), f('Vencimento', 120, 120), f('Principal', 220, 120), f('Multa', 320, 120), f('Juros', 420, 120),
        f('2019', 40, 132), f('15/03/2019', 120, 132), r(first, 270, 132), r('100,00', 370, 132), r('50,00', 470, 132),
        f('2020', 40, 144), f('15/03/2020', 120, 144), r(second, 270, 144), r('20,00', 370, 144), r('10,00', 470, 144),
        f(`Valor total: R$ ${total}`, 40, 200),
      ]);
    const c = table('57.145/91', '7.92105', '65.247,96');
    expect(c.debts.map((d) => d.principal)).toEqual([5714591, 792105]);
    expect(c.principal).toBe(6506696);
    // A speck read as a third decimal ("11793,500").
    expect(table('11793,500', '1.000,00', '12.973,50').debts.map((d) => d.principal)).toEqual([1179350, 100000]);
  });

  it('gives a one-row table the certificate\'s printed part where OCR garbled its cell, when the parts add up to the total, flagged', () => {
    const rows = (interest: string, total: string) =>
      one([
        f('Período', 40, 120), f('Vencimento', 120, 120), f('Multa', 220, 120), f('Juros', 320, 120), f('Principal', 420, 120),
        f('27/06/2016', 40, 132), f('28/07/2016', 120, 132), r('46019,65', 270, 132), r(interest, 370, 132), r('61359,53', 470, 132),
        f('Valor Originário: R$ 61.359,53', 40, 150), f('Vlr. Multa: R$ 46.019,65', 40, 162), f('Vlr. Juros: R$ 40.164,20', 40, 174),
        f(`Valor Total: R$ ${total}`, 40, 186),
      ]);
    const c = rows('2,00', '147.543,38');
    expect(c.debts.map((d) => d.interest)).toEqual([4016420]);
    expect(c.warnings).toContain('Valor de juros da linha 2016-06-27 lido por OCR (R$ 2,00) corrigido para R$ 40.164,20, o valor impresso da certidão; confira');
    // Parts that do not add up to the total confirm nothing: the cell stays as read, the doubt flagged.
    const off = rows('2,00', '147.000,00');
    expect(off.debts.map((d) => d.interest)).not.toEqual([4016420]);
    expect(off.fieldWarnings?.total).toBeTruthy();
  });

  it('reads a card\'s period whose slash OCR lost ("112019") as a month, and keeps the cards in their order', () => {
    const card = (n: number, x: number, y: number, period: string, due: string, p: string) => [
      f(`DÉBITO ${n} - PA.`, x, y), f(period, x, y + 12), f('VENC.', x, y + 24), f(due, x, y + 36),
      f('PRINCIPAL', x, y + 48), f(`${p} R$`, x, y + 60), f('MULTA', x, y + 72), f('20,00 R$', x, y + 84), f('JUROS', x, y + 96), f('10,00 R$', x, y + 108),
    ];
    const c = one([...card(1, 40, 120, '10/2019', '20/11/2019', '100,00'), ...card(2, 300, 120, '112019', '20/12/2019', '200,00'), f('Valor total: R$ 360,00', 40, 300)]);
    expect(c.debts.map((d) => d.period)).toEqual(['2019-10', '2019-11']);
    expect(c.debts.map((d) => d.principal)).toEqual([10000, 20000]);
  });

  it('leaves a card\'s part unread where OCR garbled its amount ("R$4.809,"), never filled with the next part\'s amount', () => {
    const card = (n: number, x: number, p: string) => [
      f(`DÉBITO ${n} - PERÍODO`, x, 120), f(String(2013 + n), x, 132), f('DATA DE VENCIMENTO', x, 144), f(`15/04/${2013 + n}`, x, 156),
      f('VL. ORIGINÁRIO', x, 168), f(p, x, 180), f('MULTA MORA', x, 192), f('R$961,88', x, 204), f('JUROS DE MORA', x, 216), f('R$482,73', x, 228),
    ];
    const c = one([...card(1, 40, 'R$4.809,'), ...card(2, 300, 'R$6.269,44'), f('Valor total: R$ 9.999,00', 40, 300)]);
    expect(c.debts.map((d) => [d.principal, d.fine])).toEqual([[0, 96188], [626944, 96188]]);
    expect(c.warnings).toContain('Valor de principal não encontrado em 1 linha(s) dos débitos; confira');
  });

  it('reads a card\'s amount under a long caption OCR garbled by two letters ("CONTRISVIÇÃO")', () => {
    const card = (n: number, x: number, period: string, caption: string, p: string) => [
      f(`DÉBITO ${n} - PERÍODO`, x, 120), f(period, x, 132), f('DT. VENC.', x, 144), f(`25/${period}`.replace(/^25\/(\d{2})/, (_, m) => `25/${String(Number(m) + 1).padStart(2, '0')}`), x, 156),
      f(caption, x, 168), f(`R$ ${p}`, x, 180), f('MULTA DE MORA', x, 192), f('R$ 20,00', x, 204), f('JUROS', x, 216), f('R$ 10,00', x, 228),
    ];
    const c = one([...card(1, 40, '04/2016', 'CONTRIBUIÇÃO', '100,00'), ...card(2, 300, '05/2016', 'CONTRISVIÇÃO', '200,00'), f('Valor total: R$ 360,00', 40, 300)]);
    expect(c.debts.map((d) => [d.period, d.principal])).toEqual([['2016-04', 10000], ['2016-05', 20000]]);
  });

  it('reads a written-out debt row whose "lançamento" OCR read with its n split in two ("lançamerito")', () => {
    const c = one([
      f('Discriminação dos débitos:', 40, 110),
      f('1) lançamento de 08/04/2012, com vencimento em 28/05/2012: valor originário de R$ 3.134,21, multa de ofício', 50, 122),
      f('(75%) de R$ 2.350,66 e juros de mora de R$ 2.608,51;', 50, 134),
      f('2) lançamerito de 09/01/2013, com vencimento em 28/02/2013: valor originário de R$ 86.814,44, multa de', 50, 146),
      f('ofício (75%) de R$ 65.110,83 e juros de mora de R$ 23.173,79;', 50, 158),
    ]);
    expect(c.debts.map((d) => [d.period, d.dueDate, d.principal])).toEqual([['2012-04-08', '2012-05-28', 313421], ['2013-01-09', '2013-02-28', 8681444]]);
  });

  it('takes a situação after its caption and leader OCR garbled into one long word of small letters, flagged', () => {
    const c = one([f('O Mcccereeerereeareranereeraasanaareneraraaaeracierererereeross INSCRITA', 40, 120), f('Valor total: R$ 150,00', 40, 200)]);
    expect(c.status).toBe('INSCRITA');
    expect(c.fieldWarnings?.status).toBe('Situação encontrada sem rótulo; confira');
    // A leader's last specks read as digits before the situação are no part of it.
    expect(valuesOf('status', '03 ATIVA', true).map((v) => v.value)).toEqual(['ATIVA']);
    expect(valuesOf('status', '«ATIVA - PROTESTADA', true).map((v) => v.value)).toEqual(['ATIVA - PROTESTADA']);
    expect(garbledLeaderLead('e eerereeecereececeeeei ajuizamento autorizado')).toBe('e eerereeecereececeeeei '.length);
    // A word of a sentence is no leader, though made of the same letters.
    expect(garbledLeaderLead('o necessariamente inscrita')).toBe(0);
    expect(one([f('O necessariamente INSCRITA', 40, 120), f('Valor total: R$ 150,00', 40, 200)]).status).toBe('');
  });

  it('takes a situação after a caption OCR garbled to a few letters and a leader with specks ("SIL..........s.se iii? AJUIZADA"), flagged', () => {
    const c = one([f('SIL..........s.se iii? AJUIZADA', 40, 120), f('Valor total: R$ 150,00', 40, 200)]);
    expect(c.status).toBe('AJUIZADA');
    expect(c.fieldWarnings?.status).toBe('Situação encontrada sem rótulo; confira');
    // A word of the situação after the leader is no speck: the whole of it is kept.
    expect(one([f('SM... ... EM NEGOCIAÇÃO NO SISPAR', 40, 120), f('Valor total: R$ 150,00', 40, 200)]).status).toBe('EM NEGOCIACAO NO SISPAR');
    expect(garbledLeaderLead('sm... ... em negociacao no sispar')).toBe('sm... ... '.length);
    // A caption read whole is no garbled one.
    expect(garbledLeaderLead('situacao.......: ajuizada')).toBe(0);
  });

  it('reads a date OCR lost a slash of ("2310/2025"), flagged, only on a scan', () => {
    expect(valuesOf('date', 'Atualizado até.....: 2310/2025', true).map((v) => [v.value, v.repaired])).toEqual([['2025-10-23', true]]);
    expect(valuesOf('date', '23/102025', true).map((v) => v.value)).toEqual(['2025-10-23']);
    expect(valuesOf('date', '2310/2025', false)).toEqual([]);
    // No date: a month 13, or a number with more digits.
    expect(valuesOf('date', '2313/2025', true)).toEqual([]);
    expect(valuesOf('date', '12310/2025', true)).toEqual([]);
  });

  it('reads an encargo caption one letter off before a bracketed qualifier ("Entargo legal (DL 1.025/69):"), and its amount one slip off, at the encargo\'s rate, by the total and the rows, flagged', () => {
    const table = [
      f('Período', 40, 110), f('Vencimento', 120, 110), f('Principal', 220, 110), f('Multa', 300, 110), f('Juros', 380, 110),
      f('01/2015', 40, 122), f('20/02/2015', 120, 122), r('7.628,37', 270, 122), r('1.525,67', 340, 122), r('2.446,49', 420, 122),
    ];
    const c = one([
      ...table,
      f('Valor Originário:', 40, 140), f('7628,37', 200, 140), f('Multa de mora:', 40, 152), f('1525,67', 200, 152),
      f('Vlr. Juros:', 40, 164), f('2446,49', 200, 164), f('Entargo legal (DL 1.025/69):', 40, 176), f('1150,05', 200, 176),
      f('Valor Total Atualizado:', 40, 188), f('12760,58', 200, 188),
    ]);
    expect([c.principal, c.fine, c.interest, c.legalCharge, c.total]).toEqual([762837, 152567, 244649, 116005, 1276058]);
    expect(c.fieldWarnings?.legalCharge).toBe('Encargo "R$ 1.150,05" lido por OCR corrigido para R$ 1.160,05 pelo total e pelas linhas da tabela de débitos; confira');
    // Not where the amount read is the one at the rate and the total's own slip explains the gap as well.
    const d = one([
      ...table,
      f('Valor Originário:', 40, 140), f('7628,37', 200, 140), f('Multa de mora:', 40, 152), f('1525,67', 200, 152),
      f('Vlr. Juros:', 40, 164), f('2446,49', 200, 164), f('Encargo legal:', 40, 176), f('1160,05', 200, 176),
      f('Valor Total Atualizado:', 40, 188), f('12750,58', 200, 188),
    ]);
    expect(d.legalCharge).toBe(116005);
  });

  it('takes the encargo one slip off, at the encargo\'s rate, where the choice had left it out and taken the table\'s subtotal for the total, flagged', () => {
    // 2.113.913,34 + 1.585.435,09 + 1.055.694,23 = 4.755.042,66 (the subtotal column's total); the encargo, 20 % of
    // it, 951.008,53, read 951.608,53; the total 5.706.051,19 printed right (the parts with the amount read,
    // 5.706.651,19, are one slip off it as well: the rate decides).
    const c = one([
      f('Período', 40, 110), f('Vencimento', 120, 110), f('Principal', 220, 110), f('Multa', 300, 110), f('Juros', 380, 110), f('Subtotal', 460, 110),
      f('01/2015', 40, 122), f('20/02/2015', 120, 122), r('2113913,34', 270, 122), r('1585435,09', 340, 122), r('1055694,23', 420, 122), r('4755042,66', 500, 122),
      f('Totais', 40, 134), r('2113913,34', 270, 134), r('1585435,09', 340, 134), r('1055694,23', 420, 134), r('4755042,66', 500, 134),
      f('Somados os débitos acima, resultam principal de R$ 2.113.913,34, multa de R$ 1.585.435,09 e juros de R$ 1.055.694,23, aos quais', 40, 160),
      f('se acrescenta o encargo legal no valor de R$ 951.608,53, totalizando R$ 5.706.051,19, valores consolidados em 28/10/2025.', 40, 172),
    ]);
    expect([c.legalCharge, c.total]).toEqual([95100853, 570605119]);
    expect(c.fieldWarnings?.legalCharge).toBe('Encargo "R$ 951.608,53" lido por OCR corrigido para R$ 951.008,53 pelo total e pelas linhas da tabela de débitos; confira');
    expect(c.fieldWarnings?.total).toBeUndefined();
  });

  it('reads an amount whose thousands dots OCR read as commas ("11,503,61"), after "Encargos" and its dot leader', () => {
    expect(valuesOf('money', 'Encargos...... ... 11,503,61 R$', true).map((v) => [v.value, v.repaired])).toEqual([['1150361', true]]);
    expect(valuesOf('money', '11,503,61', false)).toEqual([]);
    // A list of amounts stays a list.
    expect(valuesOf('money', '11,50, 3,61', true).map((v) => v.value)).toEqual(['1150', '361']);
    expect(findLabel('encargos...... ... 11,503,61 r$', true)?.kind).toBe('legalCharge');
    // "encargos" in running text is no caption.
    expect(findLabel('encargos previstos na legislacao', false)).toBeNull();
    const c = one([
      f('Principal: R$ 2.000,00', 40, 120), f('Multa: R$ 400,00', 40, 132), f('Juros: R$ 254,39', 40, 144),
      f('Encargos...................... ... 1,530,87 R$', 40, 156), f('Valor total: R$ 4.185,26', 40, 168),
    ]);
    expect(c.legalCharge).toBe(153087);
  });

  it('takes, of an amount with a speck among its decimals ("3201,005": 3.201,00 or 3.201,05), the reading its row\'s total confirms, flagged', () => {
    const c = one([
      f('Competência', 40, 110), f('Vencimento', 120, 110), f('Juros', 220, 110), f('Multa', 300, 110), f('Principal', 380, 110), f('Total', 460, 110),
      f('01/2018', 40, 122), f('07/02/2018', 120, 122), r('1502,900', 270, 122), r('3201,005', 340, 122), r('4268,07', 420, 122), r('8972,02', 500, 122),
      f('02/2018', 40, 134), f('07/03/2018', 120, 134), r('2748,803', 270, 134), r('1095,49', 340, 134), r('5477,43', 420, 134), r('9320,95', 500, 134),
    ]);
    expect(c.debts.map((d) => [d.interest, d.fine])).toEqual([[150290, 320105], [274803, 109549]]);
    expect(c.warnings).toContain('Valor "3201,005" da linha 01/2018 lido por OCR corrigido para R$ 3.201,05; confira');
    expect(c.warnings).toContain('Valor "1502,900" da linha 01/2018 lido por OCR corrigido para R$ 1.502,90; confira');
  });

  it('takes, where the row prints no total, the reading of a speck-decimal amount its column\'s printed total confirms; a speck after the comma is no digit ("19288,.17")', () => {
    const c = one([
      f('Competência', 40, 110), f('Vencimento', 120, 110), f('Principal', 220, 110), f('Multa', 300, 110), f('Juros', 380, 110),
      f('11/2018', 40, 122), f('07/12/2018', 120, 122), r('25216,007', 270, 122), r('5043,21', 340, 122), r('21451,76', 420, 122),
      f('12/2018', 40, 134), f('25/01/2019', 120, 134), r('19288,.17', 270, 134), r('3857,63', 340, 134), r('4864,09', 420, 134),
      f('TOTAL', 40, 146), r('44504,24', 270, 146), r('8900,84', 340, 146), r('26315,85', 420, 146),
      f('Valor total: R$ 79.720,93', 40, 170),
    ]);
    expect(c.debts.map((d) => d.principal)).toEqual([2521607, 1928817]);
    expect(c.warnings).toContain('Valor R$ 25.216,00 da linha 2018-11 lido por OCR corrigido para R$ 25.216,07 pelo total impresso; confira');
  });

  it('reads a table amount whose first digit OCR read as its lookalike letter ("B6,30"), flagged', () => {
    const c = one([
      f('Exercício', 40, 110), f('Dt. Venc.', 120, 110), f('Juros Moratórios', 220, 110), f('Tributo', 320, 110), f('Multa Mora', 400, 110),
      f('Exercício 2013', 40, 122), f('10/01/2013', 120, 122), r('B6,30', 270, 122), r('127,88', 360, 122), r('25,58', 440, 122),
      f('Exercício 2014', 40, 134), f('15/04/2014', 120, 134), r('93,67', 270, 134), r('133,01', 360, 134), r('99,76', 440, 134),
      f('TOTAL', 40, 146), r('179,97', 270, 146), r('260,89', 360, 146), r('125,34', 440, 146),
    ]);
    expect(c.debts.map((d) => d.interest)).toEqual([8630, 9367]);
    expect(c.warnings).toContain('Valor "B6,30" da linha 2013 lido por OCR corrigido para R$ 86,30; confira');
    // Or one inside its first digits ("9i4,22"); on a text layer nothing is read into a letter.
    expect(valuesOf('money', '9i4,22', true).map((v) => [v.value, v.repaired])).toEqual([['91422', true]]);
    expect(valuesOf('money', 'R$ 1O5,00', true).map((v) => v.value)).toEqual(['10500']);
    expect(valuesOf('money', '9i4,22', false).map((v) => v.value)).toEqual(['422']);
  });

  it('completes an encargo OCR cut short in the cell after its caption ("Encargos.....: | R$265,") by the total, flagged', () => {
    const c = one([
      f('Principal: R$ 2.000,00', 40, 120), f('Multa: R$ 400,00', 40, 132), f('Juros: R$ 254,39', 40, 144),
      f('Encargos................:', 40, 156), f('R$265,', 200, 156),
      f('Valor total: R$ 2.919,83', 40, 168),
    ]);
    expect(c.legalCharge).toBe(26544);
    expect(c.fieldWarnings?.legalCharge).toBe('Valor lido incompleto por OCR ("265,"), completado como R$ 265,44 pela diferença com o total; confira');
  });

  it('completes an encargo OCR cut short under its caption, in a row of captions over a row of amounts ("Encargo legal" over "219.334,"), by the total, flagged', () => {
    const c = one([
      f('Principal', 40, 120), f('Multa', 160, 120), f('Juros', 280, 120), f('Encargo legal', 400, 120), f('Total', 520, 120),
      f('618.328,26', 40, 132), f('123.665,66', 160, 132), f('354.677,20', 280, 132), f('219.334,', 400, 132), f('1.316.005,34', 520, 132),
    ]);
    expect([c.principal, c.fine, c.interest, c.legalCharge, c.total]).toEqual([61832826, 12366566, 35467720, 21933422, 131600534]);
    expect(c.fieldWarnings?.legalCharge).toMatch(/^Valor lido incompleto por OCR \("219\.334,"\), completado como R\$ 219\.334,22 pela diferença com o total; confira/);
  });

  it('takes the value beside a caption whose leader ends its box in specks spaced apart ("C.G.C.......... cc. .....º")', () => {
    const c = extractFromPages([page(1, [
      ...head,
      f('Inscrição DEBCAD nº........:', 40, 80), f('52.209.417-7', 200, 80),
      f('Sujeito Passivo Principal..:', 40, 92), f('METALÚRGICA ALVORADA LTDA', 200, 92),
      f('C.G.C.............. cc. .....º', 40, 104), f('41.965.185/0008-', 200, 104),
      f('Valor total: R$ 150,00', 40, 200),
    ], true)])[0];
    expect(c.debtorDocument).toBe('41965185000822');
    expect(c.fieldWarnings?.debtorDocument).toBeTruthy();
  });

  it('reads a co-debtor whose repeated caption carries a speck read as a dot (".Co-Responsável: …")', () => {
    const c = one([
      f('Co-Responsável: FRANCISCA CASTRO NEVES DA SILVA, CPF 764.037.638-65', 40, 120),
      f('.Co-Responsável: ANTÔNIO OLIVEIRA PEREIRA, inscrito no CPF sob o nº 607.708.873-09', 38, 132),
      f('Valor total: R$ 150,00', 40, 200),
    ]);
    expect(c.coDebtors).toEqual([{ name: 'FRANCISCA CASTRO NEVES DA SILVA', document: '76403763865' }, { name: 'ANTÔNIO OLIVEIRA PEREIRA', document: '60770887309' }]);
  });

  it('puts back the dash OCR lost where a situação split at a gap no wider than a dash and its spaces', () => {
    const status = (frags: Frag[]) => one([...frags, f('Valor total: R$ 150,00', 40, 200)]).status;
    expect(status([f('SITUAÇÃO: INSCRITO', 40, 120), f('PROTESTADO', 145, 120)])).toBe('INSCRITO - PROTESTADO');
    // A situação whose words OCR set far apart (another box's width away) is joined as words.
    expect(status([f('SITUAÇÃO: ATIVA', 40, 120), f('AJUIZADA', 300, 120)])).toBe('ATIVA AJUIZADA');
    // Beside its caption too ("Situação Atual | ATIVA | EM COBRANÇA ADMINISTRATIVA").
    expect(status([f('Situação Atual', 40, 120), f('ATIVA', 200, 120), f('EM COBRANÇA ADMINISTRATIVA', 240, 120)])).toBe('ATIVA - EM COBRANCA ADMINISTRATIVA');
  });

  it('reads a name with a speck OCR read as a colon between its words, never a caption and its value', () => {
    expect(valuesOf('name', 'CONSTRUTORA DO VALE COMÉRCIO E: SERVIÇOS LTDA', true).map((v) => v.value)).toEqual(['CONSTRUTORA DO VALE COMÉRCIO E SERVIÇOS LTDA']);
    expect(valuesOf('name', 'RAZÃO: ACME LTDA', true)).toEqual([]);
    // A CPF's caption whose F a speck closed into an E, after the name: the caption, not the name's.
    expect(valuesOf('name', 'SEBASTIÃO ARAÚJO DOS SANTOS - CPE', true).map((v) => v.value)).toEqual(['SEBASTIÃO ARAÚJO DOS SANTOS']);
    expect(valuesOf('name', 'CONSTRUTORA DO VALE COMÉRCIO E: SERVIÇOS LTDA', false)).toEqual([]);
    expect(extractFromPages([page(1, [...head, f('Inscrição nº: 50 6 18 216267-72', 40, 80), f('CPF: 411.611.182-17', 300, 80), f('Razão Social', 40, 100), f('CONSTRUTORA DO VALE COMÉRCIO E: SERVIÇOS LTDA', 40, 112), f('Valor total: R$ 150,00', 40, 200)], true)])[0].debtorName).toBe('CONSTRUTORA DO VALE COMÉRCIO E SERVIÇOS LTDA');
  });
});

describe('periodStart', () => {
  it('gives the first month of monthly, quarterly, annual and dated periods', () => {
    expect(['2019-03', '2019-Q2', '2019', '2019-03-25', 'x'].map(periodStart)).toEqual(['2019-03', '2019-04', '2019-01', '2019-03', null]);
  });
});

describe('scanned numbers, names and dates one slip from their shape', () => {
  const head = [f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 160, 60)];
  const id = [f('Inscrição nº: 50 6 18 216267-72', 40, 80), f('CPF: 411.611.182-17', 300, 80), f('Valor total: R$ 150,00', 40, 200)];
  const one = (frags: Frag[]) => extractFromPages([page(1, [...head, ...id, ...frags], true)])[0];

  it('reads a dotted PGFN number whose first dot OCR read as a colon, and the inscription date after it', () => {
    expect(registrationValues('nº 10:6.14.595129-38, em 06/11/2014', true).map((v) => [v.value, v.repaired])).toEqual([['1061459512938', true]]);
    const frags = [
      ...head,
      f('CERTIFICO, para fins de cobrança judicial, que consta do Registro da Dívida Ativa da União a Inscrição', 40, 80),
      f('nº 10:6.14.595129-38, em 06/11/2014, em nome de ACME LTDA, inscrita no CNPJ sob o nº 11.222.333/0001-81.', 40, 92),
      f('Valor total: R$ 150,00', 40, 120),
    ];
    const [c] = extractFromPages([page(1, frags, true)]);
    expect([c.registrationNumber, c.registrationDate]).toEqual(['1061459512938', '2014-11-06']);
  });

  it('takes a number with its year from the court filing that lists it, keeping the slash', () => {
    const filing = [
      f('EXCELENTÍSSIMO(A) SENHOR(A) JUIZ(A) FEDERAL DA 11ª VARA DE EXECUÇÕES FISCAIS', 40, 40),
      f('O(A) executado(a) é devedor(a) dos créditos inscritos em Dívida Ativa representados pelas Certidões de Dívida Ativa anexas, nºs', 40, 60),
      f('1.980.183.933, 3862299/2025, que instruem a presente, no valor total de R$ 36.000,00.', 40, 74),
      f('Termos em que pede deferimento.', 40, 100),
    ];
    expect(listedNumbers(buildLines(filing, 1, true))).toEqual(['1980183933', '3862299/2025']);
    const [c] = extractFromPages([page(1, filing, true), page(2, cda(40, '3862209/2025'), true)]);
    expect(c.registrationNumber).toBe('3862299/2025');
    expect(c.fieldWarnings?.registrationNumber).toContain('tomado da petição que lista as certidões deste arquivo (3862299/2025)');
  });

  it('gives the one certificate whose number OCR lost with its caption the one listed number no other certificate reads, flagged', () => {
    const filing = [
      f('EXCELENTÍSSIMO(A) SENHOR(A) JUIZ(A) FEDERAL DA 11ª VARA DE EXECUÇÕES FISCAIS', 40, 40),
      f('O(A) executado(a) é devedor(a) dos créditos inscritos em Dívida Ativa representados pelas Certidões de Dívida Ativa anexas, nºs', 40, 60),
      f('170638/2016, 456948/2025, que instruem a presente, no valor total de R$ 36.000,00.', 40, 74),
      f('Termos em que pede deferimento.', 40, 100),
    ];
    // Another certificate (its own total), its caption garbled and its number lost.
    const lost = cda(40, '456948/2025')
      .map((x) => (x.text === 'Nº da Inscrição:' ? f('Wimero do Termo', 40, x.y) : x.text === '456948/2025' ? f('', 200, x.y) : x.text === '10.000,00' ? r('20.000,00', 300, x.y) : x))
      .filter((x) => x.text);
    const certs = extractFromPages([page(1, filing, true), page(2, cda(40, '170638/2016'), true), page(3, lost, true)]);
    expect(certs.map((c) => c.registrationNumber)).toEqual(['170638/2016', '456948/2025']);
    expect(certs[1].fieldWarnings?.registrationNumber).toBe('Número da inscrição não lido por OCR; tomado da petição que lista as certidões deste arquivo (456948/2025); confira');
  });

  it('takes a debtor CPF/CNPJ under a caption garbled past reading when its check digits put its own slip right, flagged', () => {
    const frags = cda(40, '80 6 19 100001-93').flatMap((x) => (x.text === 'CNPJ:' ? [f('C.u.r.o.', 40, x.y)] : x.text === DOC ? [f('11.222.333/00001-81', 200, x.y)] : [x]));
    const [c] = extractFromPages([page(1, frags, true)]);
    expect(c.debtorDocument).toBe('11222333000181');
    expect(c.fieldWarnings?.debtorDocument).toBe('CPF/CNPJ do devedor encontrado sem rótulo; confira');
  });

  it('reads "CNPI" as the CNPJ caption (the J\'s hook lost) and a lookalike letter opening its number', () => {
    const frags = cda(40, '80 6 19 100001-93').flatMap((x) => (x.text === 'CNPJ:' ? [] : x.text === DOC ? [f('CNPI NO... ... B1.222.333/0001-81', 40, x.y)] : [x]));
    expect(extractFromPages([page(1, frags, true)])[0].debtorDocument).toBe('81222333000181');
  });

  it('reads a federal number and a PGFN process with a digit OCR read twice as the one reading with it once, flagged', () => {
    const [c] = extractFromPages([page(1, cda(40, '90031361086329'), true)]);
    expect(c.registrationNumber).toBe('9031361086329');
    expect(c.fieldWarnings?.registrationNumber).toBe('Número da inscrição corrigido de OCR ("90031361086329" → 9031361086329); confira');
    // A CNPJ's fourteen digits are not taken for a federal number read long.
    expect(extractFromPages([page(1, cda(40, '11222333000181'), true)])[0].registrationNumber).toBe('11222333000181');
  });

  it('does not cut a sentence at a caption word a speck gave a colon ("em nome: de ACME …")', () => {
    expect(one([f('nº 50 6 18 216267-72, em 29/08/2016, em nome: de COMERCIAL BRASIL SUL LTDA - ME, inscrita no CNPJ/MF sob o', 40, 120)]).debtorName).toBe('COMERCIAL BRASIL SUL LTDA - ME');
  });

  it('does not clip a name under its caption at a speck read as a cell beside the caption ("Neme | oo")', () => {
    const frags = [f('Neme', 40, 120), f('oo', 110, 120), f('Número de Inscrição', 200, 120), f('ACME TRÊS PODERES LTDA - ME', 40, 132), f('90 6 22 699444-05', 200, 132)];
    expect(one(frags).debtorName).toBe('ACME TRÊS PODERES LTDA - ME');
  });

  it('reads the consolidation date after "consolidados" garbled, and a garbled one as the issue date when its digits are that date\'s', () => {
    expect(one([f('totalizando R$ 150,00, valores: consolidadps em 29/10/2025.', 40, 120)]).consolidationDate).toBe('2025-10-29');
    expect(one([f('totalizando R$ 150,00, valores consolidados êém 05/09/2025.', 40, 120)]).consolidationDate).toBe('2025-09-05');
    const c = one([f('VALOR TOTAL ATUALIZADO em 1571 1/2025:', 40, 120), f('R$150,00', 260, 120), f('Certifico que a dívida acima se acha regularmente inscrita.', 40, 150), f('Brasília, 15 de novembro de 2025.', 40, 180)]);
    expect(c.consolidationDate).toBe('2025-11-15');
    expect(c.fieldWarnings?.consolidationDate).toBe('Data de consolidação "1571 1/2025" ilegível por OCR, tomada como a data de emissão (15/11/2025); confira');
    // Digits that are not the issue date's are no repair.
    expect(one([f('VALOR TOTAL ATUALIZADO em 1471 1/2025:', 40, 120), f('R$150,00', 260, 120), f('Certifico que a dívida acima se acha regularmente inscrita.', 40, 150), f('Brasília, 15 de novembro de 2025.', 40, 180)]).consolidationDate).toBeNull();
  });

  it('reads a co-debtor whose CPF a speck led with a dot, and one whose dash before "CPF" a speck followed', () => {
    expect(documentValues('Co-Responsável: CONCEIÇÃO DE ASSIS RODRIGUES, CPF .299.224.056-79', true).map((v) => [v.value, v.repaired])).toEqual([['29922405679', false]]);
    const c = one([
      f('Co-Responsável: CONCEIÇÃO DE ASSIS RODRIGUES, CPF .299.224.056-79', 40, 120),
      f('Co-Responsável: PAULO CASTRO NEVES FERREIRA -.CPF/MF 300.503.846-78 - sócio', 40, 134),
    ]);
    expect(c.coDebtors).toEqual([
      { name: 'CONCEIÇÃO DE ASSIS RODRIGUES', document: '29922405679' },
      { name: 'PAULO CASTRO NEVES FERREIRA', document: '30050384678' },
    ]);
  });

  it('takes a company name after its caption garbled to a few letters and a specked dot leader in one cell, flagged', () => {
    const c = one([f('NoOMe............. ... ... ... ... ... 0! TÊXTIL TRÊS PODERES COMÉRCIO E SERVIÇOS LTDA', 40, 120)]);
    expect(c.debtorName).toBe('TÊXTIL TRÊS PODERES COMÉRCIO E SERVIÇOS LTDA');
    expect(c.fieldWarnings?.debtorName).toBe('Nome do devedor encontrado sem rótulo legível; confira');
  });

  it('reads a caption whose m OCR read as an h ("Proc. Adh.")', () => {
    expect(one([f('Proc. Adh.', 40, 120), f('57050/2023', 200, 120)]).administrativeProcess).toBe('570502023');
  });

  const DOC = '11.222.333/0001-81';
  function cda(y: number, n: string): Frag[] {
    return [
      f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, y),
      f('CERTIDÃO DE DÍVIDA ATIVA', 200, y + 20),
      f('Nº da Inscrição:', 40, y + 40), f(n, 200, y + 40),
      f('Devedor:', 40, y + 68), f('ACME COMERCIO LTDA', 200, y + 68),
      f('CNPJ:', 40, y + 82), f(DOC, 200, y + 82),
      f('Principal:', 40, y + 110), r('10.000,00', 300, y + 110),
      f('Valor total:', 40, y + 166), r('10.000,00', 300, y + 166),
    ];
  }
});

describe('scanned headers, cards, captions and values a glyph off their shape', () => {
  const head = [f('PROCURADORIA-GERAL DA FAZENDA NACIONAL', 150, 40), f('CERTIDÃO DE DÍVIDA ATIVA', 160, 60)];
  const id = [f('Inscrição nº: 50 6 18 216267-72', 40, 80), f('CPF: 411.611.182-17', 300, 80)];
  const one = (frags: Frag[]) => extractFromPages([page(1, [...head, ...id, ...frags], true)])[0];

  it('reads a header word OCR garbled two letters deep that keeps its first and last letters ("Jisros")', () => {
    const line = buildLines([f('Multa de ofício Competência', 40, 100), f('Vir. Original', 200, 100), f('Jisros de mora, Dt. Venc.', 300, 100), f('Total Atualizado', 460, 100)], 1, true)[0];
    expect(headerColumns(line)?.map((c) => c.kind)).toEqual(['fine', 'period', 'principal', 'interest', 'due', 'other']);
  });

  it('keeps the slash a number kept in one reading and lost in another', () => {
    const c = extractFromPages([
      page(
        1,
        [
          f('Inscrição 4630932025', 400, 20),
          f('MUNICÍPIO DE PELOTAS', 150, 40),
          f('TERMO DE INSCRIÇÃO EM DÍVIDA ATIVA', 140, 60),
          f('CERTIFICO que consta do Registro da Dívida Ativa a Inscrição nº 463093/2025, em 26/01/2025, em nome de', 40, 80),
          f('AGROPECUÁRIA IRMÃOS ROCHA LTDA, inscrita no CNPJ sob o nº 11.222.333/0001-81.', 40, 92),
          f('Valor total: R$ 150,00', 40, 200),
        ],
        true,
      ),
    ])[0];
    expect(c.registrationNumber).toBe('463093/2025');
  });

  it('puts back a year whose last digits OCR read as a letter ("20H"), between the years around it', () => {
    expect(repairPeriod('20H', '2011-02-20', ['2010', '2012'])).toBe('2011');
    expect(repairPeriod('20H', '2012-02-20', ['2010', '2013'])).toBeNull();
    expect(repairPeriod('20H', '2010-12-20', ['2010', '2012'])).toBeNull();
    const c = one([
      f('Exercício', 40, 100), f('Vencimento', 120, 100), f('Principal', 220, 100), f('Multa', 300, 100), f('Juros', 380, 100),
      f('2010', 40, 112), f('10/02/2010', 120, 112), r('158,95', 260, 112), r('31,79', 340, 112), r('48,02', 420, 112),
      f('20H', 40, 124), f('20/02/2011', 120, 124), r('139,32', 260, 124), r('27,86', 340, 124), r('63,65', 420, 124),
      f('2012', 40, 136), f('15/02/2012', 120, 136), r('380,87', 260, 136), r('285,65', 340, 136), r('51,32', 420, 136),
    ]);
    expect(c.debts.map((d) => d.period)).toEqual(['2010', '2011', '2012']);
    expect(c.warnings).toContain('Período "20H" lido por OCR corrigido para 2011; confira');
  });

  it('reads debts written out whose "fato" OCR read as "tato" and whose "multa" as "muhta"', () => {
    const c = one([
      f('a. fato gerador em 12/07/2017 (vencimento 28/08/2017) - principal R$ 62,97; juros R$ 26,06; muhta R$ 47,23;', 40, 100),
      f('b. tato gerador em 21/10/2017 (vencimento 28/11/2017) - principal R$ 329,88; juros R$ 55,87; multa R$ 247,41;', 40, 112),
    ]);
    expect(c.debts).toEqual([
      { period: '2017-07-12', dueDate: '2017-08-28', principal: 6297, fine: 4723, interest: 2606 },
      { period: '2017-10-21', dueDate: '2017-11-28', principal: 32988, fine: 24741, interest: 5587 },
    ]);
  });

  it('reads a debt card whose due date lost its caption, flagged, and one whose principal caption is one letter off ("TRIGUTO")', () => {
    const c = one([
      f('DÉBITO 1 - COMPETÊNCIA', 40, 100), f('Exercício 2014', 40, 112), f('15/01/2014', 40, 124),
      f('VALOR ORIGINÁRIO', 40, 136), f('R$ 65.589,68', 40, 148), f('MULTA MORATÓRIA', 40, 160), f('R$ 49.192,26', 40, 172), f('JUROS', 40, 184), f('R$ 22.558,81', 40, 196),
      f('DÉBITO 2 - COMPETÊNCIA', 40, 220), f('Exercício 2015', 40, 232), f('DATA DE VENCIMENTO', 40, 244), f('10/03/2015', 40, 256),
      f('TRIGUTO', 40, 268), f('R$ 51.848,77', 40, 280), f('MULTA MORATÓRIA', 40, 292), f('R$ 10.369,75', 40, 304), f('JUROS', 40, 316), f('R$ 47.436,20', 40, 328),
    ]);
    expect(c.debts).toEqual([
      { period: '2014', dueDate: '2014-01-15', principal: 6558968, fine: 4919226, interest: 2255881 },
      { period: '2015', dueDate: '2015-03-10', principal: 5184877, fine: 1036975, interest: 4743620 },
    ]);
    expect(c.warnings).toContain('Vencimento lido sem rótulo em 1 linha(s) dos débitos; confira');
  });

  it('drops specks OCR put into a situação: a small word after the leader, a colon after a link word', () => {
    expect(valuesOf('status', '7 ei ATIVA A SER AJUIZADA', true).map((v) => v.value)).toEqual(['ATIVA A SER AJUIZADA']);
    expect(valuesOf('status', 'ATIVA AJUIZADA - EXIGIBILIDADE DO: CREDITO SUSPENSA-DECISAO JUDICIAL', true).map((v) => v.value)).toEqual([
      'ATIVA AJUIZADA - EXIGIBILIDADE DO CREDITO SUSPENSA-DECISAO JUDICIAL',
    ]);
  });

  it('reads a name after a caption whose space OCR read as a hyphen, one led by a speck bracket, and one above a garbled caption', () => {
    expect(one([f('Sujeito Passivo-Principal: TRANSPORTADORA RIO DOCE LTDA EPP', 40, 120)]).debtorName).toBe('TRANSPORTADORA RIO DOCE LTDA EPP');
    expect(one([f('NOME...', 40, 120), f('... (COMERCIAL ALVORADA S/A', 150, 120)]).debtorName).toBe('COMERCIAL ALVORADA S/A');
    expect(one([f('NOME / RAZÃO SOCIAL DO DEVEDOR....: COMERCIAL TRÊS PODERES S/A', 40, 120), f('CN.PII....... ...', 40, 132), f('... 91.477.706/0006-09', 200, 132)]).debtorName).toBe(
      'COMERCIAL TRÊS PODERES S/A',
    );
  });

  it('takes no law number for the inscription across another field\'s caption after the title ("… DA UNIÃO | Legislação... Lei nº 9.250/1995")', () => {
    const lines = buildLines([f('TERMO DE. INSCRIÇÃO EM DÍVIDA ATIVA DA UNIÃO', 60, 100), f('Legislação...', 40, 120), f('... Lei nº 9.250/1995, arts. 7º e 8º', 150, 120)], 1, true);
    const stream = makeStream(readingOrder(lines, () => false, isFieldLabel));
    expect(proseCandidates(stream, true, []).filter((c) => c.field === 'registrationNumber')).toEqual([]);
  });

  it('reads a situação under its caption that OCR split in two cells, the lost dash put back', () => {
    const c = one([f('SITUAÇÃO ATUAL DA INSCRIÇÃO', 40, 120), f('Natureza da receita', 300, 120), f('ATIVA', 40, 132), f('PROTESTADA', 80, 132), f('1210 — ICMS - SUBSTITUIÇÃO TRIBUTÁRIA', 300, 132)]);
    expect(c.status).toBe('ATIVA - PROTESTADA');
  });

  it('reads a CPF whose first digit OCR read as a letter it does not look like, the check digits deciding', () => {
    expect(documentValues('B98.342.020-83', true).filter((v) => v.valid).map((v) => [v.value, v.repaired])).toEqual([['59834202083', true]]);
    expect(documentValues('B98.342.020-83', false).filter((v) => v.valid)).toEqual([]);
    expect(documentValues('D7.734.903/0005-47', true).filter((v) => v.valid).map((v) => [v.value, v.repaired])).toEqual([['57734903000547', true]]);
  });

  it('reads "CPF/MF" whose slash OCR read as an I, a receita code after a doubled dash or a speck letter', () => {
    expect(findLabel('cpfimf', true)?.kind).toBe('debtorDocument');
    expect(findLabel('cpf/mf..........: 447.819.033-04', false)).toEqual({ kind: 'debtorDocument', end: 6, length: 6 });
    expect(revenueValue('0211 —- IRPF - DECLARAÇÃO DE AJUSTE ANUAL')).toMatchObject({ code: '0211', description: 'IRPF - DECLARAÇÃO DE AJUSTE ANUAL' });
    expect(valuesOf('code', '............... e 1210', true).map((v) => v.value)).toEqual(['1210']);
    expect(valuesOf('code', '............... e 1210', false)).toEqual([]);
  });

  it('reads a one-row table whose due caption is one letter off ("Venctp.") and a header abbreviation dot read as a semicolon ("DT; VENC.")', () => {
    expect(headerColumns(buildLines([f('Competência', 40, 100), f('Venctp.', 120, 100), f('Juros de mora', 220, 100), f('Principal', 320, 100), f('Multa de mora', 420, 100)], 1, true)[0])?.map((c) => c.kind)).toEqual([
      'period', 'due', 'interest', 'principal', 'fine',
    ]);
    expect(headerColumns(buildLines([f('COMPETÊNCIA', 40, 100), f('DT; VENC.', 120, 100), f('TRIBUTO', 220, 100), f('MULTA DE MORA', 320, 100), f('JUROS SELIC', 420, 100)], 1, true)[0])?.map((c) => c.kind)).toEqual([
      'period', 'due', 'principal', 'fine', 'interest',
    ]);
  });

  it('reads a due column\'s period apart from the amount before it whose speck dot made them a date ("36,13. 08/2019")', () => {
    expect(valuesOf('date', '36,13. 08/2019', true)).toEqual([]);
    expect(valuesOf('date', '13. 08/2019', true).map((v) => v.value)).toEqual(['2019-08-13']);
  });

  it('puts back a situação\'s dash OCR read as a small letter before a qualifier, and a name\'s dash read twice', () => {
    expect(valuesOf('status', 'ATIVA AJUIZADA r EXIGIBILIDADE DO CREDITO SUSPENSA-DECISAO JUDICIAL', true).map((v) => v.value)).toEqual([
      'ATIVA AJUIZADA - EXIGIBILIDADE DO CREDITO SUSPENSA-DECISAO JUDICIAL',
    ]);
    expect(valuesOf('status', 'ATIVA i EM COBRANCA', true).map((v) => v.value)).toEqual(['ATIVA EM COBRANCA']);
    expect(one([f('Devedor: LATICÍNIOS DO VALE LTDA-- ME', 40, 120)]).debtorName).toBe('LATICÍNIOS DO VALE LTDA - ME');
  });

  it('takes an encargo whose cents OCR lost as what the total leaves at the legal rate, flagged', () => {
    const money = [f('Valor Principal:', 40, 120), f('R$236.794,15', 200, 120), f('Multa de mora:', 40, 132), f('R$47.358,83', 200, 132), f('Juros SELIC:', 40, 144), f('R$74.015,12', 200, 144)];
    const c = one([...money, f('Encargo Legal (20%):', 40, 156), f('R$71.633,', 200, 156), f('Valor total da inscrição:', 40, 168), f('R$429.801,72', 200, 168)]);
    expect(c.legalCharge).toBe(7163362);
    expect(c.fieldWarnings?.legalCharge).toBe('Encargo "71.633," lido por OCR sem os centavos; tomado como R$ 71.633,62, o que o total deixa sobre principal, multa e juros, na taxa do encargo; confira');
    // Reais that are not the remainder's: no encargo is made up.
    expect(one([...money, f('Encargo Legal (20%):', 40, 156), f('R$71.683,', 200, 156), f('Valor total da inscrição:', 40, 168), f('R$429.801,72', 200, 168)]).legalCharge).not.toBe(7163362);
  });

  it('reads a consolidation date whose year OCR ran into the amount after it', () => {
    expect(valuesOf('date', 'VALOR TOTAL ATUALIZADO em 17/11/20252,47', true).map((v) => [v.value, v.repaired])).toEqual([['2025-11-17', true]]);
    expect(valuesOf('date', 'VALOR TOTAL ATUALIZADO em 17/11/20252,47', false)).toEqual([]);
  });

  it('reads a consolidation date after a caption an apostrophe speck joined ("calculados\'em")', () => {
    expect(one([f('Total do débito:', 40, 120), f("3866,22 (valores calculados'em 07/09/2025)", 200, 120)]).consolidationDate).toBe('2025-09-07');
  });

  it('reads a PGFN number whose group space OCR read as a slash ("50 3/16 513426-67"), flagged as repaired', () => {
    expect(registrationValues('sob o nº 50 3/16 513426-67, em 30/04/2016', true).map((v) => [v.value, v.repaired])).toEqual([['5031651342667', true]]);
    // Two slashes are no such slip; a municipal number keeps its own.
    expect(registrationValues('nº 50/3/16 513426-67', true).map((v) => v.value)).not.toContain('5031651342667');
    expect(registrationValues('sob o nº 50 3/16 513426-67', false).map((v) => v.value)).not.toContain('5031651342667');
  });

  it('never takes a caption closing in its number sign for a name, and reads a company type whose dot OCR read as a colon', () => {
    const c = one([f('Devedor Principal', 40, 120), f('cre nº', 300, 120), f('CONCEIÇÃO DOS SANTOS DOS SANTOS', 40, 132), f('729.718.214-12', 300, 132)]);
    expect(c.debtorName).toBe('CONCEIÇÃO DOS SANTOS DOS SANTOS');
    expect(one([f('Contribuinte (devedor principal): DISTRIBUIDORA BOA VISTA S:A.', 40, 120)]).debtorName).toBe('DISTRIBUIDORA BOA VISTA S.A.');
  });

  it('reads a "NOME / RAZÃO SOCIAL" caption whose M and slash OCR misread ("NONE 7 RAZÃO SOCIAL DO DEVEDOR") over its name, not a receita beside it', () => {
    // The whole caption, so nothing of it is left to read as a value beside it.
    expect(findLabel('none 7 razao social do devedor', true)).toMatchObject({ kind: 'debtorName', end: 30 });
    expect(findLabel('none 7 razao social do devedor', false)).toBeNull();
    const c = one([
      f('Processo Administrativo nº', 40, 120), f('NONE 7 RAZÃO SOCIAL DO DEVEDOR', 300, 120),
      f('13896.268265/2023-37', 40, 132), f('SUPERMERCADO ALVORADA S/A', 300, 132),
      f('Natureza da receita', 40, 150), f('RAT - RISCO AMBIENTAL DO TRABALHO', 40, 162),
    ]);
    expect(c.debtorName).toBe('SUPERMERCADO ALVORADA S/A');
  });

  it('reads a situação after a leader OCR read as small-letter words, after a semicolon, or with a speck by its dash', () => {
    expect(one([f('Situação................. ps eesseoiissccrsccereees: ATIVA AJUIZADA - GARANTIA - PENHORA', 40, 120)]).status).toBe('ATIVA AJUIZADA - GARANTIA - PENHORA');
    expect(one([f('Situação Atual; ATIVA AJUIZADA', 40, 120)]).status).toBe('ATIVA AJUIZADA');
    expect(valuesOf('status', "ATIVA AJUIZADA -'GARANTIA - PENHORA", true).map((v) => v.value)).toEqual(['ATIVA AJUIZADA - GARANTIA - PENHORA']);
    expect(valuesOf('status', 'INSCRITO - .PROTESTADO', true).map((v) => v.value)).toEqual(['INSCRITO - PROTESTADO']);
    expect(valuesOf('status', 'ATIVA A SER-AJUIZADA', true).map((v) => v.value)).toEqual(['ATIVA A SER AJUIZADA']);
    // A hyphen a situação prints stays.
    expect(valuesOf('status', 'ATIVA AJUIZADA - EXIGIBILIDADE DO CREDITO SUSPENSA-DECISAO JUDICIAL', true).map((v) => v.value)).toEqual(['ATIVA AJUIZADA - EXIGIBILIDADE DO CREDITO SUSPENSA-DECISAO JUDICIAL']);
  });

  it('reads a receita code past a speck cell OCR read as a small word ("cc:"), and under a "Cód" caption whose dot OCR lost', () => {
    expect(one([f('CÓDIGO......................:', 40, 120), f('cc:', 200, 120), f('101', 260, 120)]).revenueCode).toBe('101');
    expect(one([f('Domicílio', 40, 120), f('Cód', 300, 120), f('Rua XV de Novembro 576, Sorocaba/SP', 40, 132), f('2372', 300, 132)]).revenueCode).toBe('2372');
    expect(findLabel('cod', false)).toBeNull();
  });

  it('reads a header whose "SELIC" OCR read one letter off ("Juros SELKC"), a period whose year OCR split ("07/20 14") and one whose month\'s 0 it read as an e ("e3/2018")', () => {
    expect(headerColumns(buildLines([f('Referência', 40, 100), f('Vencimento', 120, 100), f('Tributo', 220, 100), f('Vk. Muita', 300, 100), f('Juros SELKC', 380, 100)], 1, true)[0])?.map((c) => c.kind)).toEqual([
      'period', 'due', 'principal', 'fine', 'interest',
    ]);
    const head = [f('Período', 40, 100), f('Vencimento', 120, 100), f('Principal', 220, 100), f('Multa', 300, 100), f('Juros', 380, 100)];
    const rows = [
      ...[f('07/20 14', 40, 114), f('25/08/2014', 120, 114), r('1.844,15', 270, 114), r('368,83', 340, 114), r('657,72', 420, 114)],
      ...[f('e3/2018', 40, 128), f('20/04/2018', 120, 128), r('396,95', 270, 128), r('297,71', 340, 128), r('190,48', 420, 128)],
    ];
    expect(readTables(buildLines([...head, ...rows], 1, true)).rows.map((x) => [x.period, x.dueDate])).toEqual([['2014-07', '2014-08-25'], ['2018-03', '2018-04-20']]);
  });

  it('puts back a due date\'s day or month digit OCR lost ("20/1/2019") when the lag of the other rows decides, flagged', () => {
    const head = [f('Período', 40, 100), f('Vencimento', 120, 100), f('Principal', 220, 100), f('Multa', 300, 100), f('Juros', 380, 100)];
    const row = (y: number, p: string, d: string) => [f(p, 40, y), f(d, 120, y), r('100,00', 270, y), r('20,00', 340, y), r('10,00', 420, y)];
    const t = readTables(buildLines([...head, ...row(114, '08/2019', '20/09/2019'), ...row(128, '09/2019', '20/10/2019'), ...row(142, '10/2019', '20/1/2019')], 1, true));
    expect(repairRows(t.rows, {}, t.unreadableDue, '2024-01-10')).toEqual(['Vencimento "20/1/2019" lido por OCR corrigido para 20/11/2019; confira']);
    expect(t.rows[2].dueDate).toBe('2019-11-20');
  });

  it('reads an amount OCR split at a space that is no thousands gap ("8501 14,63") or whose decimals a speck follows after a space ("303948, 009"), as the row total decides, flagged', () => {
    const head = [f('Exercício', 40, 100), f('Vencimento', 120, 100), f('Principal', 220, 100), f('Multa', 300, 100), f('Juros', 380, 100), f('Valor Total', 460, 100)];
    const rows = [
      ...[f('1995', 40, 114), f('20/04/1995', 120, 114), f('8501 14,63', 220, 114), r('170022,93', 340, 114), r('227795,51', 420, 114), r('1247933,07', 500, 114)],
      ...[f('2001', 40, 128), f('10/01/2001', 120, 128), f('303948, 009', 220, 128), r('60789,62', 340, 128), r('74495,46', 420, 128), r('439233,17', 500, 128)],
    ];
    const t = readTables(buildLines([...head, ...rows], 1, true));
    expect(t.rows.map((x) => x.principal)).toEqual([85011463, 30394809]);
    expect(t.repairs).toEqual([
      'Valor "8501 14,63" da linha 1995 lido por OCR corrigido para R$ 850.114,63; confira',
      'Valor "303948, 009" da linha 2001 lido por OCR corrigido para R$ 303.948,09; confira',
    ]);
    // A year before its amount in one cell is no part of it.
    const year = readTables(buildLines([...head, f('2001 10/01/2001', 40, 114), f('3039,48', 220, 114), r('607,62', 340, 114), r('744,46', 420, 114), r('4391,56', 500, 114)], 1, true));
    expect(year.rows.map((x) => [x.period, x.principal])).toEqual([['2001', 303948]]);
  });

  it('puts back a due date\'s day OCR misread in a table whose other rows fall due on a few days, never on month ends', () => {
    const head = [f('Exercício', 40, 100), f('Vencimento', 120, 100), f('Principal', 220, 100), f('Multa', 300, 100), f('Juros', 380, 100)];
    const days = ['15/03', '20/01', '29/01', '20/02', '20/04', '10/02', '20/03', '15/04', '10/01'];
    const row = (k: number, due: string) => [f(String(1991 + k), 40, 114 + 14 * k), f(`${due}/${1991 + k}`, 120, 114 + 14 * k), r('100,00', 270, 114 + 14 * k), r('20,00', 340, 114 + 14 * k), r('10,00', 420, 114 + 14 * k)];
    const t = readTables(buildLines([...head, ...days.flatMap((d, k) => row(k, d))], 1, true));
    expect(repairRows(t.rows, {}, t.unreadableDue, '2024-01-10')).toEqual(['Vencimento "29/01/1993" lido por OCR corrigido para 20/01/1993 pelo dia de vencimento das demais linhas; confira']);
    // Month-end due dates follow the months' lengths: a 28 among 29, 30 and 31 stays.
    const ends = ['29/01', '30/01', '31/01', '29/03', '30/03', '31/03', '28/05', '29/05', '30/05'];
    const e = readTables(buildLines([...head, ...ends.flatMap((d, k) => row(k, d))], 1, true));
    expect(repairRows(e.rows, {}, e.unreadableDue, '2024-01-10')).toEqual([]);
  });

  it('reads a grid of debt cards under a block of fields in three columns card by card, the last card alone after the grid', () => {
    const rows: Array<[string, number, number]> = [
      ['Processo nº', 54, 121], ['Denominação da Receita', 130, 121], ['Contribuinte', 380, 121],
      ['E 08219/2021', 54, 133], ['IPTU - IMPOSTO PREDIAL E TERRITORIAL URBANO', 130, 133], ['DISTRIBUIDORA SÃO JORGE S.A.', 380, 133],
      ['Data da Inscrição', 54, 149], ['Certidão nº', 305, 149], ['18/08/2021', 54, 161], ['998335/2021', 305, 161],
      ['Domicílio Tributário', 54, 177], ['Código', 431, 177], ['Rua das Flores 3840, Florianópolis/SC', 54, 189], ['101', 431, 189],
      ['Insc. Imobiliária', 54, 233], ['Livro/Folha', 324, 233], ['70.37.258.4141.787', 54, 245], ['55 / 287', 324, 245],
      ['DÉBITO 1 - ANO', 50, 273], ['DÉBITO 2 - ANO', 306, 273], ['Exercício 2019', 50, 285], ['Exercício 2020', 306, 285],
      ['VENCTO.', 50, 296], ['DATA VENC.', 306, 296], ['10/01/2019', 50, 308], ['15/03/2020', 306, 308],
      ['VALOR HISTÓRICO', 50, 320], ['VALOR HISTÓRICO', 306, 320], ['R$ 116,78', 50, 331], ['R$ 1.470,20', 306, 331],
      ['DÉBITO 3 - ANO', 50, 396], ['Exercício 2021', 50, 408], ['TRIBUTO', 50, 443], ['R$ 2.725,41', 50, 454],
      ['Valor Original:', 50, 531], ['R$ 4.312,39', 190, 531], ['Valor Total:', 50, 581], ['R$ 4.312,39', 184, 581],
    ];
    const order = readingOrder(buildLines(rows.map(([t, x, y]) => f(t, x, y, 8)), 1, false), () => false).map((p) => p.text);
    const at = (t: string) => order.indexOf(t);
    expect(at('R$ 116,78')).toBeLessThan(at('DÉBITO 2 - ANO'));
    expect(at('R$ 1.470,20')).toBeLessThan(at('DÉBITO 3 - ANO'));
    expect(at('R$ 2.725,41')).toBeLessThan(at('Valor Original:'));
  });

  it('goes on with a table past a labelled line at the foot of its page ("Emitido em …") onto the next page', () => {
    const head = [f('Referência', 40, 100), f('Venc.', 120, 100), f('Valor Original', 220, 100), f('Multa de ofício', 300, 100), f('Juros de mora', 380, 100)];
    const row = (y: number, p: string, d: string) => [f(p, 40, y), f(d, 120, y), r('R$ 100,00', 270, y), r('R$ 20,00', 340, y), r('R$ 10,00', 420, y)];
    const one = buildLines([...head, ...row(114, '08/2019', '25/09/2019'), f('Emitido em 06/09/2025', 40, 700)], 1, false);
    const two = buildLines([f('Inscrição 4855768-3', 400, 40), ...row(63, '09/2019', '07/10/2019'), ...row(74, '10/2019', '20/11/2019'), f('Consolidado em: 10/10/2025', 40, 94), f('Principal: R$ 300,00', 200, 94)], 2, false);
    expect(readTables([...one, ...two]).rows.map((x) => x.period)).toEqual(['2019-08', '2019-09', '2019-10']);
  });

  it('reads co-debtors past a row whose repeated label OCR garbled ("Coocbrigados:"), a colon glued between a name\'s words, and a person\'s name specked with a dot or a hyphen', () => {
    const c = one([
      f('Coobrigados: LÚCIA CASTRO NEVES DE ASSIS, CPF 858.389.214-80', 40, 120),
      f('Coobrigados: MÁRCIO PEREIRA FERREIRA, CPF 613.432.896-02', 40, 132),
      f('Coocbrigados: HELENA DA SILVA DE ASSIS, CPF 390.114.765-90', 40, 144),
    ]);
    expect(c.coDebtors.map((d) => d.name)).toEqual(['LÚCIA CASTRO NEVES DE ASSIS', 'MÁRCIO PEREIRA FERREIRA', 'HELENA DA SILVA DE ASSIS']);
    const d = one([
      f('Corresponsáveis:', 40, 120),
      f('LÚCIA DA:SILVA PEREIRA - CPF/MF 963.365.050-06 - sócio', 50, 132),
      f('CARLOS-SOUZA GONÇALVES - CPF 246.563.568-91 - sócio', 50, 144),
      f('MARIA GONÇALVES. CASTRO NEVES - CPF 000.325.913-73 - sócio', 50, 156),
    ]);
    expect(d.coDebtors.map((x) => x.name)).toEqual(['LÚCIA DA SILVA PEREIRA', 'CARLOS SOUZA GONÇALVES', 'MARIA GONÇALVES CASTRO NEVES']);
    // A company's abbreviations keep their dots.
    expect(repairPersonNameOcr('ANA. SOUZA')).toBe('ANA SOUZA');
    expect(repairNameOcr('INDÚSTRIA DE MÓVEIS MINEIRA S/A.')).toBe('INDÚSTRIA DE MÓVEIS MINEIRA S/A');
    expect(repairNameOcr('ACME COM. E IND. LTDA')).toBe('ACME COM. E IND. LTDA');
  });

  it('reads a receita past a leader whose specks OCR read as a small word, a date under "Data inec.", an encargo with a speck third decimal, and a CNPJ whose slash OCR lost', () => {
    expect(one([f('Origem.................ceeiee.: 0561 - IRRF - RENDIMENTO DO TRABALHO ASSALARIADO', 40, 120)]).revenueCode).toBe('0561');
    expect(valuesOf('revenue', 'reed 2089 — IRPJ - LUCRO PRESUMIDO', true).map((v) => v.code)).toEqual(['2089']);
    expect(one([f('Data inec.', 300, 120), f('18/03/2024', 300, 132)]).registrationDate).toBe('2024-03-18');
    expect(valuesOf('money', '37,700 R$', true).map((v) => [v.value, v.repaired])).toEqual([['3770', true]]);
    expect(valuesOf('money', '37,700 R$', false)).toEqual([]);
    expect(documentValues('CN.PJ. 41.357.7390006-47', true).filter((v) => v.valid).map((v) => [v.value, v.repaired])).toEqual([['41357739000647', true]]);
    expect(documentValues('41.357.7390006-48', true).filter((v) => v.valid)).toEqual([]);
  });

  it('reads a PGFN number glued to "DÍVIDA ATIVA" with its first 1 read as an l, or dotted with its unit\'s 8 read as a B', () => {
    expect(registrationValues('Número de Inscrição em Dívida Atival052064276558', true).map((v) => [v.value, v.repaired])).toEqual([['1052064276558', true]]);
    expect(registrationValues('Número de Inscrição em Dívida Atival052064276558', false)).toEqual([]);
    expect(registrationValues('NÚMERO DA CDA...................! B0.8.19.576222-46', true).map((v) => [v.value, v.repaired])).toEqual([['8081957622246', true]]);
  });

  it('reads a CPF a dash speck follows, "Contribuinte" whose n and t OCR ran into an m, a situação with a colon speck, a short word no receita and "SERVIÇOS-LTDA"', () => {
    expect(documentValues('109.392.797-62-', true).map((v) => [v.value, v.valid])).toEqual([['10939279762', true]]);
    expect(findLabel('contribuime (devedor principal)', true)).toMatchObject({ kind: 'debtorName', end: 31 });
    expect(findLabel('contribuime (devedor principal)', false)).toBeNull();
    expect(valuesOf('status', 'EM NEGOCIACAO: NO SISPAR', true).map((v) => v.value)).toEqual(['EM NEGOCIACAO NO SISPAR']);
    expect(revenueValue('Din')).toBeNull();
    expect(revenueValue('ISS')?.description).toBe('ISS');
    expect(repairNameOcr('LATICÍNIOS ALVORADA COMÉRCIO E SERVIÇOS-LTDA')).toBe('LATICÍNIOS ALVORADA COMÉRCIO E SERVIÇOS LTDA');
  });

  it('reads a PGFN number a speck dot leads, a CPF group a glyph too long, a name a leader follows and a receita code whose zero and one OCR read as letters', () => {
    expect(registrationValues('INSCRIÇÃO Nº .22 6 15 075301-10', true).map((v) => v.value)).toEqual(['2261507530110']);
    expect(documentValues('CPF 998.108.5596-13', true).filter((v) => v.valid).map((v) => [v.value, v.repaired])).toEqual([['99810855613', true]]);
    expect(documentValues('CPF 998.108.5596-13', false).filter((v) => v.valid)).toEqual([]);
    expect(one([f('Executado: COMERCIAL SANTA LUZIA LTDA EPP...', 40, 120)]).debtorName).toBe('COMERCIAL SANTA LUZIA LTDA EPP');
    expect(valuesOf('revenue', 'o21i — IRPF - DECLARAÇÃO DE AJUSTE ANUAL', true).map((v) => [v.code, v.repaired])).toEqual([['0211', true]]);
    expect(valuesOf('revenue', 'o21i — IRPF - DECLARAÇÃO DE AJUSTE ANUAL', false).map((v) => v.code)).toEqual(['']);
    // Letters alone are a description's word, no code ("IRPF — …").
    expect(valuesOf('revenue', 'IRPF — DECLARAÇÃO', true).map((v) => v.code)).toEqual(['']);
  });

  it('reads a caption two specks lead ("ij Situação"), a situação a bracket speck leads, and a value past a leader specked all along', () => {
    expect(findLabel('ij situacao', true)?.kind).toBe('status');
    expect(valuesOf('status', ') INSCRITA', true).map((v) => v.value)).toEqual(['INSCRITA']);
    expect(one([f('Origem..............cc..........:5 scr c cc ...0.5', 40, 120), f('1138 - RAT - RISCO AMBIENTAL DO TRABALHO', 300, 120)]).revenueCode).toBe('1138');
    expect(one([f('Cód. Receita...............: 1.2.1', 40, 120)]).revenueCode).toBe('121');
    expect(one([f('Base Legal......................0.0.:', 40, 120), f('Lei nº 8.212/91, arts. 20 e 30, I, a', 300, 120)]).legalBasis).toBe('Lei nº 8.212/91, arts. 20 e 30, I, a');
  });
});
