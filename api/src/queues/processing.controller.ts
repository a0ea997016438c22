import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { ProcessingStatus } from '@cda/shared';
import { JwtAuthGuard } from '../common/auth';
import { QueuesService } from './queues.service';

/** For the simulator's notice and the admin banner: is any worker consuming the queue right now? */
@ApiTags('analyses')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('processing')
export class ProcessingController {
  constructor(private readonly queues: QueuesService) {}

  @Get()
  status(): Promise<ProcessingStatus> {
    return this.queues.processingStatus();
  }
}
