import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { normalizePhone } from '@cda/shared';
import type { UserRole } from '@cda/shared';
import { UNLIMITED_TOKENS } from './admin-plans.dto';

export const USER_STATUSES = ['active', 'pending', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_ROLES: readonly UserRole[] = ['user', 'admin', 'root'];
/** Whole tokens per grant; far below 2^53 and the bigint column. */
export const MAX_GRANT = 1_000_000_000;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/**
 * `+55 11 98765-4321`, `(11) 98765-4321` and `11987654321` are the same phone (libphonenumber-js rules
 * in shared/src/phone.ts); an empty field clears it; a number that does not exist stays as sent and fails.
 */
const digits = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? (!/\d/.test(value) ? null : (normalizePhone(value) ?? value)) : value;

export class ListUsersQuery {
  @ApiPropertyOptional({ description: 'Nome, e-mail ou id' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Busca inválida.' })
  @MaxLength(200, { message: 'A busca pode ter no máximo 200 caracteres.' })
  search?: string;

  @ApiPropertyOptional({ enum: USER_STATUSES })
  @IsOptional()
  @IsIn(USER_STATUSES, { message: 'Status inválido.' })
  status?: UserStatus;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'Plano inválido.' })
  @MaxLength(40, { message: 'Plano inválido.' })
  plan?: string;

  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'A página deve ser um número inteiro.' })
  @Min(1, { message: 'A página deve ser no mínimo 1.' })
  page?: number;

  @ApiPropertyOptional({ default: 10, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'O tamanho da página deve ser um número inteiro.' })
  @Min(1, { message: 'O tamanho da página deve ser no mínimo 1.' })
  @Max(100, { message: 'O tamanho da página deve ser no máximo 100.' })
  pageSize?: number;
}

/** The export takes the list's filters; it always covers every page. */
export class ExportUsersQuery extends PickType(ListUsersQuery, ['search', 'status', 'plan'] as const) {}

export class CreateUserDto {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'Informe o nome.' })
  @IsNotEmpty({ message: 'Informe o nome.' })
  @MaxLength(200, { message: 'O nome pode ter no máximo 200 caracteres.' })
  name: string;

  @ApiProperty()
  @Transform(trim)
  @IsEmail({}, { message: 'Informe um e-mail válido.' })
  @MaxLength(254, { message: 'O e-mail pode ter no máximo 254 caracteres.' })
  email: string;

  @ApiPropertyOptional({ default: 'free' })
  @IsOptional()
  @IsString({ message: 'Plano inválido.' })
  plan?: string;

  @ApiPropertyOptional({ enum: USER_STATUSES, default: 'active' })
  @IsOptional()
  @IsIn(USER_STATUSES, { message: 'Status inválido.' })
  status?: UserStatus;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(digits)
  @Matches(/^\d{10,11}$/, { message: 'WhatsApp: informe um número brasileiro válido com DDD.' })
  whatsapp?: string | null;
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(digits)
  @Matches(/^\d{10,11}$/, { message: 'Telefone: informe um número brasileiro válido com DDD.' })
  phone?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Empresa inválida.' })
  @MaxLength(200, { message: 'A empresa pode ter no máximo 200 caracteres.' })
  company?: string;

  @ApiPropertyOptional({ default: 0, minimum: 0 })
  @IsOptional()
  @IsInt({ message: 'Os créditos iniciais devem ser um número inteiro.' })
  @Min(0, { message: 'Os créditos iniciais não podem ser negativos.' })
  @Max(MAX_GRANT, { message: `Os créditos iniciais podem ser no máximo ${MAX_GRANT.toLocaleString('pt-BR')}.` })
  credits?: number;
}

export class UpdateUserDto {
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Informe o nome.' })
  @IsNotEmpty({ message: 'Informe o nome.' })
  @MaxLength(200, { message: 'O nome pode ter no máximo 200 caracteres.' })
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsEmail({}, { message: 'Informe um e-mail válido.' })
  @MaxLength(254, { message: 'O e-mail pode ter no máximo 254 caracteres.' })
  email?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'Plano inválido.' })
  plan?: string;

  @ApiPropertyOptional({ enum: USER_STATUSES })
  @IsOptional()
  @IsIn(USER_STATUSES, { message: 'Status inválido.' })
  status?: UserStatus;

  @ApiPropertyOptional({ enum: USER_ROLES, description: 'Só um usuário root pode alterar.' })
  @IsOptional()
  @IsIn(USER_ROLES, { message: 'Papel inválido.' })
  role?: UserRole;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(digits)
  @Matches(/^\d{10,11}$/, { message: 'WhatsApp: informe um número brasileiro válido com DDD.' })
  whatsapp?: string | null;
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(digits)
  @Matches(/^\d{10,11}$/, { message: 'Telefone: informe um número brasileiro válido com DDD.' })
  phone?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Empresa inválida.' })
  @MaxLength(200, { message: 'A empresa pode ter no máximo 200 caracteres.' })
  company?: string;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 0,
    description: 'Limite de tokens por período só desta conta; null volta ao limite do plano. Uma troca de plano o remove.',
  })
  @ValidateIf((_o, v) => v !== undefined && v !== null)
  @IsInt({ message: 'O limite de tokens deve ser um número inteiro.' })
  @Min(0, { message: 'O limite de tokens não pode ser negativo.' })
  @Max(UNLIMITED_TOKENS, { message: `O limite de tokens pode ser no máximo ${UNLIMITED_TOKENS.toLocaleString('pt-BR')} (ilimitado).` })
  tokenLimit?: number | null;
}

export const ADMIN_GRANT_DESCRIPTION = 'Créditos adicionados pelo administrador';
export const TOKEN_LIMIT_DESCRIPTION = 'Limite de tokens alterado pelo administrador';

export class AddCreditsDto {
  @ApiProperty({ minimum: 1 })
  @IsInt({ message: 'A quantidade de créditos deve ser um número inteiro.' })
  @Min(1, { message: 'A quantidade de créditos deve ser maior que zero.' })
  @Max(MAX_GRANT, { message: `A quantidade de créditos pode ser no máximo ${MAX_GRANT.toLocaleString('pt-BR')}.` })
  amount: number;

  @ApiPropertyOptional({ default: ADMIN_GRANT_DESCRIPTION })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Descrição inválida.' })
  @MaxLength(500, { message: 'A descrição pode ter no máximo 500 caracteres.' })
  description?: string;
}
