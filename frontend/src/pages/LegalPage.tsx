export type LegalDoc = 'terms' | 'privacy' | 'cancellation';

/** Placeholder until the legal pages issue renders the Markdown texts. */
export function LegalPage({ doc }: { doc: LegalDoc }) {
  return <div className="page"><h1>{doc}</h1></div>;
}
