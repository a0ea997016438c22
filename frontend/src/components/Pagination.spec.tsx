import { fireEvent, render, screen } from '@testing-library/react';
import { Pagination } from './Pagination';

describe('Pagination', () => {
  it('draws nothing for one page or none', () => {
    const { container, rerender } = render(<Pagination page={1} pageCount={1} onChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Pagination page={1} pageCount={0} onChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows numbers with gaps, marks the current page and disables the ends', () => {
    const onChange = jest.fn();
    render(<Pagination page={5} pageCount={10} onChange={onChange} />);
    const labels = screen.getByRole('navigation', { name: 'Paginação' }).textContent;
    expect(labels).toBe('Anterior1…456…10Próximo');
    expect(screen.getByRole('button', { name: 'Página 5' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    fireEvent.click(screen.getByRole('button', { name: 'Página 10' }));
    fireEvent.click(screen.getByRole('button', { name: 'Página 5' }));
    expect(onChange.mock.calls).toEqual([[6], [4], [10]]);
  });

  it('disables Anterior on the first page and Próximo on the last', () => {
    const { rerender } = render(<Pagination page={1} pageCount={3} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeEnabled();
    rerender(<Pagination page={3} pageCount={3} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeDisabled();
  });
});
