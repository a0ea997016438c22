import type { DebtNature } from '@cda/shared';
import type { LayoutRule } from './layouts';
import { fold } from './normalize';

/**
 * Receita wording of social-security debts (cda.md §3). Checked on every federal certificate,
 * because 13-digit natureza-4 inscriptions can hold contributions too. COFINS/CSLL ("seguridade
 * social", "contribuição social sobre o lucro") are deliberately not matched.
 */
const PREVIDENCIARIA = /contribuic(?:ao|oes) (?:previdenciaria|da empresa|do empregador|dos segurados|de segurados|segurados|patronal|a terceiros|terceiros|empresa)|previdenciari|\brat\b|\bsat\b|risco ambiental|aposentadoria especial|salario[- ]educacao|\bincra\b|\bsesc\b|\bsesi\b|\bsenai\b|\bsenac\b|\bsebrae\b|\bsest\b|\bsenat\b|nao repassada|descontad[ao]s? (?:dos|de) segurados|\bgfip\b|dctfweb|\binss\b|lei n?º? ?8\.212/;

export function classifyNature(layout: LayoutRule, registration: string, revenueText: string): DebtNature {
  if (layout.issuer !== 'federal') return 'demais';
  if (layout.natureFromNumber?.(registration) === 'previdenciaria') return 'previdenciaria';
  return PREVIDENCIARIA.test(fold(revenueText)) ? 'previdenciaria' : 'demais';
}
