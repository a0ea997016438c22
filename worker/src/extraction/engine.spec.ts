import { extractFromPages } from '.';

const page = (num: number, text: string) => ({ num, text, ocr: false });
const PGFN_HEAD = 'MINISTÉRIO DA FAZENDA\nPROCURADORIA-GERAL DA FAZENDA NACIONAL\nCERTIDÃO DE DÍVIDA ATIVA DA UNIÃO';

describe('label placement', () => {
  it('reads a row of labels over a row of values, a label column then a value column, and inline labels', () => {
    const [rec] = extractFromPages([page(1, `${PGFN_HEAD}
Número da Inscrição \tCNPJ \tData da Inscrição
80 6 19 123456-78 \t11.222.333/0001-81 12/08/2019
Devedor:
Processo Administrativo:
ACME COMÉRCIO LTDA
10880.123456/2019-11
Natureza da Dívida: 2172 - COFINS
Situação: ATIVA AJUIZADA
Fundamento Legal: Lei 10.833/03, art. 1º;
Lei 9.430/96, art. 61.
Valor Originário: R$ 2.000,00 \tMulta: 400,00
Juros: 600,00
Encargo Legal: 600,00
Valor consolidado em 31/10/2025: R$ 3.600,00`)]);
    expect(rec).toMatchObject({
      registrationNumber: '8061912345678', debtorDocument: '11222333000181', registrationDate: '2019-08-12',
      debtorName: 'ACME COMÉRCIO LTDA', administrativeProcess: '10880123456201911', revenueCode: '2172', revenueDescription: 'COFINS',
      status: 'ATIVA AJUIZADA', legalBasis: 'Lei 10.833/03, art. 1º; Lei 9.430/96, art. 61.',
      principal: 200000, fine: 40000, interest: 60000, legalCharge: 60000, total: 360000, consolidationDate: '2025-10-31',
      issuer: 'federal', nature: 'demais', pages: [1], warnings: [],
    });
  });

  it('reads a label on the line before its value', () => {
    const [rec] = extractFromPages([page(1, `${PGFN_HEAD}\nNº da Inscrição\n70 2 20 000123-45\nCPF\n529.982.247-25\nNome do Devedor\nFULANA DE TAL\nTotal\n1.000,00\nPrincipal: 1.000,00`)]);
    expect(rec).toMatchObject({ registrationNumber: '7022000012345', debtorDocument: '52998224725', debtorName: 'FULANA DE TAL', total: 100000 });
  });
});

describe('debt table', () => {
  it('continues across a page break, skipping the repeated header and the page furniture', () => {
    const head = `${PGFN_HEAD}\nInscrição nº 80 6 19 123456-78\nCNPJ: 11.222.333/0001-81\nDevedor: ACME LTDA`;
    const recs = extractFromPages([
      page(1, `${head}\nPeríodo\tVencimento\tPrincipal\tMulta\tJuros\n01/2018\t25/02/2018\t100,00\t20,00\t5,00\n02/2018\t25/03/2018\t100,00\t20,00\t5,00\nPágina 1 de 2`),
      page(2, `MINISTÉRIO DA FAZENDA\nPROCURADORIA-GERAL DA FAZENDA NACIONAL\nPeríodo\tVencimento\tPrincipal\tMulta\tJuros\n03/2018\t25/04/2018\t100,00\t20,00\t5,00\nTotal\t300,00\t60,00\t15,00\nValor Total: 375,00\nPágina 2 de 2`),
    ]);
    expect(recs).toHaveLength(1);
    expect(recs[0].debts.map((d) => d.period)).toEqual(['2018-01', '2018-02', '2018-03']);
    expect(recs[0]).toMatchObject({ principal: 30000, fine: 6000, interest: 1500, total: 37500, pages: [1, 2], warnings: [] });
  });

  it('maps columns by the header order, not a fixed order', () => {
    const [rec] = extractFromPages([page(1, `${PGFN_HEAD}\nInscrição nº 80 2 19 123456-78\nCNPJ: 11.222.333/0001-81\nReceita\tPer. Apuração\tVencimento\tValor Originário\tJuros\tMulta\n2089\t1º TRI/2019\t30/04/2019\t1.000,00\t300,00\t200,00\nValor Total: 1.500,00`)]);
    expect(rec.debts).toEqual([{ period: '2019-Q1', dueDate: '2019-04-30', principal: 100000, fine: 20000, interest: 30000 }]);
  });

  it('warns when the rows do not add up to the printed values', () => {
    const [rec] = extractFromPages([page(1, `${PGFN_HEAD}\nInscrição nº 80 6 19 123456-78\nCNPJ: 11.222.333/0001-81\nPeríodo Vencimento Principal Multa Juros\n01/2018 25/02/2018 100,00 20,00 5,00\nPrincipal: 150,00\nMulta: 20,00\nJuros: 5,00\nTotal: 175,00`)]);
    expect(rec.warnings).toContain('Soma das linhas da tabela de débitos (principal R$ 100,00) difere do valor impresso (R$ 150,00)');
  });
});

describe('checks become warnings', () => {
  it('flags a bad CNPJ check digit and a total that does not add up, keeping the values as read', () => {
    const [rec] = extractFromPages([page(1, `${PGFN_HEAD}\nInscrição nº 80 6 19 123456-78\nCNPJ: 11.222.333/0001-82\nPrincipal: 100,00\nMulta: 20,00\nTotal: 130,00`)]);
    expect(rec.debtorDocument).toBe('11222333000182');
    expect(rec.total).toBe(13000);
    expect(rec.warnings).toEqual(expect.arrayContaining([
      'CNPJ do devedor com dígito verificador inválido (11.222.333/0001-82)',
      'Total impresso (R$ 130,00) difere de principal + multa + juros + encargo (R$ 120,00)',
    ]));
  });
});

describe('segmentation', () => {
  it('splits a file into certificates by inscription number, continuation pages stay with theirs', () => {
    const cert = (n: string) => `${PGFN_HEAD}\nInscrição nº ${n}\nCNPJ: 11.222.333/0001-81\nTotal: 10,00\nPrincipal: 10,00`;
    const recs = extractFromPages([page(1, cert('80 6 19 000001-01')), page(2, cert('80 6 19 000001-01')), page(3, cert('80 6 19 000002-02'))]);
    expect(recs.map((r) => [r.registrationNumber, r.pages])).toEqual([['8061900000101', [1, 2]], ['8061900000202', [3]]]);
  });

  it('rejects text that is not a CDA', () => {
    expect(extractFromPages([page(1, 'CERTIDÃO NEGATIVA DE DÉBITOS RELATIVOS AOS TRIBUTOS FEDERAIS E À DÍVIDA ATIVA DA UNIÃO\nProcuradoria-Geral da Fazenda Nacional\nCNPJ: 11.222.333/0001-81')])).toEqual([]);
  });
});

describe('OCR-garbled labels', () => {
  it('match with i/l/t confusions on OCR lines only', () => {
    const text = `${PGFN_HEAD}
Inscrição nº: 80 6 19 123456-78
CNPJ: 11.222.333/0001-81
Devedor: ACME LTDA
Período\tVencimenio\tPrincipal\tMuita\tJuros
03/2019\t20/04/2019\t1.000,00\t200,00\t50,00
Valor Total: 1.250,00`;
    const [ocr] = extractFromPages([{ num: 1, text, ocr: true }]);
    expect(ocr.debts).toEqual([{ period: '2019-03', dueDate: '2019-04-20', principal: 100000, fine: 20000, interest: 5000 }]);
    const [plain] = extractFromPages([page(1, text)]);
    expect(plain.debts).toEqual([]);
  });
});

describe('numbers split by OCR', () => {
  it('reads a process number with a stray space and leaves the next column to the situação', () => {
    const text = `${PGFN_HEAD}
Nº da Inscrição\tCPF/CNPJ
90.6.18.443886-35\t529.982.247-25
Nº do Processo\tSituação da Inscrição
195 15.095250/2021-85\tATIVA AJUIZADA
Valor Total: 1.250,00`;
    const [rec] = extractFromPages([{ num: 1, text, ocr: true }]);
    expect(rec).toMatchObject({ administrativeProcess: '19515095250202185', status: 'ATIVA AJUIZADA' });
  });
});

describe('OCR-garbled table header', () => {
  it('takes a line naming the due date and the money columns as the header when the period header is unreadable', () => {
    const text = `${PGFN_HEAD}
Inscrição nº: 80 6 19 123456-78
CNPJ: 11.222.333/0001-81
Devedor: ACME LTDA
Competêrrcia\tVencimento\tPrincipal\tJuros\tMulta
09/2019\t15/10/2019\t5.061,57\t3.734,16\t1.012,31
10/2019\t07/11/2019\t5.169,54\t4.626,98\t1.033,91
Principal: 10.231,11 Juros: 8.361,14 Multa: 2.046,22
Valor Total: 20.638,47`;
    const [rec] = extractFromPages([{ num: 1, text, ocr: true }]);
    expect(rec.debts).toHaveLength(2);
    expect(rec).toMatchObject({ principal: 1023111, interest: 836114, fine: 204622, total: 2063847 });
    expect(rec.debts[0]).toEqual({ period: '2019-09', dueDate: '2019-10-15', principal: 506157, fine: 101231, interest: 373416 });
  });
});

describe('OCR specks around values', () => {
  it('reads a CNPJ with a glued speck, mends the issuer hyphen and drops a leading speck from the legal basis', () => {
    const text = `MINISTÉRIO DA FAZENDA — PROCURADORIA.GERAL DA FAZENDA NACIONAL
CERTIDÃO DE DÍVIDA ATIVA
Número da Inscrição\tCPF/CNPJ\tData da Inscrição
90 2 19 705472-32\t-11.222.333/0001-81\t15/05/2019
Fundamentação Legal: .Lei nº 9.249/95, art. 15.
Valor Total: 1.250,00`;
    const [rec] = extractFromPages([{ num: 1, text, ocr: true }]);
    expect(rec).toMatchObject({ debtorDocument: '11222333000181', issuerName: 'PROCURADORIA-GERAL DA FAZENDA NACIONAL', legalBasis: 'Lei nº 9.249/95, art. 15.' });
  });
});

describe('OCR lost decimal comma in a table cell', () => {
  const doc = (printedPrincipal: string) => `${PGFN_HEAD}
Nº.da inscrição\tCNPJ
80 6 19 123456-78\t11.222.333/0001-81
Receita
1099'- CONTRIBUIÇÃO DOS SEGURADOS
Período\tVencimento\tPrincipal\tMulta\tJuros
01/2016\t07/02/2016\t44805\t89,61\t277,66
02/2016\t20/03/2016\t597,99\t119,60\t516,84
Principal: ${printedPrincipal}
Multa: 209,21
Juros: 794,50
Valor Total: 2.049,75`;

  it('reads a bare digit group as centavos when the printed totals confirm it', () => {
    const [rec] = extractFromPages([{ num: 1, text: doc('1.046,04'), ocr: true }]);
    expect(rec.registrationNumber).toBe('8061912345678');
    expect(rec).toMatchObject({ revenueCode: '1099', revenueDescription: 'CONTRIBUIÇÃO DOS SEGURADOS' });
    expect(rec.debts[0]).toEqual({ period: '2016-01', dueDate: '2016-02-07', principal: 44805, fine: 8961, interest: 27766 });
    expect(rec.warnings.join(' | ')).not.toMatch(/sem confirmação|difere/);
  });

  it('keeps the reading but warns when the totals do not confirm it', () => {
    const [rec] = extractFromPages([{ num: 1, text: doc('1.146,04'), ocr: true }]);
    expect(rec.warnings.join(' | ')).toContain('Valores corrigidos de OCR sem confirmação pelos totais: "44805"');
  });
});
