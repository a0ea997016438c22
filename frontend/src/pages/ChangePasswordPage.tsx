import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate } from 'react-router-dom';
import { apiJson } from '../api/client';
import type { Session } from '../api/types';
import { homeFor, useAuth } from '../auth/AuthContext';
import { Spinner } from '../auth/guards';
import { PasswordChangeForm, passwordChangeSchema } from '../auth/schemas';
import { usePolicy } from '../auth/usePolicy';
import { Field, PasswordInput } from '../components/forms/Fields';
import '../auth/auth.css';

/**
 * First sign-in of an account an admin created: the e-mailed temporary password must be replaced
 * before anything else (the API refuses every other route meanwhile). Other users never stay here.
 */
export function ChangePasswordPage() {
  const { loading, user, refresh, logout } = useAuth();
  const policy = usePolicy();
  const schema = useMemo(() => passwordChangeSchema(policy), [policy]);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<PasswordChangeForm>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = formState;

  if (loading) return <Spinner />;
  if (!user) return <Navigate to="/login" replace />;
  if (!user.mustChangePassword) return <Navigate to={homeFor(user)} replace />;

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      // The change ends the temporary session; this browser continues with the new token.
      const session = await apiJson<Session>('/profile/password', { method: 'PUT', body: JSON.stringify(values) });
      refresh({ token: session.token, user: session.user });
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
        <Field label="Senha temporária (recebida por e-mail)" error={errors.currentPassword?.message}>
          <PasswordInput autoComplete="current-password" {...register('currentPassword')} />
        </Field>
        <Field label="Nova senha" error={errors.newPassword?.message}>
          <PasswordInput autoComplete="new-password" {...register('newPassword')} />
        </Field>
        <Field label="Confirmar nova senha" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
        </Field>
        <button className="button" type="submit" disabled={isSubmitting}>{isSubmitting ? 'Alterando...' : 'Alterar Senha e Continuar'}</button>
        <button type="button" className="link" onClick={logout}>Sair</button>
      </form>
    </main>
  );
}
