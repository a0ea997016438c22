import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ANALYTICS_EVENTS, type AnalyticsEvent } from '@cda/shared';

export class UsageEventDto {
  @ApiProperty({ enum: ANALYTICS_EVENTS })
  @IsIn(ANALYTICS_EVENTS, { message: 'Evento desconhecido.' })
  name: AnalyticsEvent;

  @ApiPropertyOptional({ description: 'O caminho da página; ids, consulta e fragmento são descartados antes de gravar.' })
  @IsOptional()
  @IsString({ message: 'Caminho inválido.' })
  @MaxLength(500, { message: 'Caminho inválido.' })
  path?: string;
}
