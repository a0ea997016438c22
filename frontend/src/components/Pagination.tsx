import { pageItems } from '@cda/shared';
import './pagination.css';

/**
 * Anterior · numbered pages with "…" gaps (the shared `pageItems` rule) · Próximo. Nothing is drawn
 * for a single page, so short lists stay clean.
 */
export function Pagination({ page, pageCount, onChange }: { page: number; pageCount: number; onChange(page: number): void }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label="Paginação">
      <button type="button" className="pager-step" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Anterior
      </button>
      {pageItems(page, pageCount).map((item, i) =>
        item === 'ellipsis' ? (
          <span key={`gap-${i}`} className="pager-gap" aria-hidden="true">…</span>
        ) : (
          <button
            key={item}
            type="button"
            className={`pager-page${item === page ? ' current' : ''}`}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Página ${item}`}
            onClick={() => item !== page && onChange(item)}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" className="pager-step" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
        Próximo
      </button>
    </nav>
  );
}
