import { z } from 'zod';
import { INVALID_LOGIN, PASSWORDS_DIFFER, PasswordPolicy, isBlankPhone, normalizePhone, passwordProblem } from '@cda/shared';

/**
 * Form rules, with the same pt-BR texts and password policy (from /api/auth/policy) the server
 * enforces; the server checks everything again.
 */
const email = z.string().trim().min(1, 'Informe o e-mail.').email('Informe um e-mail válido.');
const required = (message: string) => z.string().trim().min(1, message);
/** A Brazilian number that exists (libphonenumber-js's rules, shared with the API): `+55 11 98765-4321`, `(11) 3322-4455`. */
const phone = (message: string) => z.string().refine((v) => normalizePhone(v) !== null, message);
const optionalPhone = (message: string) => z.string().refine((v) => isBlankPhone(v) || normalizePhone(v) !== null, message);

/** A new password (under `field`) and its confirmation, checked against the policy. */
function newPasswordRule(policy: PasswordPolicy, field: 'password' | 'newPassword', subject: 'A senha' | 'A nova senha') {
  return (values: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const problem = passwordProblem(String(values[field]), policy, subject);
    if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem });
    if (values[field] !== values.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DIFFER });
  };
}

export const loginSchema = z.object({
  // Any malformed input gets the same answer as a wrong password.
  email: z.string().trim().email(INVALID_LOGIN),
  password: z.string().min(1, INVALID_LOGIN),
  remember: z.boolean(),
});
export type LoginForm = z.infer<typeof loginSchema>;

export const registerSchema = (policy: PasswordPolicy) =>
  z
    .object({
      name: required('Informe seu nome completo.'),
      email,
      whatsapp: phone('Informe um WhatsApp válido com DDD.'),
      password: z.string(),
      confirmPassword: z.string(),
      terms: z.boolean().refine((v) => v, 'Aceite os termos para criar a conta.'),
    })
    .superRefine(newPasswordRule(policy, 'password', 'A senha'));
export type RegisterForm = z.infer<ReturnType<typeof registerSchema>>;

export const forgotSchema = z.object({ email });
export type ForgotForm = z.infer<typeof forgotSchema>;

export const resetSchema = (policy: PasswordPolicy) =>
  z.object({ password: z.string(), confirmPassword: z.string() }).superRefine(newPasswordRule(policy, 'password', 'A nova senha'));
export type ResetForm = z.infer<ReturnType<typeof resetSchema>>;

export const profileSchema = z.object({
  name: required('Informe seu nome.'),
  email,
  whatsapp: optionalPhone('Informe um WhatsApp válido com DDD.'),
  phone: optionalPhone('Informe um telefone válido com DDD.'),
  company: z.string().max(200, 'Use no máximo 200 caracteres.'),
  position: z.string().max(120, 'Use no máximo 120 caracteres.'),
});
export type ProfileForm = z.infer<typeof profileSchema>;

export const passwordChangeSchema = (policy: PasswordPolicy) =>
  z
    .object({ currentPassword: z.string().min(1, 'Informe a senha atual.'), newPassword: z.string(), confirmPassword: z.string() })
    .superRefine(newPasswordRule(policy, 'newPassword', 'A nova senha'));
export type PasswordChangeForm = z.infer<ReturnType<typeof passwordChangeSchema>>;
