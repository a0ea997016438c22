import { render, screen } from '@testing-library/react';
import { StatusBadge } from './StatusBadge';

describe('StatusBadge', () => {
  it.each([
    ['Concluída', 'badge-green'],
    ['Processando', 'badge-yellow'],
    ['Erro', 'badge-red'],
    ['Outro', 'badge-grey'],
  ])('colours %s as %s', (status, tone) => {
    render(<StatusBadge status={status} />);
    expect(screen.getByText(status)).toHaveClass('badge', tone);
  });
});
