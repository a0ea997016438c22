import { ChangeEvent, FocusEvent, cloneElement, forwardRef, InputHTMLAttributes, ReactElement, useId, useState } from 'react';
import { PHONE_INPUT_MAX_LENGTH, formatPhone as formatStoredPhone, phoneOnBlur, typingPhone } from '@cda/shared';

/**
 * A labelled input with its validation message under it. The label points at the input by id (not
 * by wrapping), so a show/hide button beside the input does not become part of the input's name.
 */
export function Field({ label, error, children }: { label: string; error?: string; children: ReactElement<{ id?: string }> }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id })}
      {error && <span className="error-text" role="alert">{error}</span>}
    </div>
  );
}

/** Password input with a show/hide toggle (the toggle is a button outside the label's text). */
export const PasswordInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function PasswordInput(props, ref) {
  const [shown, setShown] = useState(false);
  return (
    <span className="password">
      <input {...props} ref={ref} type={shown ? 'text' : 'password'} />
      <button type="button" className="link" onClick={() => setShown(!shown)} aria-pressed={shown} title={shown ? 'Ocultar senha' : 'Mostrar senha'}>
        {shown ? 'Ocultar' : 'Mostrar'}
      </button>
    </span>
  );
});

/** Stored digits as the phone input shows them: `(11) 98765-4321`, `(11) 3322-4455`. */
export function formatPhone(digits: string | null | undefined): string {
  return formatStoredPhone(digits);
}

/**
 * WhatsApp and phone numbers, formatted by libphonenumber-js while typed (shared/src/phone.ts) rather
 * than by a fixed mask, so a pasted `+55 11 98765-4321` and a landline `(11) 3322-4455` both come out
 * right. The value is rewritten before the caller's handler reads it (react-hook-form's `register`
 * and controlled `value`/`onChange` both work); leaving the field writes the national form.
 */
export const PhoneInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function PhoneInput({ onChange, onBlur, ...props }, ref) {
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    e.target.value = typingPhone(e.target.value);
    onChange?.(e);
  };
  const blur = (e: FocusEvent<HTMLInputElement>) => {
    const finished = phoneOnBlur(e.target.value);
    if (finished !== e.target.value) {
      e.target.value = finished;
      onChange?.(e as unknown as ChangeEvent<HTMLInputElement>);
    }
    onBlur?.(e);
  };
  return <input {...props} ref={ref} type="tel" inputMode="tel" maxLength={PHONE_INPUT_MAX_LENGTH} onChange={change} onBlur={blur} />;
});
