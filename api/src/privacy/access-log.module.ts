import { Global, Module } from '@nestjs/common';
import { AccessLogService } from './access-log.service';
import { AccessLogRepository } from './access-log.repository';

/** Global so that the auth routes can record accesses without importing the privacy module. */
@Global()
@Module({ providers: [AccessLogService, AccessLogRepository], exports: [AccessLogService] })
export class AccessLogModule {}
