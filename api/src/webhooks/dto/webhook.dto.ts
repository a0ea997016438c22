import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { WEBHOOK_EVENTS, type WebhookEventType } from '@cda/shared';

const trim = Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

export class CreateWebhookDto {
  @ApiProperty({ example: 'https://sistema.escritorio.com.br/webhooks/cda', description: 'HTTPS, endereço público.' })
  @trim
  @IsString({ message: 'Informe a URL do webhook.' })
  @MaxLength(2000, { message: 'URL longa demais (máximo de 2000 caracteres).' })
  url: string;

  @ApiPropertyOptional({ example: 'Sistema de processos', maxLength: 200 })
  @trim
  @IsOptional()
  @IsString({ message: 'Descrição inválida.' })
  @MaxLength(200, { message: 'Use no máximo 200 caracteres na descrição.' })
  description?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENTS, isArray: true, default: WEBHOOK_EVENTS })
  @IsOptional()
  @IsArray({ message: 'Escolha ao menos um evento.' })
  @ArrayMinSize(1, { message: 'Escolha ao menos um evento.' })
  @IsIn(WEBHOOK_EVENTS, { each: true, message: 'Evento inválido: use analysis.completed ou analysis.failed.' })
  events?: WebhookEventType[];
}

export class UpdateWebhookDto {
  @ApiProperty({ description: 'Desativado, o endpoint não recebe eventos (as entregas pendentes são descartadas).' })
  @IsBoolean({ message: 'Valor inválido para "ativo".' })
  active: boolean;
}

export class ListDeliveriesQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('4', { message: 'Endpoint inválido.' })
  endpointId?: string;

  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 200 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Limite inválido.' })
  @Min(1, { message: 'Limite inválido.' })
  @Max(200, { message: 'Limite inválido.' })
  limit?: number;
}
