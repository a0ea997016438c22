import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { SIGNUP_MAIL_UNAVAILABLE, phoneToSend } from '@cda/shared';
import { useAuth } from './AuthContext';
import { RegisterForm, registerSchema } from './schemas';
import { usePolicy } from './usePolicy';
import { Field, PasswordInput, PhoneInput } from '../components/forms/Fields';
import { track } from '../telemetry';

export function RegisterPage() {
  const { register: createAccount } = useAuth();
  const policy = usePolicy();
  const schema = useMemo(() => registerSchema(policy), [policy]);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const { register, handleSubmit, formState } = useForm<RegisterForm>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', email: '', whatsapp: '', password: '', confirmPassword: '', terms: false },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ name, email, whatsapp, password }) => {
    setError(null);
    try {
      // The account exists once the e-mailed link is followed; a taken e-mail gets the same answer.
      setSentTo({ email, message: await createAccount({ name, email, whatsapp: phoneToSend(whatsapp), password }) });
      track('signup_requested');
    } catch (err) {
      setError((err as Error).message || 'Erro ao criar conta');
    }
  });

  if (sentTo?.message === SIGNUP_MAIL_UNAVAILABLE) {
    return (
      <main className="auth-page">
        <section className="card auth-card" aria-labelledby="check-email">
          <h1 id="check-email">E-mail não enviado</h1>
          <p className="alert alert-red" role="alert">{sentTo.message}</p>
          <Link to="/login">Ir para o login</Link>
        </section>
      </main>
    );
  }
  if (sentTo) {
    return (
      <main className="auth-page">
        <section className="card auth-card" aria-labelledby="check-email">
          <h1 id="check-email">Verifique seu e-mail</h1>
          <p className="alert alert-green" role="status">{sentTo.message}</p>
          <p>
            Enviamos a mensagem para <strong>{sentTo.email}</strong>. Abra o link para concluir o cadastro; se não a encontrar,
            veja a caixa de spam.
          </p>
          <p className="muted small">Se este e-mail já tiver uma conta, você receberá um aviso em vez do link: entre com sua senha ou use “Esqueci minha senha”.</p>
          <Link to="/login">Ir para o login</Link>
        </section>
      </main>
    );
  }

  return (
    <main className="auth-page">
      <form className="card auth-card" onSubmit={submit} noValidate>
        <h1>Criar conta</h1>
        {!policy.registrationEnabled && <p className="alert alert-red">O cadastro de novos usuários está desativado no momento.</p>}
        {error && <p className="alert alert-red" role="alert">{error}</p>}
        <Field label="Nome completo" error={errors.name?.message}>
          <input autoComplete="name" {...register('name')} />
        </Field>
        <Field label="E-mail" error={errors.email?.message}>
          <input type="email" autoComplete="email" {...register('email')} />
        </Field>
        <Field label="WhatsApp" error={errors.whatsapp?.message}>
          <PhoneInput autoComplete="tel" placeholder="(11) 98765-4321" {...register('whatsapp')} />
        </Field>
        <Field label="Senha" error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </Field>
        <Field label="Confirmar senha" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
        </Field>
        <label className="choice terms">
          <input type="checkbox" {...register('terms')} />
          <span>
            Li e aceito os <Link to="/terms-of-service" target="_blank">Termos de Uso</Link>, a{' '}
            <Link to="/privacy-policy" target="_blank">Política de Privacidade</Link> e a{' '}
            <Link to="/cancellation-policy" target="_blank">Política de Cancelamento</Link>.
          </span>
        </label>
        {errors.terms && <span className="error-text" role="alert">{errors.terms.message}</span>}
        <button className="button" type="submit" disabled={isSubmitting || !policy.registrationEnabled}>
          {isSubmitting ? 'Criando conta...' : 'Criar conta'}
        </button>
        <p className="muted">Já tem conta? <Link to="/login">Entrar</Link></p>
      </form>
    </main>
  );
}
