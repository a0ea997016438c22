/**
 * Everything the extractor knows about how CDAs are worded, as data, in one place: for each field
 * its label synonyms and abbreviations and the type of value it takes; the decoys that look like a
 * field and are not; the debt-table column headers; the titles that open a certificate and those of
 * documents that are not one. No layout or issuer has rules of its own: a new wording is a new
 * synonym here.
 *
 * Patterns are regex sources over folded text (lower case, no accents; see `fold`), written without
 * anchors: the reader anchors them at the start of a cell (labels) or searches them in running text
 * (prose). `\s+` between words also takes line breaks of prose.
 */

export type ValueType = 'registration' | 'date' | 'document' | 'money' | 'process' | 'code' | 'revenue' | 'text' | 'longText' | 'name' | 'status';

/** Words a situação is made of: a value with none of them is not a situação ("LV./FLS", "COD"). */
// Word starts only: "discriminATIVo" is not a situação.
/** How a legal reference begins ("Lei nº 8.212/91, art. 22"): the value of a fundamentação, never a receita. */
export const LEGAL_REFERENCE = '^(?:lei(?:\\s+complementar)?|decreto(?:-lei)?|d\\.?l\\.?|lc|arts?\\.?|instrucao\\s+normativa|in|resolucao|portaria|ctn|rir)\\b\\s*(?:n\\s*[.ºo°]*\\s*)?[\\d.]+';

export const STATUS_STEMS = 'ativ|inscrit|ajuiz|administrativ|suspens|parcel|negoci|protest|garant|cobranc|extint|cancel|quitad|execu|baixad|autoriz|penhor|sispar|exigib|decisao|judicial|regular|pendente|remetid|encaminhad';
export const STATUS_VOCABULARY = `\\b(?:${STATUS_STEMS})`;
/**
 * A whole cell worded only as a situação ("ATIVA AJUIZADA NEGOCIADA NO SISPAR", "INSCRITO - PROTESTADO"):
 * it opens with ativa/inscrito and goes on in situação words (OCR specks between them allowed).
 */
// It ends on a situação word: "INSCRITO EM" is a date's caption.
/** Words that link a situação's words ("ATIVA A SER AJUIZADA", "EXIGIBILIDADE DO CREDITO SUSPENSA"). */
/**
 * Qualifiers a situação sets off with a dash ("ATIVA AJUIZADA - GARANTIA - PENHORA", "… - EXIGIBILIDADE DO
 * CREDITO SUSPENSA …"): where OCR split a situação at a wide gap before one and lost the dash, it is put back.
 */
export const STATUS_CLAUSES = 'exigibilidade|garantia';
export const STATUS_LINKS = 'a|em|no|na|para|de|da|do|ser|nao|por|com|lei|credito|priorizad[ao]';
/** The link words that lead a situação on into its next word ("ATIVA A SER AJUIZADA", "ATIVA NAO PRIORIZADA"), in capitals. */
export const STATUS_LEAD_LINKS = ['A', 'EM', 'NO', 'NA', 'PARA', 'SER', 'NAO'];
/** After a situação's first word: more of its words and links, ending on a situação word. */
const STATUS_WORDS_ON = `(?:[\\s\\-–—.,:;']+(?:(?:${STATUS_STEMS})[a-z]*|${STATUS_LINKS})){0,7}[\\s\\-–—.,:;']+(?:${STATUS_STEMS})[a-z]*[\\s.]*$`;
export const STATUS_PHRASE = `^(?:ativ|inscrit)[a-z]*${STATUS_WORDS_ON}`;
/**
 * Failing that, a cell of two or more situação words that opens with another of them or a link
 * ("EM NEGOCIACAO NO SISPAR", "AJUIZAMENTO AUTORIZADO"): a situação printed under a caption OCR lost whole.
 */
export const STATUS_PHRASE_LOOSE = `^(?:(?:${STATUS_LINKS})\\s+){0,2}(?:${STATUS_STEMS})[a-z]*${STATUS_WORDS_ON}`;

export type ScalarField =
  | 'registrationNumber'
  | 'registrationDate'
  | 'debtorName'
  | 'debtorDocument'
  | 'revenue'
  | 'revenueCode'
  | 'revenueDescription'
  | 'administrativeProcess'
  | 'legalBasis'
  | 'status'
  | 'principal'
  | 'fine'
  | 'interest'
  | 'legalCharge'
  | 'total'
  | 'consolidationDate';

export type MoneyField = 'principal' | 'fine' | 'interest' | 'legalCharge' | 'total';
export const MONEY_FIELDS: readonly MoneyField[] = ['principal', 'fine', 'interest', 'legalCharge', 'total'];

export interface FieldLexicon {
  type: ValueType;
  /** Label wordings (a cell starting with one is this field's label). */
  labels: string[];
  /** Wordings found inside prose sentences, each followed by the value ("em nome de X"). */
  prose?: string[];
  /** Label wordings only a scan has: OCR's garbles of a printed label too far from it for the tolerant match. */
  ocrLabels?: string[];
}

const NO = 'n\\s*[.ºo°]*\\s*\\.?';
/** A law's name ("Código Tributário Municipal, art. 120"), the value of a fundamentação, not a code's caption. */
const NOT_A_CODE = '(?!\\s+(?:tributario|civil|penal|de\\s+processo)\\b)';
/**
 * Receitas named after a kind of fine ("MULTA ISOLADA" under its "Receita" caption): the debt's
 * description, not the caption of the certificate's multa.
 */
const NOT_A_FINE = '(?!\\s+(?:isolada|clt|trabalhista|regulamentar|eleitoral)\\b)';

export const FIELDS: Record<ScalarField, FieldLexicon> = {
  registrationNumber: {
    type: 'registration',
    labels: [
      `${NO}\\s*(?:da\\s+|de\\s+)?inscri(?:cao|c\\.)(?:\\s+(?:em|na)\\s+divida\\s+ativa)?(?:\\s+da\\s+uniao)?`,
      `numero\\s+(?:da\\s+|de\\s+)?inscricao(?:\\s+(?:em|na)\\s+divida\\s+ativa)?`,
      `inscricao(?:\\s+(?:em|na)\\s+divida\\s+ativa)?(?:\\s+da\\s+uniao)?\\s*(?:${NO}|numero)`,
      `nm\\.?\\s*inscricao(?:\\s+divida\\s+ativa)?`,
      `(?:${NO}\\s*|numero\\s+)?(?:do\\s+)?debcad`,
      'cda\\s*/\\s*debcad',
      `(?:${NO}|numero)\\s*do\\s+debito(?:\\s*\\(\\s*debcad\\s*\\))?`,
      `${NO}\\s*insc\\.?`,
      `${NO}\\s*(?:da\\s+)?cda`,
      `numero\\s+da\\s+cda`,
      `(?:numero|${NO})\\s*(?:da|de)\\s+certidao`,
      `(?:numero|${NO})\\s*(?:do|de)\\s+termo(?:\\s+de\\s+inscricao)?`,
      'cda\\s*n\\s*[.ºo°]',
      'cda',
      `certidao(?:\\s+(?:de|da)\\s+divida\\s+ativa(?:\\s+(?:da\\s+uniao|estadual|municipal|do\\s+estado|do\\s+municipio))?)?\\s*${NO}`,
      `termo\\s+de\\s+inscricao(?:\\s+(?:em|na)\\s+divida\\s+ativa)?\\s*${NO}`,
      'inscricao(?:\\s+em\\s+divida\\s+ativa)?',
      'registro(?:\\s+da\\s+divida)?\\s*n\\s*[.ºo°]',
    ],
    prose: [
      `(?:sob\\s+o\\s+|a\\s+)?inscricao\\s*${NO}`,
      `inscrit[oa]s?\\s+(?:em|na)\\s+divida\\s+ativa(?:\\s+da\\s+uniao|\\s+do\\s+estado|\\s+do\\s+municipio)?\\s+sob\\s+o\\s+${NO}`,
      `sob\\s+(?:o\\s+)?(?:${NO}|numero)`,
      `(?:com\\s+)?(?:o\\s+)?numero\\s+de\\s+inscricao`,
    ],
  },
  registrationDate: {
    type: 'date',
    labels: [
      'data\\s+(?:da|de)\\s+inscricao(?:\\s+em\\s+divida\\s+ativa)?',
      'dt\\.?\\s*(?:da\\s+|de\\s+)?insc(?:ricao|r?\\.)?',
      'data\\s+(?:da\\s+|de\\s+)?insc(?:r?\\.)',
      'inscrit[oa]\\s+em',
      'data\\s+inscricao',
      'inscricao\\s+em(?!\\s+divida)',
    ],
    // "Dt. da Inscrição" read as "De da inscrição" or "Ot. da Inscrição", or split into "Pt." and a cell of its own "da Inscrição";
    // "Dt. Inscrição" as "De. Inscrição", "Dx. Inscrição"; a caption "INSCRITA EM" alone in its box as "ANSCRITAEM";
    // "Data Insc." with its thin I lost ("DATA NSC.") or its s read as an e ("Data inec.").
    ocrLabels: ['[do][a-z]\\.?\\s+d[ae]\\s+inscricao', '[do][a-z]\\.\\s+inscricao', 'da\\s+inscricao(?=[\\s.:]*$)', '[a-z]nscrit[oa]\\s+em(?=[\\s.:]*$)', '(?:data|dt\\.?)\\s*(?:d[ae]\\s+)?nsc(?:ricao|r?\\.)', 'data\\s+inec\\.'],
    prose: [
      'cuja\\s+inscricao\\s+data\\s+de',
      // "foi inscrito em Dívida Ativa do Município de Pelotas em 30 de junho de 2025".
      'inscrit[oa]s?\\s+em\\s+divida\\s+ativa(?:\\s+d[oa]s?\\s+[^,.;:\\d]{3,60}?)?\\s+em(?=\\s+\\d)',
      'inscrit[oa]\\s+em',
      'inscricao\\s+em(?!\\s+divida)',
      // "… sob o nº 80 6 19 934897-48, em 07/02/2019": the date right after the number (on a scan a dot
      // of it may read as a colon or a comma: "10:6.14.595129-38").
      '(?:inscricao|sob\\s+o)\\s+(?:n\\s*[.ºo°]*|numero)\\s*[\\d](?:[\\d\\s./-]|[:,](?=\\d)){6,24},?\\s+em(?=\\s+\\d)',
    ],
  },
  debtorName: {
    type: 'name',
    labels: [
      'nome\\s*/\\s*razao\\s+social(?:\\s+do\\s+(?:devedor|contribuinte))?',
      'razao\\s+social(?:\\s+do\\s+(?:devedor|contribuinte))?',
      'nome\\s+(?:do\\s+|da\\s+)?(?:devedor|devedora|contribuinte|sujeito\\s+passivo|executad[oa]|autuad[oa])',
      'nome\\s+empresarial',
      'devedor(?:a)?(?:\\s+principal)?(?:\\s*\\(\\s*principal\\s*\\))?',
      'contribuinte(?:\\s*\\(\\s*devedor\\s+principal\\s*\\))?',
      'sujeito\\s+passivo',
      'executad[oa]',
      'interessad[oa]',
      'proprietari[oa]',
      'responsavel(?!\\s+(?:solidari|tributari|subsidiari))',
      'titular',
      'nome',
    ],
    prose: [
      'em\\s+nome\\s+de',
      'em\\s+face\\s+de',
      'devedor(?:a)?\\s*:',
      'de\\s+responsabilidade\\s+de',
      // "Certifico que ACME S.A., CNPJ …": only where a CPF/CNPJ follows the name, by its label or,
      // when OCR garbled that ("C.N.P.3."), by its punctuated shape (a full stop followed by a space
      // ends the sentence; the dots of "S.A." do not).
      // "Certifica que o débito abaixo descrito, de responsabilidade de X" names the debt, not the debtor.
      'certific[oa]\\s+que(?!\\s+(?:o|a|os|as)\\s+(?:debitos?|dividas?|creditos?|valor(?:es)?|inscric(?:ao|oes))\\b)(?=\\s+(?:[^.]|\\.(?!\\s)){3,120}?,?\\s+(?:(?:inscrit[oa]\\s+no\\s+)?\\(?(?:cnpj|cpf|c\\.\\s?n\\.\\s?p\\.\\s?j|c\\.\\s?p\\.\\s?f)|[^\\d\\s]{1,12}\\s*\\d{2,3}\\.\\d{3}\\.\\d{3}[/-]))',
    ],
  },
  debtorDocument: {
    type: 'document',
    labels: [
      'cnpj\\s*/\\s*cpf',
      'cpf\\s*/\\s*cnpj',
      'cnpj(?:\\s*/\\s*mf)?(?:\\s+do\\s+(?:devedor|contribuinte))?',
      'cpf(?:\\s*/\\s*mf)?(?:\\s+do\\s+(?:devedor|contribuinte))?',
      // A dot OCR lost between two letters ("C.N.PJ.", "C.PF.").
      'c\\.\\s?n\\.?\\s?p\\.?\\s?j\\.?',
      'c\\.\\s?p\\.?\\s?f\\.?',
      'cgc(?:\\s*/\\s*mf)?',
      // The CNPJ's old name, dotted like the others on INSS printouts ("C.G.C. : …").
      'c\\.\\s?g\\.\\s?c\\.?(?:\\s*/\\s*mf)?',
      'documento(?:\\s+do\\s+devedor)?',
    ],
    prose: [`inscrit[oa]\\s+no\\s+(?:cnpj|cpf)(?:\\s*/\\s*mf)?\\s+(?:sob\\s+o\\s+)?(?:${NO})?`, `portador[a]?\\s+do\\s+cpf(?:\\s+${NO})?`, '(?:cnpj|cpf)\\s*(?:/\\s*mf)?\\s*(?:n\\s*[.ºo°]+)?'],
  },
  revenue: {
    type: 'revenue',
    labels: [
      'receita(?:\\s+principal)?',
      'receita\\s*/\\s*tributo',
      'tributo\\s*/\\s*receita',
      'origem(?:\\s+do\\s+debito)?',
      'codigo\\s*/\\s*receita',
      'natureza\\s*/\\s*receita',
      'natureza\\s+da\\s+receita',
      'denominacao\\s+da\\s+receita',
      'descricao\\s+da\\s+receita',
      'natureza\\s+do\\s+(?:debito|credito|tributo)',
      'natureza\\s+da\\s+divida',
      'especie\\s+(?:do\\s+)?(?:tributo|debito|credito)',
      'tributo',
      'imposto',
      'origem\\s+da\\s+divida',
      'levantamento',
      'procedencia',
    ],
    prose: ['codigo\\s+de\\s+receita', 'receita\\s+(?:de\\s+)?codigo'],
  },
  revenueCode: {
    type: 'code',
    labels: ['cod(?:igo|\\.)?\\s*(?:da\\s+|de\\s+)?receita', 'codigo\\s+do\\s+tributo', 'cod\\.?\\s*tributo', `codigo${NOT_A_CODE}`, 'cod\\.'],
    // "Cód." alone in its box, its dot lost.
    ocrLabels: ['cod(?=\\s*:?\\s*$)'],
  },
  revenueDescription: {
    type: 'text',
    // "Código da Receita: 2172 / Descrição: COFINS": a bare "Descrição" in the fields names the receita.
    labels: ['descricao(?:\\s+do\\s+(?:debito|tributo))?'],
  },
  administrativeProcess: {
    type: 'process',
    labels: [
      `processo\\s+administrativo(?:\\s+fiscal)?(?:\\s*${NO})?`,
      `(?:${NO}|numero)\\s*(?:do\\s+)?processo(?:\\s+administrativo)?(?:\\s+fiscal)?`,
      `protocolo(?:\\s*${NO})?`,
      `proc(?:esso|\\.)?\\s*adm(?:inistrativo|\\.)?(?:\\s*${NO})?`,
      `p\\.\\s?a\\.\\s?(?:${NO})?`,
      // OCR may lose the A's dot before the number sign ("P.A nº").
      `p\\.\\s?a\\s*${NO}`,
      `pa(?:\\s*${NO})?`,
      `processo\\s+fiscal(?:\\s*${NO})?`,
      `(?:aiim|pta|auto\\s+de\\s+infracao)(?:\\s*/\\s*processo)?(?:\\s*${NO})?`,
      `processo(?:\\s*${NO})?`,
    ],
    // "Proc. Adm." whose m OCR read as an a ("Proc. Ada."): scans only.
    ocrLabels: ['proc\\.\\s*ada\\.'],
    prose: [`processo\\s+administrativo(?:\\s+fiscal)?(?:\\s*${NO})?`],
  },
  legalBasis: {
    type: 'longText',
    labels: ['fundamentos?\\s+legal', 'fundamentacao(?:\\s+legal)?', 'fundamento', 'base\\s+legal', 'embasamento\\s+legal', 'dispositivos?\\s+lega(?:l|is)', 'legislacao'],
    prose: ['fundamenta-se\\s+(?:em|no|na)'],
  },
  status: {
    type: 'status',
    labels: [
      'situacao(?:\\s+atual)?(?:\\s+(?:da|do)\\s+(?:inscricao|credito|divida|debito))?(?:\\s+na\\s+data\\s+desta\\s+certidao)?',
      'status',
      'sit\\.',
      // A caption alone in its box may lose its dot ("sit"), or OCR read the dot as a colon ("SIT:", "Sit: INSCRITA").
      'sit(?=\\s*:?\\s*$|\\s*:)',
    ],
    prose: ['situacao\\s+da\\s+inscricao(?:\\s+na\\s+data\\s+desta\\s+certidao)?\\s*:'],
  },
  principal: {
    type: 'money',
    labels: [
      'total\\s+(?:do\\s+)?principal',
      'valor\\s+originario(?:\\s+total)?',
      'valor\\s+lancado',
      'vl\\.?\\s*orig(?:inal|inario|\\.)?',
      'valor\\s+original',
      'vlr\\.?\\s*orig(?:inal|inario|\\.)?',
      'valor\\s+principal',
      'principal(?:\\s+total)?',
      'valor\\s+(?:do\\s+)?(?:tributo|imposto)',
      'total\\s+do\\s+(?:tributo|imposto)',
      'tributo',
      'imposto',
      'valor\\s+historico',
      'debito\\s+principal',
    ],
    prose: ['valor\\s+originario\\s+de', 'principal\\s+de', 'valor\\s+principal\\s+de'],
  },
  fine: {
    type: 'money',
    labels: ['total\\s+(?:da\\s+)?multas?', `multas?${NOT_A_FINE}(?:\\s+(?:de\\s+)?(?:mora|oficio|moratoria|punitiva))?(?:\\s*\\(\\d+%\\))?`, 'vlr\\.?\\s*multa'],
    prose: ['multa(?:\\s+(?:de\\s+)?(?:mora|oficio|moratoria))?(?:\\s*\\(\\d+\\s*%\\))?\\s+de'],
  },
  interest: {
    type: 'money',
    labels: ['total\\s+(?:dos\\s+)?juros', 'juros(?:\\s+(?:de\\s+)?mora(?:torios)?)?(?:\\s*\\(?selic\\)?)?', 'vlr\\.?\\s*juros'],
    prose: ['juros(?:\\s+de\\s+mora)?\\s+de'],
  },
  legalCharge: {
    type: 'money',
    labels: ['encargos?\\s+lega(?:l|is)', 'encargo', 'encargos(?=\\s*(?:[.…_·]{2,}\\s*)?(?:[:–—]|-\\s|$)|\\s*[.…_·]{3,})', 'honorarios(?:\\s+advocaticios)?'],
    prose: [
      'encargo\\s+legal[^$]{0,120}?no\\s+valor\\s+de',
      'honorarios(?:\\s+advocaticios)?\\s+de',
      // "… aos quais se acrescenta o encargos no valor de R$ 493,75".
      'acrescenta[^$\\d]{0,30}?(?:encargos?|honorarios)[^$\\d]{0,60}?no\\s+valor\\s+de',
    ],
  },
  total: {
    type: 'money',
    labels: [
      'total\\s+(?:devido|geral|consolidado|do\\s+debito|do\\s+credito|da\\s+cda|da\\s+divida|da\\s+inscricao|a\\s+pagar|atualizado)',
      'valor\\s+total(?:\\s+(?:da|do)\\s+(?:divida|inscricao|cda|debito|credito))?',
      'valor\\s+consolidado',
      'valor\\s+do\\s+debito',
      'saldo\\s+devedor',
      'total',
    ],
    prose: ['(?:perfazendo|totalizando|no\\s+total\\s+de|o\\s+total\\s+de)[^$\\d]{0,40}?(?:de\\s+)?'],
  },
  consolidationDate: {
    type: 'date',
    labels: [
      'atualizad[oa]s?\\s+ate',
      'valores?\\s+(?:atualizados?|calculados?|consolidados?)\\s+(?:ate|em)',
      'calculad[oa]s?\\s+(?:ate|em)',
      'consolidad[oa]s?\\s+em',
      'data\\s+(?:do|de)\\s+calculo',
      'data\\s+(?:de|da|do)\\s+(?:consolidacao|atualizacao)',
      'calculo\\s+em',
      'data\\s+base',
      'totais\\s+em',
      'posicao\\s+em',
    ],
    prose: [
      'atualizad[oa]s?\\s+(?:ate|em)',
      'calculad[oa]s?\\s+(?:ate|em)',
      'consolidad[oa]s?\\s+(?:ate|em)',
      'data\\s+(?:de|da|do)\\s+(?:consolidacao|calculo|atualizacao)',
      'calculo\\s+em',
      'posicao\\s+em',
      // "Total Geral em 11/08/2025: …": a total dated by its consolidation.
      '(?:valor\\s+)?total(?:\\s+[a-z]+){0,2}\\s+em(?=\\s+\\d)',
      // "(valores atualizados até 26/10/2025)" whose "até" a scan garbled ("mé").
      'valores\\s+atualizad[oa]s\\s+[a-z]{2,3}(?=\\s+\\d{2}/\\d{2}/\\d{4})',
      // "valores consolidados em 29/10/2025" whose ending or "em" a scan garbled ("consolidadps em", "consolidados êém").
      'consolidad[a-z]{1,3}\\s+[a-z]{2,3}(?=\\s+\\d{2}/\\d{2}/\\d{4})',
    ],
  },
};

/**
 * Labels whose values look like a field's and are not it: other registration numbers, process-like
 * codes, updated or partial values, the certificate's issue date. Known so that they are never read
 * as a field and so that they end the value of the label before them.
 */
export const DECOYS: string[] = [
  '(?:n\\s*[.ºo°]+\\s*)?pgfn\\s+de\\s+origem',
  'inscricao\\s+(?:de\\s+origem|anterior|originaria)',
  'inscricao\\s+(?:estadual|municipal|imobiliaria|cadastral)',
  'insc\\.?\\s*(?:est|mun|imob)[a-z]*\\.?',
  // "I.E." and "I.M.": the inscrição estadual's and municipal's caption.
  'i\\.\\s?[em]\\.',
  'matricula(?:\\s+do\\s+imovel)?',
  'renavam', 'placa(?:\\s*/\\s*renavam)?', 'chassi', 'veiculo',
  'cgm', 'cnae', 'cadastro\\s+(?:mobiliario|imobiliario|municipal)', 'fpas(?:\\s*/\\s*cod\\.?\\s*terceiros)?', 'cod\\.?\\s*terceiros',
  'livro(?:\\s*(?:/|e)\\s*folhas?)?', 'lv\\.?\\s*/\\s*fls?\\.?', 'folhas?', 'fls\\.?',
  'cod(?:igo|\\.)?\\s*(?:da\\s+)?unidade', 'unidade(?:\\s+de\\s+inscricao)?', 'processo\\s+judicial', 'n\\s*[.ºo°]+\\s*(?:do\\s+)?processo\\s+judicial', '(?:n\\s*[.ºo°]+\\s*(?:da\\s+)?)?execucao\\s+fiscal(?:\\s+n\\s*[.ºo°]+)?', 'autos(?:\\s+n\\s*[.ºo°]+)?',
  'endereco(?:\\s+de\\s+correspondencia|\\s+do\\s+estabelecimento)?', 'logradouro', 'bairro', 'complemento', 'domicilio(?:\\s+tributario|\\s+fiscal)?', 'cep', 'localizacao(?:\\s+do\\s+imovel)?', 'setor\\s*/\\s*quadra\\s*/\\s*lote',
  'tipo', 'atividade', 'parcela', 'item',
  'emitid[oa]\\s+em', 'emissao', 'data\\s+(?:da\\s+)?emissao', 'lavrad[oa]\\s+em', 'usuario', 'exercicio', 'codigo\\s+de\\s+controle', 'codigo\\s+de\\s+verificacao',
  'valor\\s+(?:atualizado\\s+)?parcial', 'valor\\s+sem\\s+(?:encargos?|honorarios)', 'subtotal\\s+\\(?sem\\s+encargos?\\)?', 'valor\\s+atualizado(?:\\s+parcial)?', 'subtotal', 'valor\\s+(?:dos\\s+servicos|liquido|do\\s+iss)', 'base\\s+de\\s+calculo', 'deducoes', 'aliquota',
  'correcao(?:\\s+monetaria)?', 'atualizacao\\s+monetaria',
  'unidade', 'orgao(?:\\s+de\\s+origem)?', 'procuradoria', 'vara', 'telefone', 'e-?mail',
];

/** The co-debtors' section or row label. */
export const CO_DEBTOR_LABELS: string[] = [
  'co-?\\s?responsave(?:l|is)',
  'corresponsave(?:l|is)',
  'responsave(?:l|is)\\s+(?:solidari[oa]s?|tributari[oa]s?|subsidiari[oa]s?)',
  'coobrigad[oa]s?',
  'co-?devedor(?:es)?',
  'socios?\\s+(?:responsaveis|administradores?|corresponsaveis)',
];

/** Debt-table column headers, by the column they name. */
export type ColumnKind = 'period' | 'due' | 'principal' | 'fine' | 'interest' | 'other';
export const COLUMNS: Array<{ kind: ColumnKind; pattern: string }> = [
  { kind: 'period', pattern: 'periodo(?:\\s+(?:de\\s+)?apur(?:acao|\\.)?)?|trimestre|trim\\.|per\\.?\\s*apur(?:acao|\\.)?|competencia|compet\\.?|comp\\.|exercicio|ano(?:-|\\s)?calendario|ano\\s+base|referencia|ref\\.|mes\\s*/\\s*ano|p\\.?\\s?a\\.|apuracao|ano|fato\\s+gerador|(?:data\\s+do\\s+)?lancamento(?:\\s+de)?' },
  { kind: 'due', pattern: 'vencimento|vencid[oa](?:\\s+em)?|vencto\\.?|venc\\.?|ven\\.|dt\\.?\\s*venc\\.?|data\\s+(?:de\\s+)?venc(?:imento)?' },
  { kind: 'other', pattern: 'subtotal|(?:valor\\s+)?total(?:\\s+atualizado)?(?:\\s+\\(r\\$\\))?|valor\\s+atualizado|correcao(?:\\s+monetaria)?|corr\\.?\\s*monet\\.?|atualizacao|#|encargo(?:\\s+legal)?|item|n[.º°o]|cod(?:igo|\\.)?\\s*(?:do\\s+)?tributo|codigo|cod\\.?|receita|parcela|seq\\.?' },
  { kind: 'principal', pattern: 'contribuicao|valor\\s+lancado|vlr?\\.?\\s*lancado|vl\\.?\\s*orig(?:inal|inario|\\.)?|valor\\s+originario|valor\\s+original|vlr\\.?\\s*orig(?:inal|inario|\\.)?|valor\\s+principal|principal|valor\\s+(?:do\\s+)?(?:tributo|imposto)|imposto(?:\\s+devido)?|tributo|valor\\s+historico|iss(?:qn)?\\s+devido|valor\\s+devido|valor|originario|original' },
  { kind: 'fine', pattern: 'multas?(?:\\s+(?:de\\s+)?(?:mora|oficio|moratori[ao]s?))?|vlr\\.?\\s*multa' },
  // OCR runs "JUROS SELIC" together and reads its "IC" as a k ("JUROSSELK").
  { kind: 'interest', pattern: 'juros(?:\\s+(?:de\\s+)?mora(?:tori[oa]s?)?)?(?:\\s*\\(?sel(?:ic|k)\\)?)?|vlr\\.?\\s*juros' },
];

/**
 * Header words long enough that OCR's one-letter slip ("Mula" for Multa, "Vencimenlo") still tells
 * which column they name: a scanned header word one edit away from one of these is read as it.
 */
export const COLUMN_WORDS = ['multa', 'juros', 'venc', 'vencto', 'principal', 'tributo', 'imposto', 'vencimento', 'periodo', 'competencia', 'apuracao', 'exercicio', 'contribuicao', 'receita', 'encargo', 'correcao', 'monetaria', 'atualizado', 'originario', 'original', 'lancado', 'historico', 'moratoria', 'moratorios', 'selic'];

/** The first cell of a table's totals row. */
export const TOTAL_ROW = '(?:total|totais|soma|somatorio|subtotal)\\b';

/** Labels that introduce a debt row's period or due date in prose or label-over-value "cards": the table's own header words. */
/** A heading that says the debts are itemized below it. */
export const DEBT_HEADING = '^(?:discrimina|demonstrativo|detalhamento|composicao\\s+do\\s+debito|debitos\\s+que\\s+compoem|competencias\\s+inscritas|debitos\\s+inscritos)';
/** A numbered debt card's caption ("DÉBITO 1 - PER. APURAÇÃO", "Parcela nº 2"). */
export const DEBT_ITEM = '^(?:debito|parcela|item)\\s*(?:n\\s*[.ºo°]*\\s*)?\\d{1,3}\\b';
/** OCR: the caption word after a numbered debt card's "DÉBITO 6 -", however garbled ("CONP." for COMP.), still announces its period. */
export const DEBT_ITEM_CAPTION = '(?<=(?:debito|parcela|item)\\s*(?:n\\s*[.ºo°]*\\s*)?\\d{1,3}\\s*[-–—]\\s*)[a-z]{2,12}\\.?';
export const ROW_PERIOD = COLUMNS.find((c) => c.kind === 'period')!.pattern;
export const ROW_DUE = COLUMNS.find((c) => c.kind === 'due')!.pattern;

/** A line that opens a certificate. Matched on folded, unspaced text at the start of a cell. */
export const TITLES: string[] = [
  'certidao\\s+(?:de\\s+|da\\s+)?(?:inscricao\\s+(?:em\\s+)?)?divida\\s+ativa',
  'termo\\s+de\\s+inscricao\\s+(?:em|na|de)\\s+divida\\s+ativa',
  'c\\.\\s?d\\.\\s?a\\.?\\s*[-–—]',
  'cda\\s*[-–—]\\s*certidao',
];

/** Titles of documents that mention dívida ativa and are not a CDA. */
export const NOT_CDA_TITLES: string[] = [
  'nota\\s+fiscal',
  'nfs-?e',
  'relatorio(?:\\s+complementar)?\\s+de\\s+situacao\\s+fiscal',
  'certidao\\s+(?:conjunta\\s+)?(?:negativa|positiva)',
  'certidao\\s+de\\s+regularidade',
  'extrato\\s+(?:de\\s+)?(?:debitos|parcelamento|consulta)',
  'documento\\s+de\\s+arrecadacao',
  'darf', 'boleto', 'guia\\s+de\\s+recolhimento',
  'recibo',
];

/** Words of a court filing (petição inicial) that wraps CDAs as annexes; its pages are not a certificate. */
/**
 * A court filing's list of the certificates it attaches ("… representados pelas Certidões de Dívida
 * Ativa anexas, nºs 50 7 24 822816-44, 40 6 23 256704-48, que instruem …"): the numbers are group 1.
 */
export const LISTED_CERTIFICATES = 'certid(?:ao|oes)\\s+de\\s+divida\\s+ativa[^.;]{0,40}?\\bn[º°o.]+s?\\.?\\s*:?\\s*(.+?)(?:,?\\s+(?:que|no\\s+valor|as\\s+quais|os\\s+quais)\\b|;|\\.\\s|$)';
export const COURT_FILING = 'excelentissim[oa]|meritissim[oa]|peticao\\s+inicial|vem,?\\s+respeitosamente|requer\\s+a\\s+citacao|termos\\s+em\\s+que\\s+pede|nestes\\s+termos|execucao\\s+fiscal\\s+em\\s+face|propor\\s+(?:a\\s+presente\\s+)?execucao';

/**
 * Words company names are commonly made of: a scanned name's word one letter off one of these
 * ("FRANSPORTADORA") is read as it (repairNameOcr). Seven letters or more, so a surname is never near one.
 */
export const COMPANY_NAME_WORDS = (
  'COMÉRCIO COMERCIAL SERVIÇOS INDÚSTRIA INDUSTRIAL TRANSPORTADORA TRANSPORTES CONSTRUTORA CONSTRUÇÕES CONSTRUÇÃO ' +
  'ALIMENTOS DISTRIBUIDORA ENGENHARIA EMPREENDIMENTOS PARTICIPAÇÕES LOGÍSTICA TECNOLOGIA SUPERMERCADO SUPERMERCADOS ' +
  'FARMÁCIA DROGARIA PANIFICADORA LATICÍNIOS METALÚRGICA AGROPECUÁRIA IMPORTAÇÃO EXPORTAÇÃO IMPORTADORA EXPORTADORA ' +
  'MATERIAIS CONFECÇÕES MINERAÇÃO MINERADORA INCORPORADORA IMOBILIÁRIA ADMINISTRADORA ASSOCIAÇÃO COOPERATIVA SOCIEDADE ' +
  'HOSPITALAR RESTAURANTE AUTOPEÇAS VEÍCULOS COMBUSTÍVEIS CONSULTORIA ASSESSORIA EDUCACIONAL REPRESENTAÇÕES ATACADISTA ' +
  'EQUIPAMENTOS MÁQUINAS PRODUTOS EMPRESA LIMITADA MICROEMPRESA AGRÍCOLA CERÂMICA MADEIREIRA CALÇADOS PLÁSTICOS QUÍMICA ' +
  'ELÉTRICA ELETRÔNICOS INFORMÁTICA TELECOMUNICAÇÕES SEGURANÇA VIGILÂNCIA HOTELARIA GRÁFICA EDITORA PAPELARIA MERCEARIA ' +
  'FRIGORÍFICO BEBIDAS SIDERÚRGICA PETRÓLEO NACIONAL BRASILEIRA'
).split(' ');

/** Who inscribed the debt, from the certificate's header and wording. */
/**
 * How a certificate ends: its signature, authentication and issue lines. Above the next
 * certificate's header at the top of a page, they are the previous certificate's tail.
 */
/** The rule a certificate is signed on. */
export const SIGNATURE_RULE = '_{8,}';
/** The day a certificate was issued: "Emitida em 07/09/2025", "Data de emissão", or its place and date ("São Paulo, 30 de outubro de 2025."). */
export const ISSUED = '(?:emitid[oa]\\s+em|lavrad[oa]\\s+em|data\\s+(?:da\\s+)?emissao)[\\s.:]*\\d|^[a-z][a-z\' ]{2,40}(?:\\s*[/-]\\s*[a-z]{2})?,\\s+\\d{1,2}(?:º|o)?(?:/|\\s+de\\s+)';
export const CLOSING = SIGNATURE_RULE + '|procurador(?:a|\\(a\\))?\\s+d[ao]s?\\s|assinad[oa]\\s+(?:digitalmente|eletronicamente)|codigo\\s+de\\s+(?:autenticidade|verificacao|controle)|emitid[oa]\\s+em|lavrad[oa]\\s+em';

export const ISSUERS: Array<{ issuer: 'federal' | 'state' | 'municipal'; pattern: string; name: string }> = [
  { issuer: 'federal', pattern: 'procuradoria[- ]geral\\s+da\\s+fazenda\\s+nacional', name: 'procuradoria[- ]geral\\s+da\\s+fazenda\\s+nacional' },
  { issuer: 'federal', pattern: 'fazenda\\s+nacional|divida\\s+ativa\\s+da\\s+uniao|\\bpgfn\\b|\\binss\\b|previdencia\\s+social', name: 'procuradoria[^\\t]*fazenda\\s+nacional' },
  { issuer: 'state', pattern: 'procuradoria[- ]geral\\s+do\\s+estado|advocacia[- ]geral\\s+do\\s+estado|secretaria\\s+(?:de\\s+estado\\s+)?da\\s+fazenda\\s+do\\s+estado|governo\\s+do\\s+estado|estado\\s+d[eo]\\s+\\w|divida\\s+ativa\\s+(?:do|da)\\s+estado|\\bsefaz\\b|\\bpge\\b', name: '(?:procuradoria|advocacia)[- ]geral\\s+do\\s+estado[^\\t]*|secretaria[^\\t]*fazenda[^\\t]*' },
  { issuer: 'municipal', pattern: 'prefeitura|municipio\\s+de|municipal|divida\\s+ativa\\s+do\\s+municipio', name: 'prefeitura\\s+municipal\\s+de[^\\t]*|municipio\\s+de[^\\t]*|prefeitura[^\\t]*' },
];

/**
 * Receita wording of social-security debts (docs/domain.md §3): checked on every federal certificate, since
 * 13-digit natureza-4 inscriptions can hold contributions too. COFINS and CSLL ("seguridade social",
 * "contribuição social sobre o lucro") are deliberately not matched.
 */
export const PREVIDENCIARIA =
  'contribuic(?:ao|oes)\\s+(?:previdenciaria|da\\s+empresa|do\\s+empregador|dos\\s+segurados|de\\s+segurados|segurados|patronal|a\\s+terceiros|terceiros|empresa|social\\s+previdenciaria)|previdenciari|\\brat\\b|\\bsat\\b|\\bgilrat\\b|risco\\s+ambiental|aposentadoria\\s+especial|salario[- ]educacao|\\bincra\\b|\\bsesc\\b|\\bsesi\\b|\\bsenai\\b|\\bsenac\\b|\\bsebrae\\b|\\bsest\\b|\\bsenat\\b|nao\\s+repassada|descontad[ao]s?\\s+(?:dos|de)\\s+segurados|\\bgfip\\b|dctfweb|\\binss\\b|lei\\s+n?º?\\s*8\\.212';

/** Receita wording that is decisively not social security (the natureza-4 Simples Nacional case). */
export const NOT_PREVIDENCIARIA = 'simples\\s+nacional|\\bdas\\b|irpj|irpf|irrf|csll|cofins|\\bpis\\b|\\bipi\\b|\\bitr\\b|imposto|multa\\s+(?:isolada|clt|trabalhista)';

