import {
  Body,
  Controller,
  Get,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Query,
  Req,
  StreamableFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AdminGuard, CurrentUser, JwtAuthGuard, type AuthUser } from '../common/auth';
import { TicketsService, UploadedAttachment } from './tickets.service';
import { TicketAttachmentsInterceptor } from './attachments.interceptor';
import { storageSafeName } from './attachment-sniff';
import { AddMessageDto, AdminListTicketsDto, AdminUpdateTicketDto, CreateTicketDto, ListTicketsDto, UserStatusDto } from './dto/ticket.dto';

/** A malformed id is simply a ticket that does not exist. */
const ticketId = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('Ticket não encontrado.') });
const attachmentId = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('Anexo não encontrado.') });

@ApiTags('tickets')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('tickets')
export class TicketsController {
  constructor(private readonly tickets: TicketsService) {}

  @Get()
  list(@CurrentUser() user: AuthUser, @Query() query: ListTicketsDto) {
    return this.tickets.listOwn(user, query);
  }

  @Post()
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(TicketAttachmentsInterceptor)
  create(@CurrentUser() user: AuthUser, @Req() req: Request, @Body() dto: CreateTicketDto) {
    return this.tickets.create(user, dto, (req.files as UploadedAttachment[] | undefined) ?? []);
  }

  @Get(':id')
  get(@CurrentUser() user: AuthUser, @Param('id', ticketId) id: string) {
    return this.tickets.view(user, id);
  }

  @Post(':id/messages')
  reply(@CurrentUser() user: AuthUser, @Param('id', ticketId) id: string, @Body() dto: AddMessageDto) {
    return this.tickets.addMessage(user, id, dto.content, 'user');
  }

  @Patch(':id/status')
  setStatus(@CurrentUser() user: AuthUser, @Param('id', ticketId) id: string, @Body() dto: UserStatusDto) {
    return this.tickets.setStatusAsOwner(user, id, dto.status);
  }

  /** Owner or admin, like the workbooks; streamed from storage, never buffered here. */
  @Get(':id/attachments/:attachmentId')
  async download(
    @CurrentUser() user: AuthUser,
    @Param('id', ticketId) id: string,
    @Param('attachmentId', attachmentId) aid: string,
  ): Promise<StreamableFile> {
    const { attachment, stream } = await this.tickets.openAttachment(user, id, aid);
    return new StreamableFile(stream, {
      type: attachment.contentType,
      length: attachment.size,
      // ASCII fallback first, then the real (UTF-8) name for browsers that read RFC 5987.
      disposition: `attachment; filename="${storageSafeName(attachment.name)}"; filename*=UTF-8''${encodeURIComponent(attachment.name)}`,
    });
  }
}

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin/tickets')
export class AdminTicketsController {
  constructor(private readonly tickets: TicketsService) {}

  @Get()
  list(@Query() query: AdminListTicketsDto) {
    return this.tickets.listAll(query);
  }

  @Get(':id')
  get(@CurrentUser() admin: AuthUser, @Param('id', ticketId) id: string) {
    return this.tickets.view(admin, id);
  }

  @Post(':id/messages')
  reply(@CurrentUser() admin: AuthUser, @Param('id', ticketId) id: string, @Body() dto: AddMessageDto) {
    return this.tickets.addMessage(admin, id, dto.content, 'admin');
  }

  @Patch(':id')
  update(@CurrentUser() admin: AuthUser, @Param('id', ticketId) id: string, @Body() dto: AdminUpdateTicketDto) {
    return this.tickets.updateAsAdmin(admin, id, dto);
  }
}
