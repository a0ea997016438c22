import { render, screen } from '@testing-library/react';
import { AnalysisList } from './AnalysisList';
import type { Analysis } from '../api/types';

const base: Analysis = {
  id: 'a1', type: 'Extração de CDA', tokens: 1000, status: 'Concluída', fileCount: 1, processedFiles: 1, certificateCount: 3,
  params: { discount: 65, installmentsSocialSecurity: 60, installmentsOther: 114 }, error: null,
  workbooks: ['Base_Certidoes_Divida_Ativa.xlsx'], createdAt: '2026-11-22T17:05:00Z', completedAt: null,
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
          { ...base, id: 'a2', status: 'Processando', fileCount: 2, processedFiles: 1, workbooks: [] },
          { ...base, id: 'a3', status: 'Erro', error: 'Arquivo PDF corrompido ou ilegível.', workbooks: [] },
        ]}
      />,
    );
    expect(screen.getAllByRole('button', { name: /Baixar/ })).toHaveLength(1);
    expect(screen.getByText(/22\/11\/2026 14:05 · 1 arquivo · 3 certidões/)).toBeInTheDocument();
    expect(screen.getByText(/2 arquivos · 1\/2 processados/)).toBeInTheDocument();
    expect(screen.getByText('Arquivo PDF corrompido ou ilegível.')).toBeInTheDocument();
  });

  it('lists the files that failed inside a finished analysis', () => {
    const files = [
      { position: 1, name: 'ok.pdf', pages: 1, status: 'done', error: null, certificateCount: 1 },
      { position: 2, name: 'ruim.pdf', pages: 0, status: 'error', error: 'Documento não reconhecido como CDA', certificateCount: 0 },
    ];
    render(<AnalysisList analyses={[{ ...base, fileCount: 2, files }]} />);
    expect(screen.getByText('ruim.pdf: Documento não reconhecido como CDA')).toBeInTheDocument();
    expect(screen.queryByText(/ok\.pdf:/)).not.toBeInTheDocument();
  });
});
