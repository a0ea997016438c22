import { simulate, summarizeSimulation } from '@cda/shared';
import { workedExample } from '../../../shared/src/simulation/testing';
import { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { fireEvent, render as rtlRender, screen, within } from '@testing-library/react';
import { AnalysisList } from './AnalysisList';
import type { Analysis } from '../api/types';

// Each analysis links to its page, so the list renders inside a router.
const render = (ui: ReactElement) => rtlRender(<MemoryRouter>{ui}</MemoryRouter>);

const base: Analysis = {
  id: 'a1', type: 'Extração de CDA', tokens: 1000, status: 'done', statusLabel: 'Concluída', fileCount: 1, processedFiles: 1, certificateCount: 3, flaggedFieldCount: 0,
  params: { discount: 65, installmentsSocialSecurity: 60, installmentsOther: 114 }, error: null,
  workbooks: ['Base_Certidoes_Divida_Ativa.xlsx'], createdAt: '2026-11-22T17:05:00Z', completedAt: null, simulation: null, simulationError: null,
  version: 1, workbooksVersion: 1, editedAt: null, regenerationError: null,
};

describe('AnalysisList', () => {
  it('shows the empty state', () => {
    render(<AnalysisList analyses={[]} />);
    expect(screen.getByText('Nenhuma análise realizada ainda')).toBeInTheDocument();
  });

  it('offers downloads only for finished analyses and shows errors', () => {
    render(
      <AnalysisList
        analyses={[
          base,
          { ...base, id: 'a2', status: 'processing', fileCount: 2, processedFiles: 1, workbooks: [] },
          { ...base, id: 'a3', status: 'error', error: 'Arquivo PDF corrompido ou ilegível.', workbooks: [] },
        ]}
      />,
    );
    expect(screen.getAllByRole('button', { name: 'Baixar' })).toHaveLength(1);
    const [done, running] = screen.getAllByTestId('analysis-item');
    expect(done).toHaveTextContent('Extração de CDA22/11/2026 14:051 arquivo3 certidões');
    expect(running).toHaveTextContent('2 arquivos1/2 processados');
    expect(screen.getAllByTestId('status-badge').map((b) => b.className)).toEqual(['badge badge-green', 'badge badge-yellow', 'badge badge-red']);
    expect(screen.getByText('Arquivo PDF corrompido ou ilegível.')).toBeInTheDocument();
  });

  it('opens the download dialog of the finished analysis', () => {
    render(<AnalysisList analyses={[base]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Baixar' }));
    expect(screen.getByRole('dialog', { name: 'Selecione o arquivo para download — análise #a1' })).toBeInTheDocument();
  });

  it('lists the files that failed inside a finished analysis', () => {
    const files = [
      { position: 1, name: 'ok.pdf', pages: 1, status: 'done', error: null, certificateCount: 1, fieldWarnings: [{}] },
      { position: 2, name: 'ruim.pdf', pages: 0, status: 'error', error: 'Documento não reconhecido como CDA', certificateCount: 0, fieldWarnings: [] },
    ];
    render(<AnalysisList analyses={[{ ...base, fileCount: 2, files }]} />);
    expect(screen.getByText('ruim.pdf: Documento não reconhecido como CDA')).toBeInTheDocument();
    expect(screen.queryByText(/ok\.pdf:/)).not.toBeInTheDocument();
  });

  it('shows the simulation of a finished analysis in the shared vocabulary', () => {
    const simulation = summarizeSimulation(simulate(workedExample(), { discount: 65, installmentsSocialSecurity: 60, installmentsOther: 120 }));
    render(<AnalysisList analyses={[{ ...base, simulation }]} />);
    const box = screen.getByTestId('simulation-summary');
    expect(box).toHaveTextContent('Valor bruto R$ 507.000,00 → Total a pagar R$ 257.853,00 · Economia R$ 249.147,00');
  });

  it('says how many fields need checking, and where to see why', () => {
    render(
      <AnalysisList
        analyses={[
          { ...base, flaggedFieldCount: 3 },
          { ...base, id: 'a2', flaggedFieldCount: 1 },
          { ...base, id: 'a3' },
          // Still running: its count is not known yet.
          { ...base, id: 'a4', status: 'processing', flaggedFieldCount: 2, workbooks: [] },
        ]}
      />,
    );
    const [three, one, none, running] = screen.getAllByTestId('analysis-item');
    expect(within(three).getByTestId('flagged-fields')).toHaveTextContent(
      '3 campos a conferir: na planilha Base_Certidoes_Divida_Ativa.xlsx, as células destacadas em amarelo mostram o motivo ao passar o mouse.',
    );
    expect(within(one).getByTestId('flagged-fields')).toHaveTextContent(/^1 campo a conferir: /);
    expect(within(none).queryByTestId('flagged-fields')).not.toBeInTheDocument();
    expect(within(running).queryByTestId('flagged-fields')).not.toBeInTheDocument();
  });
});
