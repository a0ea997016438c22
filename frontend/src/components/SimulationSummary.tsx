import { formatCentavos, NATURE_LABEL, type DebtNature, type SimulationSummary as Summary } from '@cda/shared';

/** The simulation's bottom line on a finished analysis: what the debts total, what is saved, what is paid. */
export function SimulationSummary({ summary }: { summary: Summary }) {
  const natures = (Object.keys(summary.byNature) as DebtNature[]).filter((n) => summary.byNature[n].count > 0);
  return (
    <div className="simulation-summary" data-testid="simulation-summary">
      <div>
        <span className="muted">Total das certidões</span> <strong>{formatCentavos(summary.gross)}</strong>
      </div>
      <div>
        <span className="muted">Desconto</span> <strong>{formatCentavos(summary.discount)}</strong>
      </div>
      <div>
        <span className="muted">A pagar</span> <strong>{formatCentavos(summary.toPay)}</strong>
      </div>
      {natures.map((n) => (
        <div key={n} className="muted small">
          {NATURE_LABEL[n]}: {formatCentavos(summary.byNature[n].gross)} → {formatCentavos(summary.byNature[n].toPay)}
        </div>
      ))}
      {summary.notEligible > 0 && <div className="muted small">{summary.notEligible} certidão(ões) fora da transação federal</div>}
    </div>
  );
}
