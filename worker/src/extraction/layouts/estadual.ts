import { COMMON_CO_DEBTORS, COMMON_OTHER, COMMON_TABLE, withCommon } from './common';
import type { LayoutRule } from './types';

/** State CDAs (PGE / SEFAZ): ICMS, IPVA, ITCMD. Numbering differs by state, so any long digit group. */
const layout: LayoutRule = {
  id: 'estadual',
  issuer: 'state',
  cues: [
    { pattern: /procuradoria[- ]geral do estado|secretaria (?:de estado )?d[ae] fazenda(?! nacional)|governo do estado|\bsefaz\b|\bpge\b/, weight: 3 },
    { pattern: /\b(?:icms|ipva|itcmd|itcd)\b/, weight: 2 },
    { pattern: /divida ativa (?:do estado|estadual|tributaria)|certidao de divida ativa/, weight: 1 },
  ],
  minScore: 4,
  startCue: /^(?:certidao de (?:inscricao em )?divida ativa|cda\b|termo de inscricao)/,
  registration: {
    labels: [/\b(?:cda n[ºo°]\.?|n[ºo°]\.? (?:da )?cda|numero da cda|numero da certidao|certidao n[ºo°]\.?|n[ºo°]\.? da certidao|certidao de divida ativa n[ºo°]\.?|n[ºo°]\.? (?:da )?inscricao|numero da inscricao|inscricao n[ºo°]\.?)(?![a-z])/g],
    pattern: /(?<![\dO])[\dO](?:[\dO]|[ .\/-](?=[\dO])){6,24}(?![\dO])/,
  },
  issuerName: [/procuradoria[- ]geral do estado d[eoa] [a-z ]+/, /secretaria (?:de estado )?d[ae] fazenda d[eoa] [a-z ]+/, /governo do estado d[eoa] [a-z ]+/],
  fields: withCommon({
    revenue: [/\b(?:tributo|imposto|natureza do debito|natureza da divida|origem do debito|origem|receita|especie)(?![a-z])/g],
    debtorName: [/\b(?:proprietario|autuado)\b/g],
    administrativeProcess: [/\b(?:auto de infracao(?: e imposicao de multa)?|aiim|ait|processo tributario)(?: n[ºo°])?(?![a-z])/g],
  }),
  coDebtors: COMMON_CO_DEBTORS,
  otherLabels: COMMON_OTHER,
  table: COMMON_TABLE,
};

export default layout;
