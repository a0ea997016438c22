import type { FieldName, LayoutRule } from './types';

/**
 * Label spellings shared by every issuer (the law fixes the content, not the wording). Layout
 * files add their own variants on top of these.
 */
/**
 * A label pattern from its spellings, longest first: a regex alternation takes the first
 * alternative that matches, and "nome" must not win over "nome do devedor".
 */
export function oneOf(spellings: string[], tail = '(?![a-z])'): RegExp {
  const sorted = [...spellings].sort((a, b) => b.length - a.length);
  return new RegExp(`\\b(?:${sorted.join('|')})${tail}`, 'g');
}

export const COMMON_FIELDS: Partial<Record<FieldName, RegExp[]>> = {
  debtorName: [oneOf(['nome', 'razao social', 'nome\\/razao social', 'nome do devedor', 'devedor(?:\\(a\\))?', 'contribuinte', 'sujeito passivo', 'executado', 'interessado', 'nome empresarial'], '(?![a-z]| ?\\/ ?cpf)')],
  debtorDocument: [oneOf(['cpf ?\\/ ?cnpj', 'cnpj ?\\/ ?cpf', 'cnpj\\/mf', 'cpf\\/mf', 'cnpj', 'cpf', 'cgc', 'c\\.n\\.p\\.j\\.', 'inscricao no cnpj', 'cgc\\/mf'])],
  administrativeProcess: [oneOf(['processo administrativo fiscal', 'processo administrativo', 'n[ºo°]\\.? ?(?:do )?processo(?: administrativo)?', 'proc\\. administrativo', 'proc\\. adm\\.?', 'processo(?: n[ºo°]\\.?)?', 'p\\.a\\.'])],
  registrationDate: [oneOf(['data da inscricao', 'data de inscricao', 'inscrita em', 'inscrito em', 'data inscricao', 'dt\\.? inscricao'])],
  legalBasis: [oneOf(['fundamento legal', 'fundamentacao legal', 'fundamentos legais', 'base legal', 'legislacao aplicavel', 'amparo legal'])],
  status: [oneOf(['situacao da inscricao', 'situacao atual', 'situacao', 'status'])],
  principal: [oneOf(['valor originario', 'valor original', 'principal', 'valor principal', 'valor do tributo', 'valor do debito', 'valor historico'])],
  fine: [oneOf(['multa de mora', 'multa moratoria', 'multa de oficio', 'multa', 'valor da multa'])],
  interest: [oneOf(['juros de mora', 'juros moratorios', 'juros selic', 'juros', 'valor dos juros'])],
  legalCharge: [oneOf(['encargo legal', 'encargos legais', 'encargo do dl 1\\.025\\/69', 'honorarios advocaticios', 'honorarios'])],
  total: [oneOf(['valor consolidado', 'valor total da divida', 'valor total atualizado', 'valor total', 'total da divida', 'total consolidado', 'total geral', 'total atualizado', 'total devido', 'saldo devedor', 'valor atualizado', 'total'])],
  consolidationDate: [oneOf(['atualizado ate', 'atualizada ate', 'data do calculo', 'data da consolidacao', 'calculado em', 'consolidado em', 'posicao em', 'data de atualizacao', 'valores atualizados ate', 'valores consolidados em', 'data base'])],
};

export const COMMON_CO_DEBTORS = [oneOf(['co-?responsave(?:l|is)', 'corresponsave(?:l|is)', 'coobrigados?', 'responsaveis solidarios', 'responsave(?:l|is) tributarios?', 'co-?devedores'])];

export const COMMON_OTHER = [oneOf(['endereco', 'domicilio', 'livro\\/folha', 'livro', 'folha', 'fls\\.', 'inscricao estadual', 'inscricao municipal', 'cep', 'municipio', 'uf', 'bairro', 'placa', 'renavam', 'chassi', 'inscricao imobiliaria', 'cadastro imobiliario', 'pgfn de origem', 'cda de origem'])];

export const COMMON_TABLE: LayoutRule['table'] = {
  periodHeader: /\b(?:periodo(?: de apuracao)?|per\.? ?apur(?:acao|\.)?|competencia|exercicio|ano base|referencia|mes\/ano)\b/,
  columns: [
    { column: 'principal', pattern: /\b(?:principal|valor historico|historico|valor originario|originario|valor original|valor do tributo|tributo|imposto|valor devido)\b/g },
    { column: 'fine', pattern: /\bmulta\b/g },
    { column: 'interest', pattern: /\bjuros\b/g },
    { column: 'other', pattern: /\b(?:encargo|total|saldo|atualizado|correcao|corr\. monet)\b/g },
  ],
  dueHeader: /\b(?:vencimento|venc\.|data venc|dt\.? venc)/,
  leadingCode: /\b(?:receita|cod\.?|codigo)\b/,
};

/** Field labels of a layout: the shared ones plus its own variants first. */
export function withCommon(own: Partial<Record<FieldName, RegExp[]>>): Partial<Record<FieldName, RegExp[]>> {
  const out: Partial<Record<FieldName, RegExp[]>> = {};
  const names = new Set([...Object.keys(COMMON_FIELDS), ...Object.keys(own)]) as Set<FieldName>;
  for (const name of names) out[name] = [...(own[name] ?? []), ...(COMMON_FIELDS[name] ?? [])];
  return out;
}
