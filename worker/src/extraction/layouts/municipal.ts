import { COMMON_CO_DEBTORS, COMMON_OTHER, COMMON_TABLE, withCommon } from './common';
import type { LayoutRule } from './types';

/** Municipal ISS/IPTU, e.g. e-cidade's "Termo de Inscrição em Dívida Ativa Nº N/AAAA". */
const layout: LayoutRule = {
  id: 'municipal',
  issuer: 'municipal',
  cues: [
    { pattern: /\bprefeitura\b|\bmunicipio de\b|secretaria (?:municipal )?de financas|procuradoria (?:geral )?do municipio/, weight: 3 },
    { pattern: /\b(?:iss|issqn|iptu|itbi|taxa de (?:licenca|coleta)|tlf)\b/, weight: 2 },
    { pattern: /divida ativa (?:municipal|do municipio)|termo de inscricao/, weight: 1 },
  ],
  minScore: 4,
  startCue: /^(?:termo de inscricao|certidao de divida ativa)/,
  registration: {
    labels: [/\b(?:termo de inscricao(?: em divida ativa)? n[ºo°]\.?|certidao de divida ativa n[ºo°]\.?|cda n[ºo°]\.?|inscricao n[ºo°]\.?|n[ºo°]\.? (?:da )?inscricao|numero da inscricao|numero do termo)(?![a-z])/g],
    pattern: /(?<![\dO/])[\dO]{1,8}\s?\/\s?[\dO]{4}(?![\dO/])/,
    keepSlash: true,
  },
  issuerName: [/prefeitura municipal d[eoa] [a-z' -]+/, /municipio d[eoa] [a-z' -]+/, /prefeitura d[eoa] [a-z' -]+/],
  fields: withCommon({
    revenue: [/\b(?:tributo|receita|natureza|origem|procedencia)(?![a-z])/g],
    debtorName: [/\b(?:contribuinte|proprietario|responsavel)\b/g],
  }),
  coDebtors: COMMON_CO_DEBTORS,
  otherLabels: COMMON_OTHER,
  table: COMMON_TABLE,
};

export default layout;
