import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

/** Shown as "ilimitado". */
export const UNLIMITED_TOKENS = 999_999_999;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreatePlanDto {
  @ApiProperty({ example: 'pro', description: 'Identificador: letras minúsculas, números e hífen.' })
  @Matches(/^[a-z0-9][a-z0-9-]{1,39}$/, { message: 'Identificador: de 2 a 40 letras minúsculas, números ou hífen.' })
  id: string;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'Informe o nome do plano.' })
  @IsNotEmpty({ message: 'Informe o nome do plano.' })
  @MaxLength(80, { message: 'O nome do plano pode ter no máximo 80 caracteres.' })
  name: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Descrição inválida.' })
  @MaxLength(500, { message: 'A descrição pode ter no máximo 500 caracteres.' })
  description?: string;

  @ApiProperty({ description: 'Centavos; 0 = gratuito ou sob consulta' })
  @IsInt({ message: 'O preço mensal deve ser um valor inteiro em centavos.' })
  @Min(0, { message: 'O preço mensal não pode ser negativo.' })
  @Max(100_000_000, { message: 'O preço mensal é alto demais.' })
  monthlyPriceCents: number;

  @ApiProperty({ description: 'Centavos' })
  @IsInt({ message: 'O preço anual deve ser um valor inteiro em centavos.' })
  @Min(0, { message: 'O preço anual não pode ser negativo.' })
  @Max(1_000_000_000, { message: 'O preço anual é alto demais.' })
  yearlyPriceCents: number;

  @ApiProperty({ description: `Tokens por mês; ${UNLIMITED_TOKENS} = ilimitado` })
  @IsInt({ message: 'O limite de tokens deve ser um número inteiro.' })
  @Min(0, { message: 'O limite de tokens não pode ser negativo.' })
  @Max(UNLIMITED_TOKENS, { message: `O limite de tokens pode ser no máximo ${UNLIMITED_TOKENS.toLocaleString('pt-BR')} (ilimitado).` })
  tokenLimit: number;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray({ message: 'Recursos: informe uma lista de textos.' })
  @ArrayMaxSize(20, { message: 'Um plano pode ter no máximo 20 recursos.' })
  @IsString({ each: true, message: 'Cada recurso deve ser um texto.' })
  @IsNotEmpty({ each: true, message: 'Recursos não podem ser vazios.' })
  @MaxLength(200, { each: true, message: 'Cada recurso pode ter no máximo 200 caracteres.' })
  features?: string[];

  @ApiPropertyOptional({ example: 'blue' })
  @IsOptional()
  @Matches(/^([a-z]{3,20}|#[0-9a-fA-F]{6})$/, { message: 'Cor inválida: use um nome (ex.: blue) ou #RRGGBB.' })
  color?: string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'Ativo deve ser verdadeiro ou falso.' })
  isActive?: boolean;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'Popular deve ser verdadeiro ou falso.' })
  popular?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt({ message: 'A ordem deve ser um número inteiro.' })
  @Min(0, { message: 'A ordem não pode ser negativa.' })
  @Max(1000, { message: 'A ordem pode ser no máximo 1000.' })
  sortOrder?: number;
}

export class UpdatePlanDto extends PartialType(OmitType(CreatePlanDto, ['id'] as const)) {}
