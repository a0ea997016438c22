import { AsYouType, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * Brazilian phone and WhatsApp numbers, read and written with libphonenumber-js (Google's numbering
 * metadata) instead of a fixed mask: a fixed `(NN) NNNNN-NNNN` mask turned a pasted `+55 11 98765-4321`
 * into `(55) 11987-6543` and a landline `(11) 3322-4455` into `(11) 33224-455`.
 *
 * Stored form: the national number's digits with the area code, 10 (landline) or 11 (mobile) digits.
 * The full metadata (`/max`) is used because only it knows which ranges exist: with the small one,
 * `(55) 11987-6543` (what the old mask made of a pasted number) passes as valid.
 */

/** Kinds of number an account may give: a person's line. Toll-free, premium-rate, shared-cost etc. are refused. */
const PERSONAL_TYPES = new Set(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE']);

/**
 * The stored digits of a Brazilian number written in any common way (`+55 11 98765-4321`,
 * `(11) 3322-4455`, `011 98765-4321`, `11987654321`), or null when it is not a number that exists
 * in Brazil (wrong length, unassigned range, another country, toll-free).
 */
export function normalizePhone(input: string): string | null {
  if (!/\d/.test(input)) return null;
  const parsed = parsePhoneNumberFromString(input, 'BR');
  if (!parsed || parsed.country !== 'BR' || !parsed.isValid()) return null;
  const type = parsed.getType();
  if (!type || !PERSONAL_TYPES.has(type)) return null;
  return String(parsed.nationalNumber);
}

/** True when the field is empty or holds only punctuation (an optional phone left blank). */
export function isBlankPhone(input: string | null | undefined): boolean {
  return !input || !/\d/.test(input);
}

/** Stored digits as Brazilians write them: `(11) 98765-4321`, `(11) 3322-4455`; anything unparseable unchanged. */
export function formatPhone(digits: string | null | undefined): string {
  if (!digits) return '';
  const parsed = parsePhoneNumberFromString(digits, 'BR');
  return parsed && parsed.country === 'BR' && parsed.isValid() ? parsed.formatNational() : digits;
}

/**
 * What a phone field shows while someone types or pastes: libphonenumber's as-you-type formatter,
 * so `1133224455` reads `(11) 3322-4455` and `+55 11 9…` keeps its country code until the field is
 * left (then `phoneOnBlur` writes it the national way).
 */
export function typingPhone(input: string): string {
  // Deleting a formatting character (the `)` or `-`) must remove text rather than be put back at once.
  if (!/\d/.test(input)) return input.replace(/[^+]/g, '');
  return new AsYouType('BR').input(input);
}

/** A finished field: a valid number in the national format, anything else left for the validator to name. */
export function phoneOnBlur(input: string): string {
  const digits = normalizePhone(input);
  return digits ? formatPhone(digits) : input;
}

/** Longest text a phone field needs: `+55 (11) 98765-4321` style input with spaces, kept generous for pasting. */
export const PHONE_INPUT_MAX_LENGTH = 25;

/**
 * What a form sends: the national digits of a valid number, '' for an empty field, and otherwise the
 * digits typed (the API refuses them with the field's message).
 */
export function phoneToSend(input: string): string {
  if (isBlankPhone(input)) return '';
  return normalizePhone(input) ?? input.replace(/\D/g, '');
}
