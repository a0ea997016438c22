import type { ValidationError } from '@nestjs/common';

/** DTO messages are pt-BR already; class-validator's own "should not exist" for unknown fields is not. */
export function validationMessages(errors: ValidationError[]): string[] {
  return errors.flatMap((e) => {
    const own = Object.entries(e.constraints ?? {}).map(([rule, msg]) => (rule === 'whitelistValidation' ? `Campo desconhecido: ${e.property}.` : msg));
    return [...own, ...validationMessages(e.children ?? [])];
  });
}

/** The same messages keyed by field, so a form can show each one under its own input. */
export function fieldMessages(errors: ValidationError[], prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of errors) {
    const key = prefix ? `${prefix}.${e.property}` : e.property;
    const own = validationMessages([{ ...e, children: [] }]);
    if (own.length) out[key] = own;
    Object.assign(out, fieldMessages(e.children ?? [], key));
  }
  return out;
}
