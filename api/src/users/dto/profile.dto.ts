import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import type { NotificationPreferences } from '@cda/shared';
import { EmailField, NameField, PasswordField, PhoneField } from '../../common/fields';

/** An empty optional text clears the field (stored as null). */
const blankToNull = Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? null : value));

const OptionalText = (max: number) =>
  applyDecorators(
    blankToNull,
    IsOptional(),
    Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)),
    IsString({ message: 'Valor inválido.' }),
    MaxLength(max, { message: `Use no máximo ${max} caracteres.` }),
  );

/** Partial: only the fields sent change. */
export class UpdateProfileDto {
  @ApiPropertyOptional()
  @IsOptional()
  @NameField(200, 'Informe seu nome.')
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @EmailField()
  email?: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: '(11) 3333-4444' })
  @blankToNull
  @IsOptional()
  @PhoneField('Informe um telefone válido com DDD.')
  phone?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '(11) 98765-4321' })
  @blankToNull
  @IsOptional()
  @PhoneField('Informe um WhatsApp válido com DDD.')
  whatsapp?: string | null;

  @ApiPropertyOptional()
  @OptionalText(200)
  company?: string | null;

  @ApiPropertyOptional()
  @OptionalText(120)
  position?: string | null;
}

export class ChangePasswordDto {
  @ApiProperty()
  @PasswordField('a senha atual')
  currentPassword: string;

  @ApiProperty()
  @PasswordField('a nova senha')
  newPassword: string;

  @ApiProperty()
  @PasswordField('a confirmação da nova senha')
  confirmPassword: string;
}

const Flag = () => applyDecorators(ApiProperty(), IsBoolean({ message: 'Use verdadeiro ou falso.' }));

export class NotificationPreferencesDto implements NotificationPreferences {
  @Flag() emailAnalysis: boolean;
  @Flag() emailMarketing: boolean;
  @Flag() pushAnalysis: boolean;
  @Flag() pushMarketing: boolean;
}
