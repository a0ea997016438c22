import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { apiJson } from '../api/client';
import { useAuth } from './AuthContext';
import type { Session } from '../api/types';

const INVALID = 'Link de confirmação inválido ou expirado. Faça o cadastro novamente.';

/**
 * Opened from the sign-up e-mail `/confirm-email?token=…`: the link creates the account and signs in
 * (this guest-only route then sends the new user to their home).
 */
export function ConfirmEmailPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const { signIn } = useAuth();
  const [error, setError] = useState<string | null>(token ? null : INVALID);
  // The link is single-use: a second call (React's development double effect) would spend it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    apiJson<Session>('/auth/confirm-email', { method: 'POST', body: JSON.stringify({ token }) })
      .then((session) => signIn(session, false, 'user'))
      .catch((err: Error) => setError(err.message || INVALID));
  }, [token, signIn]);

  return (
    <main className="auth-page">
      <section className="card auth-card" aria-labelledby="confirm-title">
        <h1 id="confirm-title">Confirmação de cadastro</h1>
        {error ? (
          <>
            <p className="alert alert-red" role="alert">{error}</p>
            <p><Link to="/register">Fazer o cadastro novamente</Link> · <Link to="/login">Entrar</Link></p>
          </>
        ) : (
          <p role="status">Confirmando seu e-mail e criando sua conta...</p>
        )}
      </section>
    </main>
  );
}
