import {
  NATURE_LABEL,
  NOT_FEDERAL_LABEL,
  SIMULATION_TERMS,
  describeFigures,
  formatCentavos,
  formatPercent,
  plural,
  type AdjustedParam,
  type Adjustment,
  type DebtNature,
  type SimulationTerm,
  type SimulationSummary as Summary,
} from '@cda/shared';

/** Which figure each limit changes: the screen shows the limit next to it (issue #24, item 4). */
const ADJUSTED_FIGURE: Record<AdjustedParam, SimulationTerm> = {
  discount: 'discountGranted',
  entryMonths: 'entry',
  installmentsSocialSecurity: 'balance',
  installmentsOther: 'balance',
};

/** The few words beside the figure; the full reason is listed under the figures and in the tooltip. */
function shortCap(a: Adjustment): string {
  switch (a.param) {
    case 'discount': return `Desconto limitado a ${formatPercent(a.applied)} (pedido: ${formatPercent(a.requested)})`;
    case 'installmentsSocialSecurity': return `Previdenciárias limitadas a ${a.applied} meses (pedido: ${a.requested})`;
    case 'installmentsOther': return `Demais limitadas a ${a.applied} meses (pedido: ${a.requested})`;
    case 'entryMonths': return `Entrada limitada a ${a.applied} meses (pedido: ${a.requested})`;
  }
}

const SIZE_LABEL = { general: 'demais pessoas jurídicas', small: 'pequeno porte', mei: 'MEI' } as const;

/**
 * The simulation in the one vocabulary: valor bruto, desconto concedido, entrada, saldo, total a pagar
 * and economia, each with its definition, every limit applied beside the figure it changed, and the
 * debt outside the federal transação counted apart. Analyses simulated before the vocabulary existed
 * only stored the gross and paid totals; those two are shown.
 */
export function SimulationSummary({ summary, compact = false }: { summary: Summary; compact?: boolean }) {
  if (!('discountGranted' in summary)) return <LegacySummary summary={summary} />;
  const natures = (Object.keys(summary.byNature) as DebtNature[]).filter((n) => summary.byNature[n].count > 0);
  const adjustments = summary.adjustments ?? [];
  const p = summary.params;
  if (compact) {
    return (
      <div className="simulation-summary" data-testid="simulation-summary">
        <span className="muted">{SIMULATION_TERMS.gross.label}</span> <strong>{formatCentavos(summary.gross)}</strong>
        <span className="muted"> → {SIMULATION_TERMS.toPay.label}</span> <strong>{formatCentavos(summary.toPay)}</strong>
        <span className="muted"> · {SIMULATION_TERMS.saving.label}</span> <strong>{formatCentavos(summary.saving)}</strong>
        {summary.outside.count > 0 && (
          <div className="muted small">{NOT_FEDERAL_LABEL}: {plural(summary.outside.count, 'certidão', 'certidões')}, {formatCentavos(summary.outside.total)}</div>
        )}
      </div>
    );
  }
  return (
    <div className="simulation-summary simulation-full" data-testid="simulation-summary">
      <dl className="figures">
        {describeFigures(summary).map((f) => (
          <div key={f.term} className={`figure figure-${f.term}`} data-testid={`figure-${f.term}`}>
            <dt title={SIMULATION_TERMS[f.term].definition}>{f.label}</dt>
            <dd><strong>{f.text}</strong></dd>
            {adjustments.filter((a) => ADJUSTED_FIGURE[a.param] === f.term).map((a) => (
              <dd key={a.param} className="cap-note" data-testid="cap-note" title={a.message}>{shortCap(a)}</dd>
            ))}
          </div>
        ))}
      </dl>
      {adjustments.length > 0 && (
        <ul className="file-errors small" data-testid="adjustments">
          {adjustments.map((a) => <li key={a.param} className="cap-note">Limite aplicado: {a.message}</li>)}
        </ul>
      )}
      <details className="small" data-testid="definitions">
        <summary>O que significa cada valor</summary>
        <dl className="definitions">
          {describeFigures(summary).map((f) => (
            <div key={f.term}><dt>{f.label}</dt><dd className="muted">{SIMULATION_TERMS[f.term].definition}</dd></div>
          ))}
        </dl>
      </details>
      <p className="muted small" data-testid="simulation-params">
        Desconto aplicado {formatPercent(p.discountApplied)} · previdenciárias em {p.installments.previdenciaria} meses · demais em{' '}
        {p.installments.demais} meses · entrada de {formatPercent(p.entryPercent)} sobre o {p.entryBase === 'gross' ? 'valor bruto' : 'valor com desconto'} em{' '}
        {p.entryMonths} meses · porte: {SIZE_LABEL[p.debtorSize]} · CAPAG: {p.capag ?? 'C/D (presumida; informe se for A ou B)'} · parcela mínima{' '}
        {formatCentavos(p.minimumInstallment)}
      </p>
      {natures.map((n) => (
        <div key={n} className="muted small">
          {NATURE_LABEL[n]}: {formatCentavos(summary.byNature[n].gross)} → {formatCentavos(summary.byNature[n].toPay)}
        </div>
      ))}
      {summary.outside.count > 0 && (
        <p className="alert alert-yellow small" data-testid="outside-federal">
          <strong>{NOT_FEDERAL_LABEL}:</strong> {plural(summary.outside.count, 'certidão', 'certidões')} somando{' '}
          {formatCentavos(summary.outside.total)}, contadas no total e não simuladas (a transação federal não abrange dívida estadual ou
          municipal). Total das certidões: <strong>{formatCentavos(summary.allCertificatesTotal)}</strong>.
        </p>
      )}
    </div>
  );
}

function LegacySummary({ summary }: { summary: Summary }) {
  return (
    <div className="simulation-summary" data-testid="simulation-summary">
      <span className="muted">{SIMULATION_TERMS.gross.label}</span> <strong>{formatCentavos(summary.gross)}</strong>
      <span className="muted"> → {SIMULATION_TERMS.toPay.label}</span> <strong>{formatCentavos(summary.toPay)}</strong>
      <div className="muted small">Simulada antes da revisão dos termos: simule novamente na página da análise para ver todos os valores.</div>
    </div>
  );
}
