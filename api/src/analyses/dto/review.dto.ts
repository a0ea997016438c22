import { ApiProperty } from '@nestjs/swagger';
import { IsObject } from 'class-validator';
import { SimulationInputsDto } from './create-analysis.dto';

/** Field → the value as typed on screen (pt-BR text: `1.234,56`, `31/10/2025`, `12.345.678/0001-95`). */
export class CorrectCertificateDto {
  @ApiProperty({ example: { debtorDocument: '12.345.678/0001-95', total: '186.000,00' } })
  @IsObject({ message: 'Envie os campos a corrigir.' })
  changes: Record<string, string>;
}

/**
 * A re-simulation: any of the simulator's inputs; what is left out keeps the analysis' value. The
 * bounds are the form's (1–180 months); the legal limits are applied by the simulation, which says
 * what it capped instead of refusing.
 */
export class ResimulateDto extends SimulationInputsDto {}
