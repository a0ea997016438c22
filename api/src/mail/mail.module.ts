import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { MailOutboxEntry } from './mail-outbox.entity';
import { MailService } from './mail.service';
import { MailProbe } from '../settings/mail-probe';
import { AnalysisMailer } from './analysis-mailer.service';
import { AdminMailController } from './admin-mail.controller';
import { Analysis } from '../analyses/analysis.entity';
import { AnalysisFile } from '../analyses/analysis-file.entity';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([MailOutboxEntry, Analysis, AnalysisFile]), UsersModule],
  controllers: [AdminMailController],
  // MailProbe: the settings screen's test e-mail, without settings/ importing this module.
  providers: [MailService, AnalysisMailer, { provide: MailProbe, useExisting: MailService }],
  exports: [MailService, MailProbe],
})
export class MailModule {}
