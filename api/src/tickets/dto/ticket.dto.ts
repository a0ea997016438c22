import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  ADMIN_TICKET_PAGE_SIZE,
  TICKET_CATEGORY_MAX,
  TICKET_PAGE_SIZE,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_TEXT_MAX,
  TICKET_TITLE_MAX,
  type TicketPriority,
  type TicketStatus,
} from '@cda/shared';

/** Whitespace-only text counts as empty, as the create button on the page does. */
const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

export class CreateTicketDto {
  @ApiProperty({ maxLength: TICKET_TITLE_MAX })
  @trim()
  @IsString({ message: 'Informe o título.' })
  @IsNotEmpty({ message: 'Informe o título.' })
  @MaxLength(TICKET_TITLE_MAX, { message: `O título pode ter no máximo ${TICKET_TITLE_MAX} caracteres.` })
  title: string;

  @ApiProperty({ maxLength: TICKET_TEXT_MAX })
  @trim()
  @IsString({ message: 'Descreva o problema.' })
  @IsNotEmpty({ message: 'Descreva o problema.' })
  @MaxLength(TICKET_TEXT_MAX, { message: `A descrição pode ter no máximo ${TICKET_TEXT_MAX} caracteres.` })
  description: string;

  @ApiPropertyOptional({ minimum: 0, maximum: TICKET_CATEGORY_MAX, default: 0, description: '0 Geral, 1 Técnico, 2 Cobrança, 3 Solicitação de Funcionalidade, 4 Relatório de Bug' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Categoria inválida.' })
  @Min(0, { message: 'Categoria inválida.' })
  @Max(TICKET_CATEGORY_MAX, { message: 'Categoria inválida.' })
  category?: number;
}

export class AddMessageDto {
  @ApiProperty({ maxLength: TICKET_TEXT_MAX })
  @trim()
  @IsString({ message: 'Escreva a mensagem.' })
  @IsNotEmpty({ message: 'Escreva a mensagem.' })
  @MaxLength(TICKET_TEXT_MAX, { message: `A mensagem pode ter no máximo ${TICKET_TEXT_MAX} caracteres.` })
  content: string;
}

/** What a user may do with the status of their own ticket: close it or open it again. */
export class UserStatusDto {
  @ApiProperty({ enum: ['open', 'closed'] })
  @IsIn(['open', 'closed'], { message: 'Status inválido.' })
  status: Extract<TicketStatus, 'open' | 'closed'>;
}

export class AdminUpdateTicketDto {
  @ApiPropertyOptional({ enum: TICKET_STATUSES })
  @IsOptional()
  @IsIn(TICKET_STATUSES, { message: 'Status inválido.' })
  status?: TicketStatus;

  @ApiPropertyOptional({ enum: TICKET_PRIORITIES })
  @IsOptional()
  @IsIn(TICKET_PRIORITIES, { message: 'Prioridade inválida.' })
  priority?: TicketPriority;
}

class PageQuery {
  @ApiPropertyOptional({ description: 'Text searched case-insensitively' })
  @IsOptional()
  @trim()
  @IsString()
  @MaxLength(200, { message: 'Busca longa demais.' })
  search?: string;

  @ApiPropertyOptional({ enum: TICKET_STATUSES })
  @IsOptional()
  @IsIn(TICKET_STATUSES, { message: 'Status inválido.' })
  status?: TicketStatus;

  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Página inválida.' })
  @Min(1, { message: 'Página inválida.' })
  page?: number;

  @ApiPropertyOptional({ maximum: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Tamanho de página inválido.' })
  @Min(1, { message: 'Tamanho de página inválido.' })
  @Max(50, { message: 'Tamanho de página inválido.' })
  pageSize?: number;
}

export class ListTicketsDto extends PageQuery {
  static readonly defaultPageSize = TICKET_PAGE_SIZE;
}

export class AdminListTicketsDto extends PageQuery {
  static readonly defaultPageSize = ADMIN_TICKET_PAGE_SIZE;

  @ApiPropertyOptional({ enum: TICKET_PRIORITIES })
  @IsOptional()
  @IsIn(TICKET_PRIORITIES, { message: 'Prioridade inválida.' })
  priority?: TicketPriority;

  @ApiPropertyOptional({ minimum: 0, maximum: TICKET_CATEGORY_MAX })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Categoria inválida.' })
  @Min(0, { message: 'Categoria inválida.' })
  @Max(TICKET_CATEGORY_MAX, { message: 'Categoria inválida.' })
  category?: number;
}
