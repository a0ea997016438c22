import { usePaymentConfig } from './api';

/** Payments go to the bundled fake provider: nobody should mistake this for a real charge. */
export function TestModeBanner() {
  const { data } = usePaymentConfig();
  if (!data?.testMode) return null;
  return (
    <div className="test-mode-banner" role="status">
      <strong>Modo de teste</strong> — pagamentos simulados, nenhuma cobrança real é feita.
    </div>
  );
}
