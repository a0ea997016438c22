import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router-dom';
import { INVALID_LOGIN, TwoFactorChallenge } from '@cda/shared';
import { Area, isAdmin, useAuth } from './AuthContext';
import { LoginForm, loginSchema } from './schemas';
import { Field, PasswordInput } from '../components/forms/Fields';
import type { Session } from '../api/types';
import { ApiError } from '../api/client';
import { TwoFactorStep } from './TwoFactorStep';

type Mode = Area;

/**
 * Signs in. The Usuário/Administrador choice is offered only after the server has answered that
 * this account is an admin or root, so the screen never guesses from the e-mail.
 */
export function LoginPage() {
  const { authenticate, signIn } = useAuth();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<{ session: Session; remember: boolean } | null>(null);
  const [secondStep, setSecondStep] = useState<{ challenge: TwoFactorChallenge; remember: boolean } | null>(null);
  const [mode, setMode] = useState<Mode>('admin');
  const { register, handleSubmit, formState } = useForm<LoginForm>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', remember: false },
  });

  // Signing in re-renders this guest-only route, whose guard then sends the user to the chosen area.
  const enter = (session: Session, remember: boolean, chosen: Mode) => signIn(session, remember, chosen);

  const proceed = (session: Session, remember: boolean) => {
    if (isAdmin(session.user)) setPending({ session, remember });
    else enter(session, remember, 'user');
  };

  const submit = handleSubmit(async ({ email, password, remember }) => {
    setError(null);
    try {
      const answer = await authenticate(email, password);
      if ('twoFactor' in answer) setSecondStep({ challenge: answer, remember });
      else proceed(answer, remember);
    } catch (err) {
      // Lockout, suspension and maintenance have their own texts; anything else is the generic one.
      setError(err instanceof ApiError && err.status !== 401 && err.status !== 0 ? err.message : INVALID_LOGIN);
    }
  });

  if (secondStep && !pending) {
    return (
      <TwoFactorStep
        challenge={secondStep.challenge}
        onSession={(session) => proceed(session, secondStep.remember)}
        onCancel={() => setSecondStep(null)}
      />
    );
  }

  if (pending) {
    return (
      <main className="auth-page">
        <form className="card auth-card" onSubmit={(e) => { e.preventDefault(); enter(pending.session, pending.remember, mode); }}>
          <h1>Olá, {pending.session.user.name}</h1>
          <fieldset className="mode-switch">
            <legend>Entrar como</legend>
            <label className="choice"><input type="radio" name="mode" checked={mode === 'user'} onChange={() => setMode('user')} /> Usuário</label>
            <label className="choice"><input type="radio" name="mode" checked={mode === 'admin'} onChange={() => setMode('admin')} /> Administrador</label>
          </fieldset>
          <button className="button" type="submit">Continuar</button>
          <button type="button" className="link" onClick={() => { setPending(null); setSecondStep(null); }}>Voltar</button>
        </form>
      </main>
    );
  }

  const fieldError = formState.errors.email?.message ?? formState.errors.password?.message;
  return (
    <main className="auth-page">
      <form className="card auth-card" onSubmit={submit} noValidate>
        <h1>CDA Extractor</h1>
        <p className="muted">Entre para analisar suas Certidões de Dívida Ativa</p>
        {notice && !error && <p className="alert alert-green" role="status">{notice}</p>}
        {(error ?? fieldError) && <p className="alert alert-red" role="alert">{error ?? fieldError}</p>}
        <Field label="E-mail">
          <input type="email" autoComplete="email" {...register('email')} />
        </Field>
        <Field label="Senha">
          <PasswordInput autoComplete="current-password" {...register('password')} />
        </Field>
        <div className="row-between">
          <label className="choice"><input type="checkbox" {...register('remember')} /> Lembrar de mim</label>
          <Link to="/forgot-password">Esqueceu a senha?</Link>
        </div>
        <button className="button" type="submit" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Entrando...' : 'Entrar'}</button>
        <p className="muted">Não tem conta? <Link to="/register">Criar conta</Link></p>
      </form>
    </main>
  );
}
