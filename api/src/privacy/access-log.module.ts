import { Global, Module } from '@nestjs/common';
import { AccessLogService } from './access-log.service';

/** Global so that the auth routes can record accesses without importing the privacy module. */
@Global()
@Module({ providers: [AccessLogService], exports: [AccessLogService] })
export class AccessLogModule {}
