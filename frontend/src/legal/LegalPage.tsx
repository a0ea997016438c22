import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import Markdown, { Components } from 'react-markdown';
import { fillLegalText, legalFigures } from '@cda/shared';
import { useAuth } from '../auth/AuthContext';
import terms from './terms.md?raw';
import privacy from './privacy.md?raw';
import cancellation from './cancellation.md?raw';
import './legal.css';

export type LegalDoc = 'terms' | 'privacy' | 'cancellation';

const TEXTS: Record<LegalDoc, string> = { terms, privacy, cancellation };
const OTHERS: { doc: LegalDoc; path: string; label: string }[] = [
  { doc: 'terms', path: '/terms-of-service', label: 'Termos de Uso' },
  { doc: 'privacy', path: '/privacy-policy', label: 'Política de Privacidade' },
  { doc: 'cancellation', path: '/cancellation-policy', label: 'Política de Cancelamento e Reembolso' },
];

/** Links between our own pages stay in the app; anything else opens in a new tab. */
const components: Components = {
  a: ({ href = '', children }) =>
    href.startsWith('/') ? (
      <Link to={href}>{children}</Link>
    ) : (
      <a href={href} target={href.startsWith('mailto:') ? undefined : '_blank'} rel="noopener noreferrer">
        {children}
      </a>
    ),
};

/** The legal texts are Markdown in src/legal; their figures come from shared/legal.ts, the same ones the retention jobs use. */
/**
 * Guests came from the sign-up form; a signed-in user (from the footer, the checkout's terms box) goes
 * back to their own area instead of /register, whose guest-only guard would bounce them.
 */
function BackLink() {
  const { user, home } = useAuth();
  return user ? (
    <Link to={home} className="legal-back">← Voltar para a sua conta</Link>
  ) : (
    <Link to="/register" className="legal-back">← Voltar ao cadastro</Link>
  );
}

export function LegalPage({ doc }: { doc: LegalDoc }) {
  const { title, body } = useMemo(() => {
    const text = fillLegalText(TEXTS[doc]);
    const [first, ...rest] = text.split('\n');
    return { title: first.replace(/^#\s+/, ''), body: rest.join('\n') };
  }, [doc]);

  useEffect(() => {
    document.title = `${title} — CDA Extractor`;
    window.scrollTo(0, 0);
  }, [title]);

  return (
    <div className="legal-page">
      <nav className="legal-nav" aria-label="Documentos legais">
        <BackLink />
        <span className="legal-others">
          {OTHERS.filter((o) => o.doc !== doc).map((o) => (
            <Link key={o.doc} to={o.path}>{o.label}</Link>
          ))}
        </span>
      </nav>
      <article className="legal-card card">
        <h1>{title}</h1>
        <p className="muted small">Última atualização: {legalFigures().updatedAt}</p>
        <Markdown components={components}>{body}</Markdown>
      </article>
      <p className="legal-footer">
        <BackLink />
      </p>
    </div>
  );
}
