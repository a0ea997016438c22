import { COMMON_CO_DEBTORS, COMMON_OTHER, COMMON_TABLE, withCommon } from './common';
import { PGFN_CUES, PGFN_INSCRIPTION, PGFN_ISSUER_NAMES, PGFN_REGISTRATION_LABELS, PGFN_START } from './pgfn-demais';
import type { LayoutRule } from './types';

/**
 * PGFN social-security debts: DEBCAD `NN.NNN.NNN-D` numbers, including the old INSS-era wording
 * ("Nm.Inscrição Dívida Ativa", "CGC", "Livro/Folha"). "PGFN de Origem" prints another number
 * that must not be taken as the inscription.
 */
const DEBCAD = /(?<![\dO.])[\dO]{2}\.?[\dO]{3}\.?[\dO]{3}[ -]?[\dO](?![\dO])/;

const layout: LayoutRule = {
  id: 'pgfn-previdenciaria',
  issuer: 'federal',
  cues: [
    ...PGFN_CUES,
    { pattern: /\bdebcad\b|nm\.? ?inscricao divida ativa|pgfn de origem/, weight: 3 },
    { pattern: /previdenciari|\binss\b|lei 8\.212/, weight: 1 },
  ],
  minScore: 6,
  startCue: PGFN_START,
  registration: {
    labels: [/\b(?:debcad(?: n[ºo°])?|n[ºo°]\.? debcad|nm\.? ?inscricao divida ativa|n[ºo°]\.? inscricao divida ativa \(debcad\))(?![a-z])/g, ...PGFN_REGISTRATION_LABELS],
    // A 13-digit number can also carry a previdenciária debt (the natureza-4 trap), so both shapes.
    pattern: new RegExp(`${PGFN_INSCRIPTION.source}|${DEBCAD.source}`),
    decoys: [/\bpgfn de origem\b/g, /\bcda de origem\b/g],
  },
  issuerName: PGFN_ISSUER_NAMES,
  fields: withCommon({
    revenue: [/\b(?:natureza da divida|natureza do debito|tipo de credito|receita|origem da divida|levantamento)(?![a-z])/g],
    legalCharge: [/\b(?:encargo legal \(dl 1\.025\/69\))/g],
  }),
  coDebtors: COMMON_CO_DEBTORS,
  otherLabels: COMMON_OTHER,
  table: COMMON_TABLE,
  natureFromNumber: (digits) => (digits.length === 9 ? 'previdenciaria' : null),
};

export default layout;
