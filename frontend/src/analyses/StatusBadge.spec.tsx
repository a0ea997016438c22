import { render, screen } from '@testing-library/react';
import { AnalysisStatus } from '@cda/shared';
import { StatusBadge } from './StatusBadge';

describe('StatusBadge', () => {
  it.each([
    [AnalysisStatus.Done, 'Concluída', 'badge-green'],
    [AnalysisStatus.Processing, 'Processando', 'badge-yellow'],
    [AnalysisStatus.Error, 'Erro', 'badge-red'],
  ])('shows %s as %s, coloured %s', (status, label, tone) => {
    render(<StatusBadge status={status} />);
    expect(screen.getByText(label)).toHaveClass('badge', tone);
  });
});
