import { COMMON_CO_DEBTORS, COMMON_OTHER, COMMON_TABLE, withCommon } from './common';
import type { LayoutRule } from './types';

/** PGFN, Dívida Ativa da União, "demais" debts: 13-digit `UU N AA SSSSSS-DD` inscriptions. */
export const PGFN_INSCRIPTION = /(?<![\dO])(?:[\dO]{2}[ .]?)?[\dO][ .]?[\dO]{2}[ .]?[\dO]{6}[ .-]?[\dO]{2}(?![\dO])/;

export const PGFN_ISSUER_NAMES = [/procuradoria[-., ]?geral da fazenda nacional/, /\bpgfn\b/];

export const PGFN_REGISTRATION_LABELS = [
  /\b(?:numero da inscricao(?: em divida ativa)?|n[ºo°]\.? ?(?:da )?inscricao(?: em divida ativa)?|inscricao n[ºo°]\.?|numero de inscricao|inscricao em divida ativa n[ºo°]\.?|n[ºo°]\.? da cda|numero da cda|cda n[ºo°]\.?|inscricao)(?![a-z])/g,
];

export const PGFN_CUES: LayoutRule['cues'] = [
  // A scan may read the hyphen as a dot, or lose the small page header altogether.
  { pattern: /procuradoria[-. ]?geral da fazenda nacional|\bpgfn\b/, weight: 3 },
  // The encargo legal of DL 1.025/69 is charged on Dívida Ativa da União only.
  { pattern: /\b(?:dl|decreto-lei)\s*(?:n[ºo°]\.?\s*)?1\.025\/69/, weight: 2 },
  { pattern: /divida ativa da uniao/, weight: 2 },
  { pattern: /certidao de divida ativa|termo de inscricao/, weight: 1 },
  { pattern: /ministerio da (?:fazenda|economia)/, weight: 1 },
];

export const PGFN_START = /^(?:certidao de divida ativa(?: da uniao)?|termo de inscricao(?: em divida ativa)?(?: da uniao)?)\b/;

const layout: LayoutRule = {
  id: 'pgfn-demais',
  issuer: 'federal',
  cues: PGFN_CUES,
  minScore: 4,
  startCue: PGFN_START,
  registration: { labels: PGFN_REGISTRATION_LABELS, pattern: PGFN_INSCRIPTION },
  issuerName: PGFN_ISSUER_NAMES,
  fields: withCommon({
    revenue: [/\b(?:natureza da divida|natureza do debito|natureza\/receita|receita|origem da divida|tributo)(?![a-z])/g],
    legalCharge: [/\b(?:encargo legal \(dl 1\.025\/69\)|encargo do decreto-lei 1\.025\/69)/g],
  }),
  coDebtors: COMMON_CO_DEBTORS,
  otherLabels: COMMON_OTHER,
  table: COMMON_TABLE,
  natureFromNumber: () => null,
};

export default layout;
