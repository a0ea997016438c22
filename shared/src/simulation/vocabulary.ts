import { formatCentavos } from '../money';

/**
 * The simulation's figures, named once (issue #24): the screen, the e-mail and both workbooks take
 * their labels from here, so "desconto" cannot mean one figure on screen and another in Excel.
 * Worked example (docs/domain.md §5): valor bruto 507.000,00; desconto concedido 265.050,00; entrada
 * 30.420,00; saldo 227.433,00; total a pagar 257.853,00; economia 249.147,00.
 */
export const SIMULATION_TERMS = {
  gross: {
    label: 'Valor bruto',
    definition: 'Soma das certidões simuladas antes de qualquer desconto: principal, multa, juros e encargo legal.',
  },
  discountGranted: {
    label: 'Desconto concedido',
    definition: 'Desconto da transação sobre multa, juros e encargo legal, até o limite legal do valor bruto; nunca sobre o principal.',
  },
  entry: {
    label: 'Entrada',
    definition: 'Percentual do edital pago primeiro, em parcelas mensais; calculada sobre o valor bruto, é paga sem desconto.',
  },
  balance: {
    label: 'Saldo',
    definition: 'O que resta após a entrada, com o desconto aplicado na mesma proporção, dividido nas parcelas restantes.',
  },
  toPay: {
    label: 'Total a pagar',
    definition: 'Entrada + saldo: a soma de todas as parcelas.',
  },
  saving: {
    label: 'Economia',
    definition: 'Valor bruto − total a pagar. Fica abaixo do desconto concedido quando a entrada é calculada sobre o valor bruto, porque a entrada é paga sem desconto.',
  },
} as const;

export type SimulationTerm = keyof typeof SIMULATION_TERMS;
export const SIMULATION_TERM_ORDER: readonly SimulationTerm[] = ['gross', 'discountGranted', 'entry', 'balance', 'toPay', 'saving'];

export type TermFigures = Record<SimulationTerm, number>;

/** The six figures in order, labelled and formatted: one list for every place that shows them. */
export function describeFigures(f: TermFigures): Array<{ term: SimulationTerm; label: string; value: number; text: string }> {
  return SIMULATION_TERM_ORDER.map((term) => ({ term, label: SIMULATION_TERMS[term].label, value: f[term], text: formatCentavos(f[term]) }));
}

/** Certificates outside the federal transação (state, municipal) are counted and listed with this label. */
export const NOT_FEDERAL_LABEL = 'Fora da transação federal';

/** `R$ 507.000,00 → R$ 257.853,00`: the headline of a simulation, as the screen and the e-mail print it. */
export const headline = (f: Pick<TermFigures, 'gross' | 'toPay'>): string => `${formatCentavos(f.gross)} → ${formatCentavos(f.toPay)}`;
