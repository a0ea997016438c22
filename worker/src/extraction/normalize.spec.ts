import { OCR_PERIOD_SHAPE, PERIOD_TOKEN, digitsFromLookalikes, fold, normalizeStatus, parseDate, parseDocument, parseMoney, parsePeriod, repairIssuerNameOcr, repairLegalBasisOcr, repairNameOcr } from './normalize';

describe('money', () => {
  it.each([
    ['1.234.567,89', 123456789],
    ['R$ 10,00', 1000],
    ['R$10,5', 1050],
    ['0,07', 7],
    ['18.614,88', 1861488],
  ])('%s → %i centavos, no repair', (text, cents) => {
    expect(parseMoney(text)).toEqual({ value: cents });
  });

  it.each([
    ['1.234.56', 123456],
    ['1,234,56', 123456],
    ['6:209,18', 620918],
    ['6.209, 18', 620918],
    ['2.8O3,25', 280325],
  ])('OCR shape %s is read and flagged as a repair', (text, cents) => {
    const p = parseMoney(text);
    if (cents === null) expect(p).toBeNull();
    else expect(p).toEqual({ value: cents, repairedFrom: text });
  });

  it('rejects non-money', () => {
    expect(parseMoney('abc')).toBeNull();
    expect(parseMoney('12/08/2019')).toBeNull();
  });
});

describe('dates and periods', () => {
  it('dates go to ISO and impossible dates are refused', () => {
    expect(parseDate('12/08/2019')).toEqual({ value: '2019-08-12' });
    expect(parseDate('31/02/2019')).toBeNull();
    expect(parseDate('12/O8/2019')).toEqual({ value: '2019-08-12', repairedFrom: '12/O8/2019' });
  });

  it.each([
    ['03/2018', '2018-03'],
    ['1º TRI/2019', '2019-Q1'],
    ['4º TRIM/2017', '2017-Q4'],
    ['2° TRI/2020', '2020-Q2'],
    // OCR's dash for the ordinal's dot.
    ['4º-Trimestre/2017', '2017-Q4'],
    ['2021', '2021'],
    ['25/04/2018', '2018-04-25'],
    ['13/2018', null],
    // OCR's Q or 0 for a month's O.
    ['NQV/2021', '2021-11'],
    ['0UT/2019', '2019-10'],
    ['AGQ/2020', '2020-08'],
    // OCR's 1 or L for the I of MAI (its slash lost with it); MAR stays March.
    ['MA1/2020', '2020-05'],
    ['MAL2021', '2021-05'],
    ['MAR/2020', '2020-03'],
    ['MAIO/2020', '2020-05'],
  ])('period %s → %s', (text, iso) => expect(parsePeriod(text)).toBe(iso));
});

describe('CPF/CNPJ', () => {
  it('validates check digits with the library', () => {
    expect(parseDocument('11.222.333/0001-81')).toEqual({ digits: '11222333000181', kind: 'cnpj', valid: true });
    expect(parseDocument('529.982.247-25')).toEqual({ digits: '52998224725', kind: 'cpf', valid: true });
    expect(parseDocument('529.982.247-26')).toMatchObject({ valid: false });
  });

  it('repairs OCR lookalikes only when the check digits confirm it', () => {
    expect(parseDocument('11.222.333/OOO1-81')).toEqual({ digits: '11222333000181', kind: 'cnpj', valid: true, repairedFrom: '11.222.333/OOO1-81' });
    expect(parseDocument('11.222.333/OOO1-82')).toMatchObject({ valid: false });
  });
});

describe('folding', () => {
  it('keeps one character per character so indexes line up', () => {
    const s = 'Número da Inscrição';
    expect(fold(s)).toBe('numero da inscricao');
    expect(fold(s).length).toBe(s.length);
  });
  it('maps digit lookalikes', () => expect(digitsFromLookalikes('1O.2l5')).toBe('10.215'));
});

describe('OCR repairs in prose and periods', () => {
  it.each([
    ['Lei nº 9.430/96, art. 61,8 3º.', 'Lei nº 9.430/96, art. 61, § 3º.'],
    ['art. 5º, S 2º', 'art. 5º, § 2º'],
    ['Lei nº 10.637/02, aris. 1º a 3º', 'Lei nº 10.637/02, arts. 1º a 3º'],
    ['ari. 22, I', 'art. 22, I'],
    ['art. 61, 5 3º', 'art. 61, § 3º'],
    ['Lei nº 8.212/91, arts. 20 e 30, 1, a.', 'Lei nº 8.212/91, arts. 20 e 30, I, a.'],
    ['Lei nº 10.705/00, art. 2º, Il.', 'Lei nº 10.705/00, art. 2º, II.'],
    ['Lei nº-9.430/96', 'Lei nº 9.430/96'],
    ['Lei nº 8.212/91, arts. 20 e 30, L a.', 'Lei nº 8.212/91, arts. 20 e 30, I, a.'],
    ['Lei nº 8.212/91, art. 22, Il b;', 'Lei nº 8.212/91, art. 22, II, b;'],
    ['Lei nº 10.637/02, arts. 1º a 3º; Lei nº 9.430/96; art. 61, § 3º.', 'Lei nº 10.637/02, arts. 1º a 3º; Lei nº 9.430/96, art. 61, § 3º.'],
    ['Decreto nº 9.580/2018;arts. 681 e 682', 'Decreto nº 9.580/2018, arts. 681 e 682'],
    ['Lei nº 10.637/02, arts. 1º a 3º, Lei nº 9.430/96, art. 61.', 'Lei nº 10.637/02, arts. 1º a 3º; Lei nº 9.430/96, art. 61.'],
    ['Lei nº 8.212/91, art. 22, II, Decreto nº 3.048/99, art. 202.', 'Lei nº 8.212/91, art. 22, II; Decreto nº 3.048/99, art. 202.'],
    ['Lei Estadual nº 6.374/89, arts. 1º e 2º; RICMSISP.', 'Lei Estadual nº 6.374/89, arts. 1º e 2º; RICMS/SP.'],
    ['Decreto nº7.212/10 (RIPI), arts. 35 e 36..', 'Decreto nº 7.212/10 (RIPI), arts. 35 e 36.'],
    ['Lei nº 10.637/02, arts. 1ºa 3º', 'Lei nº 10.637/02, arts. 1º a 3º'],
    ['Lei nº 8:212/91, arts. 20 e 30, I, a.', 'Lei nº 8.212/91, arts. 20 e 30, I, a.'],
    ['Lei nº 9.430/96,.art. 61, § 3º.', 'Lei nº 9.430/96, art. 61, § 3º.'],
    ['Lei nº 9.430/96, art. 44, inciso Il', 'Lei nº 9.430/96, art. 44, inciso II'],
    ['Lei nº 8.212/91, art. 22, incisos le II', 'Lei nº 8.212/91, art. 22, incisos I e II'],
    ['Lei nº 8.212/91, art. 22, incisos le ll', 'Lei nº 8.212/91, art. 22, incisos I e II'],
    ['Lei nº 7.713/88, am. 7º; Decreto nº 9.580/18, am. 681', 'Lei nº 7.713/88, art. 7º; Decreto nº 9.580/18, art. 681'],
  ])('legal basis %s → %s', (read, fixed) => expect(repairLegalBasisOcr(read)).toBe(fixed));

  it.each([
    'Lei 8.212/91, art. 22, I',
    'Decreto 8 3º',
    'Lei Estadual nº 10.705/00, art. 2º, II.',
    'arisco 12',
    'art. 22, 11.',
    'art. 5, I, II e III',
    'Lei nº 8.212/91, art. 22, incisos I e II.',
    'Lei nº 7.689/88, art. 2º; Lei nº 9.249/95, art. 20.',
    'Lei nº 9.249/95, art. 20',
    'Lei nº 9.430/96, art. 44, inciso II',
    'Lei nº 9.430/96, art. 44, inciso IV',
    'Código Tributário Municipal, art. 120.',
    'Lei Estadual nº 13.296/08, art. 2º; LEGITIMA cobrança',
    'Lei nº 10.637/02, arts. 1º a 3º; Lei nº 9.430/96, art. 61, § 3º.',
  ])('leaves %s as printed', (text) => expect(repairLegalBasisOcr(text)).toBe(text));

  it('reads the "I/" of a quarter merged into a V', () => {
    expect(parsePeriod('1º TRV2017')).toBe('2017-Q1');
    expect(PERIOD_TOKEN.exec('4º TRV2017 . 28/01/2018')?.[0]).toBe('4º TRV2017');
    // Its slash read as an apostrophe; MAI's "I/" read as a Y.
    expect(parsePeriod("4º TRI'2015")).toBe('2015-Q4');
    expect(PERIOD_TOKEN.exec("4º TRI'2015")?.[0]).toBe("4º TRI'2015");
    expect(parsePeriod('MAY2017')).toBe('2017-05');
    expect(PERIOD_TOKEN.exec('250 MAY2017 07/06/2017')?.[0]).toBe('MAY2017');
    expect(parsePeriod('MAYO 2017')).toBeNull();
    // An O read as two glyphs.
    expect(parsePeriod('NO0V/2016')).toBe('2016-11');
    // Its slash read as a stroke.
    expect(parsePeriod('AGO!2015')).toBe('2015-08');
    expect(PERIOD_TOKEN.exec('AGO!2015 15/09/2015')?.[0]).toBe('AGO!2015');
    expect(parsePeriod('SET|2015')).toBe('2015-09');
  });

  it('finds a quarter whose ordinal dot OCR read as a dash in running text', () => {
    expect(PERIOD_TOKEN.exec('DÉBITO 3 4º-Trimestre/2017 VENCIMENTO')?.[0]).toBe('4º-Trimestre/2017');
    expect(PERIOD_TOKEN.exec('9321,61 NQV/2021')?.[0]).toBe('NQV/2021');
  });
});

describe('names read by OCR', () => {
  it('reads a closing SIA as S/A and a guillemet between words as a dash, nothing else', () => {
    expect(repairNameOcr('AGROPECUÁRIA MINEIRA SIA')).toBe('AGROPECUÁRIA MINEIRA S/A');
    expect(repairNameOcr('SIA COMERCIO LTDA')).toBe('SIA COMERCIO LTDA');
    expect(repairNameOcr('COMERCIAL RIO DOCE LTDA « ME')).toBe('COMERCIAL RIO DOCE LTDA - ME');
    // A speck read as an apostrophe between two words or closing the name; a name's own apostrophe stays.
    expect(repairNameOcr("ACME'SÃO JORGE LTDA EPP")).toBe('ACME SÃO JORGE LTDA EPP');
    expect(repairNameOcr("JOAO RODRIGUES FERREIRA'")).toBe('JOAO RODRIGUES FERREIRA');
    expect(repairNameOcr("MARIA D'ÁVILA SANT'ANA")).toBe("MARIA D'ÁVILA SANT'ANA");
    expect(repairNameOcr('JOSE DA SILVA')).toBe('JOSE DA SILVA');
    // An I read as "!" in a word in capitals.
    expect(repairNameOcr('CLÍNICA RIO DOCE EIREL!')).toBe('CLÍNICA RIO DOCE EIRELI');
    expect(repairNameOcr('!NDÚSTRIA ALFA LTDA')).toBe('INDÚSTRIA ALFA LTDA');
    // A speck read as a full stop after a whole word; abbreviations keep theirs.
    expect(repairNameOcr('ANTÔNIO. SOUZA OLIVEIRA')).toBe('ANTÔNIO SOUZA OLIVEIRA');
    expect(repairNameOcr('INDÚSTRIA DE MÓVEIS NOVA ERA COMÉRCIO. E SERVIÇOS LTDA')).toBe('INDÚSTRIA DE MÓVEIS NOVA ERA COMÉRCIO E SERVIÇOS LTDA');
    expect(repairNameOcr('JOSE. PEREIRA ARAUJO')).toBe('JOSE PEREIRA ARAUJO');
    expect(repairNameOcr('ALFA IND. E COM. DE PECAS LTDA. ME')).toBe('ALFA IND. E COM. DE PECAS LTDA. ME');
    expect(repairNameOcr('CIA. BRASILEIRA DE METAIS')).toBe('CIA. BRASILEIRA DE METAIS');
    // A speck read as a hyphen glued to a word's start; a printed dash keeps its spaces, a hyphenated word its hyphen.
    expect(repairNameOcr('METALÚRGICA BRASIL SUL -EIRELI')).toBe('METALÚRGICA BRASIL SUL EIRELI');
    expect(repairNameOcr('COMERCIAL RIO DOCE LTDA - ME')).toBe('COMERCIAL RIO DOCE LTDA - ME');
    expect(repairNameOcr('AUTO-PEÇAS ALFA LTDA')).toBe('AUTO-PEÇAS ALFA LTDA');
  });

  it('puts right a company word OCR read one letter off, only where one word of the lexicon fits and no letter was added or lost', () => {
    expect(repairNameOcr('FRANSPORTADORA MINEIRA COMÉRCIO E SERVIÇOS LTDA')).toBe('TRANSPORTADORA MINEIRA COMÉRCIO E SERVIÇOS LTDA');
    expect(repairNameOcr('CONSTRUTORA DO VALE COMERCLO LTDA')).toBe('CONSTRUTORA DO VALE COMÉRCIO LTDA');
    // As printed (with or without accents), a plural, a short word or a surname: left alone.
    expect(repairNameOcr('COMERCIO DE MOVEIS LTDA')).toBe('COMERCIO DE MOVEIS LTDA');
    expect(repairNameOcr('CONSTRUTORAS REUNIDAS LTDA')).toBe('CONSTRUTORAS REUNIDAS LTDA');
    expect(repairNameOcr('JOÃO CARVALHO MENDONÇA')).toBe('JOÃO CARVALHO MENDONÇA');
    // The company-type suffix at the name's end: a doubled last I, a lost last dot.
    expect(repairNameOcr('SUPERMERCADO SÃO JORGE EIRELII')).toBe('SUPERMERCADO SÃO JORGE EIRELI');
    expect(repairNameOcr('TRANSPORTADORA PAULISTA SA.')).toBe('TRANSPORTADORA PAULISTA S.A.');
    expect(repairNameOcr('METALÚRGICA TRÊS PODERES S.A')).toBe('METALÚRGICA TRÊS PODERES S.A.');
    expect(repairNameOcr('METALÚRGICA TRÊS PODERES S.A.')).toBe('METALÚRGICA TRÊS PODERES S.A.');
    expect(repairNameOcr('CONSTRUTORA IRMÃOS ROCHA COMÉRCIO E SERVIÇOS LIDA')).toBe('CONSTRUTORA IRMÃOS ROCHA COMÉRCIO E SERVIÇOS LTDA');
    expect(repairNameOcr('LIDA SOUZA')).toBe('LIDA SOUZA');
    // A speck read as a full stop in the space between two words; abbreviations glued to the next word keep theirs.
    expect(repairNameOcr('SEBASTIÃO.DE ASSIS ARAÚJO')).toBe('SEBASTIÃO DE ASSIS ARAÚJO');
    expect(repairNameOcr('CIA.BRASILEIRA DE METAIS')).toBe('CIA.BRASILEIRA DE METAIS');
    expect(repairNameOcr('SUPERMERCADO SANTA LUZIA LTDA EPP.')).toBe('SUPERMERCADO SANTA LUZIA LTDA EPP');
    expect(repairNameOcr('COMERCIAL ABC LTDA.')).toBe('COMERCIAL ABC LTDA.');
    expect(repairNameOcr('CONCEIÇÃO CASTRO NEVES OLIVEIRA.')).toBe('CONCEIÇÃO CASTRO NEVES OLIVEIRA');
    expect(repairNameOcr('AGROPECUÁRIA ALVORADA.S/A')).toBe('AGROPECUÁRIA ALVORADA S/A');
    expect(repairNameOcr('AGROPECUÁRIA .SÃO JORGE S/A')).toBe('AGROPECUÁRIA SÃO JORGE S/A');
    expect(repairNameOcr('FERRAGENS SILVA & CIA.')).toBe('FERRAGENS SILVA & CIA.');
  });
});

describe('issuer names read by OCR', () => {
  it('drops an accent only from words that never carry one', () => {
    expect(repairIssuerNameOcr('PROCURADORIA-GERAL DA FAZENDA NÁCIONAL')).toBe('PROCURADORIA-GERAL DA FAZENDA NACIONAL');
    expect(repairIssuerNameOcr('PROCURADORIA GERAL DO ESTADO DE SÃO PAULO')).toBe('PROCURADORIA GERAL DO ESTADO DE SÃO PAULO');
    expect(repairIssuerNameOcr('PREFEITURA MUNICIPAL DE GOIÂNIA')).toBe('PREFEITURA MUNICIPAL DE GOIÂNIA');
  });
});

describe('situação', () => {
  it('upper case without trailing punctuation', () => {
    expect(normalizeStatus('Ativa ajuizada.', false)).toBe('ATIVA AJUIZADA');
    expect(normalizeStatus('ATIVA AJUIZADA - GARANTIA - PENHORA', false)).toBe('ATIVA AJUIZADA - GARANTIA - PENHORA');
  });
  it('drops accents so a status reads the same printed, OCR\'d with or without its tilde', () => {
    expect(normalizeStatus('ATIVA NÃO PRIORIZADA PARA AJUIZAMENTO', true)).toBe('ATIVA NAO PRIORIZADA PARA AJUIZAMENTO');
    // One letter misread in a word of the list, never its gender ending.
    expect(normalizeStatus('AFIVA AJUIZADA - GARANTIA - PENHORA', true)).toBe('ATIVA AJUIZADA - GARANTIA - PENHORA');
    expect(normalizeStatus('INSCRITO - PROTESTADO', true)).toBe('INSCRITO - PROTESTADO');
    expect(normalizeStatus('AFIVA', false)).toBe('AFIVA');
    expect(normalizeStatus('Ativa em cobrança', false)).toBe('ATIVA EM COBRANCA');
    expect(normalizeStatus('EXIGIBILIDADE DO CRÉDITO SUSPENSA - DECISÃO JUDICIAL', false)).toBe('EXIGIBILIDADE DO CREDITO SUSPENSA - DECISAO JUDICIAL');
  });
  it('cuts words OCR ran together where their spaces were narrow, only the one way into words of the list', () => {
    expect(normalizeStatus('ATIVAASER AJUIZADA', true)).toBe('ATIVA A SER AJUIZADA');
    expect(normalizeStatus('ATIVA EMCOBRANÇA', true)).toBe('ATIVA EM COBRANCA');
    expect(normalizeStatus('ATIVAASER AJUIZADA', false)).toBe('ATIVAASER AJUIZADA');
    // A speck read as a hyphen before a link word was the space; a hyphen between two situação words stays.
    expect(normalizeStatus('ATIVA-NÃO PRIORIZADA PARA AJUIZAMENTO', true)).toBe('ATIVA NAO PRIORIZADA PARA AJUIZAMENTO');
    expect(normalizeStatus('SUSPENSA-DECISAO JUDICIAL', true)).toBe('SUSPENSA-DECISAO JUDICIAL');
    expect(normalizeStatus('INSCRITO - PROTESTADO', true)).toBe('INSCRITO - PROTESTADO');
  });
  it('reads a dash OCR doubled or specked, spaced on one side at least, as the spaced dash printed; never one between two words', () => {
    expect(normalizeStatus('INSCRITO --PROTESTADO', true)).toBe('INSCRITO - PROTESTADO');
    expect(normalizeStatus('ATIVA AJUIZADA -.GARANTIA - PENHORA', true)).toBe('ATIVA AJUIZADA - GARANTIA - PENHORA');
    // A speck read as a colon after the word before a spaced dash.
    expect(normalizeStatus('ATIVA AJUIZADA - GARANTIA: - PENHORA', true)).toBe('ATIVA AJUIZADA - GARANTIA - PENHORA');
    expect(normalizeStatus('ATIVA AJUIZADA- GARANTIA', true)).toBe('ATIVA AJUIZADA - GARANTIA');
    expect(normalizeStatus('CREDITO SUSPENSA-DECISAO JUDICIAL', true)).toBe('CREDITO SUSPENSA-DECISAO JUDICIAL');
    expect(normalizeStatus('INSCRITO --PROTESTADO', false)).toBe('INSCRITO --PROTESTADO');
    expect(normalizeStatus('ATIVA AJUIZADA + EXIGIBILIDADE DO CREDITO', true)).toBe('ATIVA AJUIZADA - EXIGIBILIDADE DO CREDITO');
    expect(normalizeStatus('INSCRITO - PROT ESTADO', true)).toBe('INSCRITO - PROTESTADO');
  });
  it('undoes a letter OCR doubled from a tilde, only into a word of the situação list', () => {
    expect(normalizeStatus('EM NEGOCIACAÃO NO SISPAR', true)).toBe('EM NEGOCIACAO NO SISPAR');
    expect(normalizeStatus('ATIVA EM COBRANCCA', true)).toBe('ATIVA EM COBRANCA');
    expect(normalizeStatus('ATIVAA', false)).toBe('ATIVAA');
    expect(normalizeStatus('BAIXADA', true)).toBe('BAIXADA');
  });
  it('rejoins words OCR split in two, only into words of the situação list', () => {
    expect(normalizeStatus('ATIVA AJ UIZADA - GARANTIA -', true)).toBe('ATIVA AJUIZADA - GARANTIA');
    expect(normalizeStatus('ATIVA NAO PRIORIZADA PARA AJUIZAM ENTO', true)).toBe('ATIVA NAO PRIORIZADA PARA AJUIZAMENTO');
    expect(normalizeStatus('ATIVA A SER AJUIZADA', true)).toBe('ATIVA A SER AJUIZADA');
    expect(normalizeStatus('AJ UIZADA', false)).toBe('AJ UIZADA');
  });
});

describe('period shapes on a scan', () => {
  it('sees a period in a month whose slash OCR lost and a lookalike letter in its year, after an amount in one cell, and a month that lost a digit', () => {
    expect('4.639,68 MAL20I4'.match(OCR_PERIOD_SHAPE)).toEqual(['MAL20I4']);
    expect('0/2015'.match(OCR_PERIOD_SHAPE)).toEqual(['0/2015']);
    expect('MARIA'.match(OCR_PERIOD_SHAPE)).toBeNull();
  });
});
