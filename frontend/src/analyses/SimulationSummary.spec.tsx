import { render, screen, within } from '@testing-library/react';
import { simulate, summarizeSimulation } from '@cda/shared';
import { makeRecord, workedExample } from '../../../shared/src/simulation/testing';
import { SimulationSummary } from './SimulationSummary';

describe('SimulationSummary', () => {
  it('names the six figures of the worked example as the workbooks do, each cap beside its figure', () => {
    const state = makeRecord({ issuer: 'state', principal: 1_000_00, fine: 200_00 });
    const summary = summarizeSimulation(
      simulate([...workedExample(), state], { discount: 70.5, installmentsSocialSecurity: 72, installmentsOther: 120 }),
    );
    render(<SimulationSummary summary={summary} />);
    expect(screen.getByTestId('figure-gross')).toHaveTextContent('Valor brutoR$ 507.000,00');
    expect(screen.getByTestId('figure-discountGranted')).toHaveTextContent('Desconto concedidoR$ 265.050,00');
    expect(screen.getByTestId('figure-entry')).toHaveTextContent('EntradaR$ 30.420,00');
    expect(screen.getByTestId('figure-balance')).toHaveTextContent('SaldoR$ 227.433,00');
    expect(screen.getByTestId('figure-toPay')).toHaveTextContent('Total a pagarR$ 257.853,00');
    expect(screen.getByTestId('figure-saving')).toHaveTextContent('EconomiaR$ 249.147,00');
    // 70,5 % → 65 % beside the discount; 72 → 60 months beside the balance.
    expect(within(screen.getByTestId('figure-discountGranted')).getByTestId('cap-note')).toHaveTextContent('Desconto limitado a 65% (pedido: 70,5%)');
    expect(within(screen.getByTestId('figure-balance')).getByTestId('cap-note')).toHaveTextContent('Previdenciárias limitadas a 60 meses (pedido: 72)');
    expect(screen.getByTestId('adjustments')).toHaveTextContent('Desconto pedido de 70,5% acima do limite legal de 65% (devedor em geral): simulado com 65%.');
    // State debt: counted in the total, listed apart, not simulated.
    expect(screen.getByTestId('outside-federal')).toHaveTextContent(
      'Fora da transação federal: 1 certidão somando R$ 1.200,00, contadas no total e não simuladas (a transação federal não abrange dívida estadual ou municipal). Total das certidões: R$ 508.200,00.',
    );
  });
});
