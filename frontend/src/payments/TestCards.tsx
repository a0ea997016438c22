import { MP_TEST_CARDHOLDERS, MP_TEST_CARDHOLDERS_SHOWN, MP_TEST_CARDS, MP_TEST_CPF } from '@cda/shared';

type TestCard = (typeof MP_TEST_CARDS)[number];

/**
 * Test mode only (the bundled test provider answers): Mercado Pago's test cards and the cardholder
 * names that choose the outcome, as Mercado Pago documents them. Clicking fills the form; typing works too.
 */
export function TestCards({ onCard, onHolder }: { onCard(card: TestCard): void; onHolder(name: string): void }) {
  const shown = MP_TEST_CARDHOLDERS.filter((c) => (MP_TEST_CARDHOLDERS_SHOWN as readonly string[]).includes(c.name));
  return (
    <details className="test-cards" open aria-label="Cartões de teste">
      <summary>Cartões de teste do Mercado Pago</summary>
      <p className="muted small">
        Use um destes cartões, com qualquer data futura e CPF {MP_TEST_CPF}. O <strong>nome impresso no cartão</strong> escolhe o resultado, como no ambiente de teste do Mercado Pago.
      </p>
      <table className="test-cards-table">
        <thead><tr><th>Bandeira</th><th>Número</th><th>CVV</th><th>Validade</th><th /></tr></thead>
        <tbody>
          {MP_TEST_CARDS.map((c) => (
            <tr key={c.number}>
              <td>{c.brand}</td>
              <td className="mono">{c.number}</td>
              <td className="mono">{c.cvv}</td>
              <td className="mono">{c.expiry}</td>
              <td><button type="button" className="link" onClick={() => onCard(c)} aria-label={`Usar o cartão ${c.brand}`}>Usar</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="test-cards-table">
        <thead><tr><th>Nome no cartão</th><th>Resultado</th></tr></thead>
        <tbody>
          {shown.map((c) => (
            <tr key={c.name} data-testid={`test-holder-${c.name}`}>
              <td><button type="button" className="link mono" onClick={() => onHolder(c.name)} aria-label={`Usar o nome ${c.name}`}>{c.name}</button></td>
              <td>{c.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
