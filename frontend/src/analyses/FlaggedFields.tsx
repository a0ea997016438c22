import { plural, WORKBOOK_BASE } from '@cda/shared';

/**
 * "N campos a conferir": extracted fields that no check confirmed or that had a rival reading. The
 * screen only counts them; the Base workbook says which cells and why (issue #20, item 6).
 */
export function FlaggedFields({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <p className="alert alert-amber small" data-testid="flagged-fields">
      <strong>{plural(count, 'campo a conferir', 'campos a conferir')}</strong>: na planilha {WORKBOOK_BASE}, as células
      destacadas em amarelo mostram o motivo ao passar o mouse.
    </p>
  );
}
