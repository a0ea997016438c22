import { cloneElement, forwardRef, InputHTMLAttributes, ReactElement, useId, useState } from 'react';
import { InputMask, format } from '@react-input/mask';

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

/** The spec's mask for WhatsApp and phone numbers: area code and nine digits. */
const PHONE_MASK = '(__) _____-____';
const replacement = { _: /\d/ };

/** Shows stored digits the way the masked input shows them. */
export function formatPhone(digits: string | null | undefined): string {
  return digits ? format(digits, { mask: PHONE_MASK, replacement }) : '';
}

export const PhoneInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function PhoneInput(props, ref) {
  return <InputMask {...props} ref={ref} mask={PHONE_MASK} replacement={replacement} inputMode="tel" maxLength={15} />;
});
