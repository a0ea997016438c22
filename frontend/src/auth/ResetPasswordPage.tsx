import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { apiJson } from '../api/client';
import { ResetForm, resetSchema } from './schemas';
import { usePolicy } from './usePolicy';
import { Field, PasswordInput } from '../components/forms/Fields';

/** Opened from the e-mailed link `/reset-password?token=…`. */
export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const navigate = useNavigate();
  const policy = usePolicy();
  const schema = useMemo(() => resetSchema(policy), [policy]);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ResetForm>({ resolver: zodResolver(schema), defaultValues: { password: '', confirmPassword: '' } });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      const res = await apiJson<{ message: string }>('/auth/reset-password', { method: 'POST', body: JSON.stringify({ token, password }) });
      navigate('/login', { replace: true, state: { notice: res.message } });
    } catch (err) {
      setError((err as Error).message);
    }
  });

  return (
    <main className="auth-page">
      <form className="card auth-card" onSubmit={submit} noValidate>
        <h1>Criar nova senha</h1>
        {!token ? (
          <p className="alert alert-red" role="alert">Link de redefinição inválido ou expirado. Peça um novo.</p>
        ) : (
          <>
            {error && <p className="alert alert-red" role="alert">{error}</p>}
            <Field label="Nova senha" error={errors.password?.message}>
              <PasswordInput autoComplete="new-password" {...register('password')} />
            </Field>
            <Field label="Confirmar nova senha" error={errors.confirmPassword?.message}>
              <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
            </Field>
            <button className="button" type="submit" disabled={isSubmitting}>{isSubmitting ? 'Salvando...' : 'Redefinir senha'}</button>
          </>
        )}
        <Link to="/forgot-password">Pedir um novo link</Link>
      </form>
    </main>
  );
}
