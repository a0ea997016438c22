import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import type { ForgotPasswordAnswer } from '@cda/shared';
import { apiJson } from '../api/client';
import { ForgotForm, forgotSchema } from './schemas';
import { Field } from '../components/forms/Fields';

export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<{ email: string; answer: ForgotPasswordAnswer } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ForgotForm>({ resolver: zodResolver(forgotSchema), defaultValues: { email: '' } });

  const submit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      const answer = await apiJson<ForgotPasswordAnswer>('/auth/forgot-password', { method: 'POST', body: JSON.stringify({ email }) });
      setSentTo({ email, answer });
    } catch (err) {
      setError((err as Error).message || 'Erro ao enviar email');
    }
  });

  // The answer never says whether the account exists, and never that a mail was delivered: only
  // whether this server can send e-mail at all.
  if (sentTo?.answer.delivery === 'unavailable') {
    return (
      <main className="auth-page">
        <section className="card auth-card">
          <h1>Não foi possível enviar o link</h1>
          <p className="alert alert-red" role="alert">{sentTo.answer.message}</p>
          <Link className="button" to="/login">Voltar para o login</Link>
        </section>
      </main>
    );
  }
  if (sentTo) {
    return (
      <main className="auth-page">
        <section className="card auth-card">
          <h1>Pedido recebido</h1>
          <p role="status">
            Se houver uma conta com <strong>{sentTo.email}</strong>, um link para redefinir a senha será enviado para esse endereço em instantes. O link vale por 1 hora.
          </p>
          <p className="muted">Verifique sua caixa de entrada e também a pasta de spam. Se nada chegar em alguns minutos, confira o endereço e peça de novo.</p>
          <Link className="button" to="/login">Voltar para o login</Link>
        </section>
      </main>
    );
  }

  return (
    <main className="auth-page">
      <form className="card auth-card" onSubmit={submit} noValidate>
        <h1>Esqueceu a senha?</h1>
        <p className="muted">Informe seu e-mail e enviaremos um link para você criar uma nova senha.</p>
        {error && <p className="alert alert-red" role="alert">{error}</p>}
        <Field label="E-mail" error={formState.errors.email?.message}>
          <input type="email" autoComplete="email" {...register('email')} />
        </Field>
        <button className="button" type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Enviando...' : 'Enviar link'}
        </button>
        <Link to="/login">Voltar para o login</Link>
      </form>
    </main>
  );
}
