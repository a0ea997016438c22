import { useMemo } from 'react';
import { useForm, UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { apiJson } from '../api/client';
import type { Session } from '../api/types';
import { Field, PasswordInput } from '../components/forms/Fields';
import { useAuth } from './AuthContext';
import { PasswordChangeForm, passwordChangeSchema } from './schemas';
import { usePolicy } from './usePolicy';

/**
 * The password change of the profile's security tab and of the forced first-login screen: the form
 * validated by the server's password policy, and `change`, which sends it and keeps this browser
 * signed in with the token that comes back (the change ends every older session).
 */
export function usePasswordChange() {
  const { refresh } = useAuth();
  const policy = usePolicy();
  const schema = useMemo(() => passwordChangeSchema(policy), [policy]);
  const form = useForm<PasswordChangeForm>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = async (values: PasswordChangeForm) => {
    const session = await apiJson<Session>('/profile/password', { method: 'PUT', body: JSON.stringify(values) });
    refresh({ token: session.token, user: session.user });
  };
  return { form, change };
}

/** Current, new and confirmation fields; `currentLabel` names what the current password is. */
export function PasswordChangeFields({ form, currentLabel }: { form: UseFormReturn<PasswordChangeForm>; currentLabel: string }) {
  const { register, formState: { errors } } = form;
  return (
    <>
      <Field label={currentLabel} error={errors.currentPassword?.message}>
        <PasswordInput autoComplete="current-password" {...register('currentPassword')} />
      </Field>
      <Field label="Nova senha" error={errors.newPassword?.message}>
        <PasswordInput autoComplete="new-password" {...register('newPassword')} />
      </Field>
      <Field label="Confirmar nova senha" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
      </Field>
    </>
  );
}
