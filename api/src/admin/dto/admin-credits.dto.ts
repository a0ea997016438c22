import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { MAX_GRANT } from './admin-users.dto';

/** What the credits screen lists by default: movements of credit, not analysis reservations. */
export const CREDIT_TYPES = ['purchase', 'bonus', 'refund', 'admin_grant', 'reversal'] as const;
export const LEDGER_TYPES = ['reserve', 'settle', 'refund', 'purchase', 'admin_grant', 'bonus', 'renewal', 'reversal'] as const;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ListCreditsQuery {
  @ApiPropertyOptional({ description: 'Nome, e-mail ou descrição' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Busca inválida.' })
  @MaxLength(200, { message: 'A busca pode ter no máximo 200 caracteres.' })
  search?: string;

  @ApiPropertyOptional({ enum: [...LEDGER_TYPES, 'all'], description: 'Sem valor: só movimentos de crédito' })
  @IsOptional()
  @IsIn([...LEDGER_TYPES, 'all'], { message: 'Tipo de transação inválido.' })
  type?: (typeof LEDGER_TYPES)[number] | 'all';

  @ApiPropertyOptional()
  @IsOptional()
  @IsUUID('all', { message: 'Usuário inválido.' })
  userId?: string;

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

export class GrantCreditsDto {
  @ApiProperty()
  @IsUUID('all', { message: 'Selecione o usuário.' })
  userId: string;

  @ApiProperty({ minimum: 1 })
  @IsInt({ message: 'A quantidade de créditos deve ser um número inteiro.' })
  @Min(1, { message: 'A quantidade de créditos deve ser maior que zero.' })
  @Max(MAX_GRANT, { message: `A quantidade de créditos pode ser no máximo ${MAX_GRANT.toLocaleString('pt-BR')}.` })
  amount: number;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'Informe o motivo.' })
  @IsNotEmpty({ message: 'Informe o motivo.' })
  @MaxLength(500, { message: 'O motivo pode ter no máximo 500 caracteres.' })
  reason: string;
}
