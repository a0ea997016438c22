import { extractFromPages } from '..';
import { fold } from '../normalize';
import { detectLayout } from '../segment';

const one = (text: string) => {
  const recs = extractFromPages([{ num: 1, text, ocr: false }]);
  expect(recs).toHaveLength(1);
  return recs[0];
};

describe('pgfn-demais', () => {
  it('detects PGFN and reads the 13-digit inscription in its printed shapes', () => {
    for (const n of ['80 6 19 123456-78', '80.6.19.123456-78', '8061912345678']) {
      const rec = one(`PROCURADORIA-GERAL DA FAZENDA NACIONAL\nCERTIDÃO DE DÍVIDA ATIVA DA UNIÃO\nNúmero da Inscrição: ${n}\nCNPJ/MF: 11.222.333/0001-81\nReceita: 2172 - COFINS\nValor Total: 10,00`);
      expect(rec).toMatchObject({ registrationNumber: '8061912345678', issuer: 'federal', issuerName: 'PROCURADORIA-GERAL DA FAZENDA NACIONAL', nature: 'demais' });
    }
  });

  it('classifies a natureza-4 inscription by its receita: contribution → previdenciária, Simples → demais', () => {
    const head = 'PROCURADORIA-GERAL DA FAZENDA NACIONAL\nTERMO DE INSCRIÇÃO EM DÍVIDA ATIVA DA UNIÃO\nNº Inscrição: 80 4 19 123456-78\nCNPJ: 11.222.333/0001-81';
    expect(one(`${head}\nReceita: 1082 - CONTRIBUIÇÃO EMPRESA/EMPREGADOR`).nature).toBe('previdenciaria');
    expect(one(`${head}\nReceita: 1507 - SIMPLES NACIONAL`).nature).toBe('demais');
    expect(one(`${head}\nReceita: 2372 - CSLL - CONTRIBUIÇÃO SOCIAL SOBRE O LUCRO`).nature).toBe('demais');
  });
});

describe('pgfn-previdenciaria', () => {
  it('reads the DEBCAD and never the "PGFN de Origem" number', () => {
    const rec = one('MINISTÉRIO DA FAZENDA\nPROCURADORIA-GERAL DA FAZENDA NACIONAL\nCERTIDÃO DE DÍVIDA ATIVA\nPGFN de Origem: 80 4 08 012345-99\nNm.Inscrição Dívida Ativa: 37.123.456-7\nCGC: 11.222.333/0001-81\nContribuinte: ACME LTDA\nLivro/Folha: 12/34');
    expect(rec).toMatchObject({ registrationNumber: '371234567', nature: 'previdenciaria', debtorName: 'ACME LTDA', debtorDocument: '11222333000181' });
  });

  it('is chosen over pgfn-demais when DEBCAD cues are present', () => {
    expect(detectLayout(fold('procuradoria-geral da fazenda nacional\ndebcad nº 37.123.456-7\ndivida ativa da uniao'))?.id).toBe('pgfn-previdenciaria');
  });
});

describe('estadual', () => {
  it('reads a state CDA with a label column and a per-row total column', () => {
    const rec = one('GOVERNO DO ESTADO\nPROCURADORIA GERAL DO ESTADO DE SÃO PAULO\nCERTIDÃO DE DÍVIDA ATIVA\nCDA nº\t1.234.567.890\nDevedor\tACME LTDA\nCNPJ\t11.222.333/0001-81\nTributo\t046-2 - ICMS - OPERAÇÕES PRÓPRIAS\nReferência Vencimento Imposto Multa Juros Total\n03/2020 20/04/2020 100,00 20,00 10,00 130,00\nTotal da Dívida\tR$ 130,00');
    expect(rec).toMatchObject({
      registrationNumber: '1234567890', issuer: 'state', issuerName: 'PROCURADORIA GERAL DO ESTADO DE SÃO PAULO', nature: 'demais',
      revenueCode: '046-2', revenueDescription: 'ICMS - OPERAÇÕES PRÓPRIAS', total: 13000,
      debts: [{ period: '2020-03', dueDate: '2020-04-20', principal: 10000, fine: 2000, interest: 1000 }],
    });
  });
});

describe('municipal', () => {
  it('keeps the slash of N/AAAA numbers and reads yearly (exercício) rows', () => {
    const rec = one('PREFEITURA MUNICIPAL DE CAMPINAS\nTERMO DE INSCRIÇÃO EM DÍVIDA ATIVA Nº 1234/2021\nContribuinte: FULANO DE TAL   CPF: 529.982.247-25\nTributo: 1.1.1 - IPTU\nExercício Vencimento Valor Histórico Multa Juros\n2020 10/02/2020 100,00 2,00 3,00\nTotal Geral: R$ 105,00');
    expect(rec).toMatchObject({
      registrationNumber: '1234/2021', issuer: 'municipal', issuerName: 'PREFEITURA MUNICIPAL DE CAMPINAS', debtorDocument: '52998224725',
      revenueCode: '1.1.1', revenueDescription: 'IPTU', debts: [{ period: '2020', dueDate: '2020-02-10', principal: 10000, fine: 200, interest: 300 }],
    });
  });
});
