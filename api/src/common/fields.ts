import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { PHONE_DIGITS, normalizePhone } from '@cda/shared';

/* Field decorators shared by the DTOs of several modules (sign-up, profile, account deletion). */

/**
 * Password length and character rules come from the security settings, which change at run time, so
 * the services check them (`passwordProblem`); the DTOs only bound the input.
 */
export const PasswordField = (label = 'a senha') =>
  applyDecorators(
    IsString({ message: `Informe ${label}.` }),
    IsNotEmpty({ message: `Informe ${label}.` }),
    MaxLength(200, { message: 'A senha deve ter no máximo 200 caracteres.' }),
  );

const trim = Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

export const EmailField = () =>
  applyDecorators(trim, IsEmail({}, { message: 'Informe um e-mail válido.' }), MaxLength(254, { message: 'Informe um e-mail válido.' }));

export const NameField = (max: number, message: string) =>
  applyDecorators(trim, IsString({ message }), IsNotEmpty({ message }), MaxLength(max, { message: `Use no máximo ${max} caracteres.` }));

/**
 * A Brazilian phone with area code written any common way (`+55 11 98765-4321`, `(11) 3322-4455`);
 * stored as its national digits. A number that does not exist in Brazil stays as sent and fails the match.
 */
export const PhoneField = (message: string) =>
  applyDecorators(
    Transform(({ value }) => (typeof value === 'string' ? (normalizePhone(value) ?? value) : value)),
    IsString({ message }),
    Matches(PHONE_DIGITS, { message }),
  );
