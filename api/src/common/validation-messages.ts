import type { ValidationError } from '@nestjs/common';

/** DTO messages are pt-BR already; class-validator's own "should not exist" for unknown fields is not. */
export function validationMessages(errors: ValidationError[]): string[] {
  return errors.flatMap((e) => {
    const own = Object.entries(e.constraints ?? {}).map(([rule, msg]) => (rule === 'whitelistValidation' ? `Campo desconhecido: ${e.property}.` : msg));
    return [...own, ...validationMessages(e.children ?? [])];
  });
}
