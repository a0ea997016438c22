import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsISO8601, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '@cda/shared';

export class CreateApiTokenDto {
  @ApiProperty({ description: 'Nome para reconhecer o token (ex.: o sistema que o usa).', example: 'Integração do escritório', maxLength: 80 })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Informe um nome para o token.' })
  @MinLength(1, { message: 'Informe um nome para o token.' })
  @MaxLength(80, { message: 'Use no máximo 80 caracteres no nome.' })
  name: string;

  @ApiProperty({ enum: API_TOKEN_SCOPES, isArray: true, example: ['analyses:write'], description: '`analyses:write` permite enviar e consultar; `analyses:read` só consultar e baixar.' })
  @IsArray({ message: 'Escolha o escopo do token.' })
  @ArrayMinSize(1, { message: 'Escolha o escopo do token.' })
  @ArrayMaxSize(2, { message: 'Escopo inválido.' })
  @IsIn(API_TOKEN_SCOPES, { each: true, message: 'Escopo inválido: use analyses:read ou analyses:write.' })
  scopes: ApiTokenScope[];

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, example: '2027-01-31T23:59:59-03:00', description: 'Sem data: o token vale até ser revogado.' })
  @Transform(({ value }) => (value === '' ? null : value))
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'Data de expiração inválida.' })
  expiresAt?: string | null;
}
