const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Money lives as integer centavos; this is the edge where it becomes `R$ 1.234,56`. */
export function formatCentavos(centavos: number): string {
  // Intl puts a non-breaking space after R$; users copy these into documents, so use a plain one.
  return brl.format(centavos / 100).replace(/\u00a0/g, ' ');
}

/**
 * Parses a pt-BR money text (`1.234.567,89`, `R$ 10,00`, `-5,5`) into integer centavos without
 * going through floating point. Returns null when the text is not a money value.
 */
export function parseBRLToCentavos(text: string): number | null {
  const m = /^\s*(-)?\s*(?:R\$\s*)?(\d{1,3}(?:\.\d{3})*|\d+)(?:,(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  const reais = Number(m[2].replace(/\./g, ''));
  const cents = Number((m[3] ?? '0').padEnd(2, '0'));
  const value = reais * 100 + cents;
  return m[1] ? -value : value;
}
