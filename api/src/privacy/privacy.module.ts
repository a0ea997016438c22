import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AccessLogModule } from './access-log.module';
import { PrivacyController } from './privacy.controller';
import { PrivacyService } from './privacy.service';
import { PrivacyRepository } from './privacy.repository';
import { RetentionService } from './retention.service';

@Module({
  imports: [AccessLogModule, UsersModule],
  controllers: [PrivacyController],
  providers: [PrivacyService, PrivacyRepository, RetentionService],
  exports: [RetentionService],
})
export class PrivacyModule {}
