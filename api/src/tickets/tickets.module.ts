import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../users/user.entity';
import { RealtimeModule } from '../realtime/realtime.module';
import { Ticket, TicketAttachment, TicketMessage } from './ticket.entity';
import { TicketsService } from './tickets.service';
import { AdminTicketsController, TicketsController } from './tickets.controllers';
import { TicketAttachmentsInterceptor } from './attachments.interceptor';

@Module({
  imports: [TypeOrmModule.forFeature([Ticket, TicketMessage, TicketAttachment, User]), RealtimeModule],
  controllers: [TicketsController, AdminTicketsController],
  providers: [TicketsService, TicketAttachmentsInterceptor],
})
export class TicketsModule {}
