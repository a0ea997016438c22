import {
  Body,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  Req,
  StreamableFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser, JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthUser } from '../auth/auth-user';
import { AnalysesService, UploadedPdf } from './analyses.service';
import { CreateAnalysisDto } from './dto/create-analysis.dto';
import { ListAnalysesDto } from './dto/list-analyses.dto';
import { PdfUploadInterceptor } from './pdf-upload.interceptor';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const uuid = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('Análise não encontrada.') });

@ApiTags('analyses')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('analyses')
export class AnalysesController {
  constructor(private readonly analyses: AnalysesService) {}

  @Post()
  @HttpCode(202)
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(PdfUploadInterceptor)
  async create(@CurrentUser() user: AuthUser, @Req() req: Request, @Body() dto: CreateAnalysisDto) {
    const files = (req.files as UploadedPdf[] | undefined) ?? [];
    const a = await this.analyses.create(user, files, dto, String((req as Request & { id?: unknown }).id ?? ''));
    return { id: a.id, status: a.status, fileCount: a.fileCount, tokens: a.tokensCost };
  }

  @Get()
  list(@CurrentUser() user: AuthUser, @Query() query: ListAnalysesDto) {
    return this.analyses.list(user, query);
  }

  @Get(':id')
  get(@CurrentUser() user: AuthUser, @Param('id', uuid) id: string) {
    return this.analyses.view(user, id);
  }

  @Get(':id/files/:name')
  async download(@CurrentUser() user: AuthUser, @Param('id', uuid) id: string, @Param('name') name: string): Promise<StreamableFile> {
    const stream = await this.analyses.openWorkbook(user, id, name);
    return new StreamableFile(stream, { type: XLSX, disposition: `attachment; filename="${name}"` });
  }
}
