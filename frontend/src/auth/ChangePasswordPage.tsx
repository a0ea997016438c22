import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { homeFor, useAuth } from './AuthContext';
import { Spinner } from './guards';
import { PasswordChangeFields, usePasswordChange } from './PasswordChange';
import './auth.css';

/**
 * First sign-in of an account an admin created: the e-mailed temporary password must be replaced
 * before anything else (the API refuses every other route meanwhile). Other users never stay here.
 */
export function ChangePasswordPage() {
  const { loading, user, logout } = useAuth();
  const { form, change } = usePasswordChange();
  const [error, setError] = useState<string | null>(null);
  const { isSubmitting } = form.formState;

  if (loading) return <Spinner />;
  if (!user) return <Navigate to="/login" replace />;
  if (!user.mustChangePassword) return <Navigate to={homeFor(user)} replace />;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await change(values);
    } catch (err) {
      setError((err as Error).message || 'Erro ao alterar senha');
    }
  });

  return (
    <main className="auth-page">
      <form className="card auth-card" onSubmit={submit} noValidate>
        <h1>Troque sua senha</h1>
        <p className="muted">
          Olá, {user.name}! Sua conta foi criada por um administrador com uma senha temporária. Defina uma senha sua para continuar.
        </p>
        {error && <p className="alert alert-red" role="alert">{error}</p>}
        <PasswordChangeFields form={form} currentLabel="Senha temporária (recebida por e-mail)" />
        <button className="button" type="submit" disabled={isSubmitting}>{isSubmitting ? 'Alterando...' : 'Alterar Senha e Continuar'}</button>
        <button type="button" className="link" onClick={logout}>Sair</button>
      </form>
    </main>
  );
}
