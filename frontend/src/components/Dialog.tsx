import { ReactNode, useEffect, useId, useRef } from 'react';
import './user-area.css';

interface Props {
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** Footer buttons; a "Fechar" button is always there. */
  actions?: ReactNode;
  wide?: boolean;
}

/**
 * A modal dialog: labelled by its title, closed by Escape, the backdrop or "Fechar", focus moved
 * inside on open and given back to whatever had it on close.
 */
export function Dialog({ title, onClose, children, actions, wide }: Props) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  // Parents pass a fresh arrow each render (live updates re-render often); focus must move only once.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    box.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close.current();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, []);
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={box} className={`dialog card${wide ? ' dialog-wide' : ''}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId} className="dialog-title">{title}</h2>
        <div className="dialog-body">{children}</div>
        <div className="dialog-actions">
          {actions}
          <button type="button" className="button ghost" onClick={onClose}>Fechar</button>
        </div>
      </div>
    </div>
  );
}
