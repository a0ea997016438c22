import { FormEvent, useEffect, useRef, useState } from 'react';
import type { TwoFactorChallenge, TwoFactorSetup } from '@cda/shared';
import { apiJson } from '../api/client';
import type { Session } from '../api/types';
import { Field } from '../components/forms/Fields';

/**
 * The login's second step for administrators: the code from the authenticator app (or a recovery
 * code) — or, when the security settings require 2FA and this admin has none yet, the enrolment: scan
 * the QR code, confirm a first code, keep the recovery codes (shown only now).
 */
export function TwoFactorStep({ challenge, onSession, onCancel }: { challenge: TwoFactorChallenge; onSession(s: Session): void; onCancel(): void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [enrolled, setEnrolled] = useState<(Session & { recoveryCodes: string[] }) | null>(null);
  const asked = useRef(false);
  const enrolling = challenge.twoFactor === 'enroll';

  useEffect(() => {
    // One secret per enrolment screen (React's development double effect would make two).
    if (!enrolling || asked.current) return;
    asked.current = true;
    apiJson<TwoFactorSetup>('/auth/2fa/setup', { method: 'POST', body: JSON.stringify({ challenge: challenge.challenge }) })
      .then(setSetup)
      .catch((err: Error) => setError(err.message));
  }, [enrolling, challenge.challenge]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError('Informe o código.');
    setError(null);
    setBusy(true);
    try {
      const body = JSON.stringify({ challenge: challenge.challenge, code: code.trim() });
      if (enrolling) setEnrolled(await apiJson<Session & { recoveryCodes: string[] }>('/auth/2fa/enable', { method: 'POST', body }));
      else onSession(await apiJson<Session>('/auth/2fa/verify', { method: 'POST', body }));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (enrolled) {
    const { recoveryCodes, ...session } = enrolled;
    return (
      <main className="auth-page">
        <section className="card auth-card" aria-labelledby="recovery-title">
          <h1 id="recovery-title">Códigos de recuperação</h1>
          <p className="alert alert-green" role="status">Autenticação em dois fatores ativada.</p>
          <p>Guarde estes códigos em lugar seguro. Cada um permite entrar uma única vez se você perder o celular; eles não serão mostrados de novo.</p>
          <ul className="recovery-codes" data-testid="recovery-codes">
            {recoveryCodes.map((c) => <li key={c}><code>{c}</code></li>)}
          </ul>
          <button className="button" type="button" onClick={() => onSession(session)}>Guardei os códigos, continuar</button>
        </section>
      </main>
    );
  }

  return (
    <main className="auth-page">
      <form className="card auth-card" onSubmit={submit} noValidate>
        <h1>{enrolling ? 'Ative a verificação em duas etapas' : 'Verificação em duas etapas'}</h1>
        {enrolling ? (
          <>
            <p className="muted">A conta de administrador exige um segundo fator. Escaneie o QR code com um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password…) e digite o código de 6 dígitos que ele mostrar.</p>
            {setup ? (
              <div className="totp-setup">
                <img src={setup.qrDataUrl} alt="QR code para o aplicativo autenticador" width={220} height={220} />
                <p className="small">Sem câmera? Digite a chave no aplicativo: <code data-testid="totp-secret">{setup.secret}</code></p>
              </div>
            ) : (
              !error && <p className="muted">Gerando o QR code...</p>
            )}
          </>
        ) : (
          <p className="muted">Digite o código de 6 dígitos do aplicativo autenticador ou um dos seus códigos de recuperação.</p>
        )}
        {error && <p className="alert alert-red" role="alert">{error}</p>}
        <Field label={enrolling ? 'Código do aplicativo' : 'Código de verificação'}>
          <input autoComplete="one-time-code" inputMode={enrolling ? 'numeric' : 'text'} maxLength={40} value={code} onChange={(e) => setCode(e.target.value)} />
        </Field>
        <button className="button" type="submit" disabled={busy || (enrolling && !setup)}>{busy ? 'Verificando...' : enrolling ? 'Ativar e entrar' : 'Verificar'}</button>
        <button type="button" className="link" onClick={onCancel}>Voltar</button>
      </form>
    </main>
  );
}
