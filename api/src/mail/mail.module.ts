import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { MailOutboxEntry } from './mail-outbox.entity';
import { MailService } from './mail.service';
import { AnalysisMailer } from './analysis-mailer.service';
import { AdminMailController } from './admin-mail.controller';
import { Analysis } from '../analyses/analysis.entity';
import { AnalysisFile } from '../analyses/analysis-file.entity';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([MailOutboxEntry, Analysis, AnalysisFile]), UsersModule],
  controllers: [AdminMailController],
  providers: [MailService, AnalysisMailer],
  exports: [MailService],
})
export class MailModule {}
