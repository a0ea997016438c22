import {
  BadRequestException,
  Body,
  Headers,
  Res,
  Controller,
  Get,
  HttpCode,
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
import type { Request, Response } from 'express';
import { AllowApiToken, CurrentUser, JwtAuthGuard, type AuthUser } from '../common/auth';
import { AnalysesService, UploadedPdf } from './analyses.service';
import { CreateAnalysisDto } from './dto/create-analysis.dto';
import { ListAnalysesDto } from './dto/list-analyses.dto';
import { PdfUploadInterceptor } from './pdf-upload.interceptor';
import { AnalysisReviewService } from './analysis-review.service';
import { CorrectCertificateDto, ResimulateDto } from './dto/review.dto';

/** Printable ASCII, no spaces: what clients send (UUIDs, hashes, job names). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const uuid = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('Análise não encontrada.') });

@ApiTags('analyses')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('analyses')
export class AnalysesController {
  constructor(
    private readonly analyses: AnalysesService,
    private readonly review: AnalysisReviewService,
  ) {}

  @Post()
  @HttpCode(202)
  @AllowApiToken('analyses:write')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(PdfUploadInterceptor)
  async create(
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body() dto: CreateAnalysisDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ) {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new BadRequestException('Idempotency-Key inválida: use de 1 a 255 caracteres visíveis (por exemplo, um UUID).');
    }
    const files = (req.files as UploadedPdf[] | undefined) ?? [];
    const { analysis: a, replayed } = await this.analyses.create(user, files, dto, String((req as Request & { id?: unknown }).id ?? ''), idempotencyKey);
    if (replayed) res.setHeader('Idempotent-Replayed', 'true');
    return { id: a.id, status: a.status, fileCount: a.fileCount, tokens: a.tokensCost };
  }

  @Get()
  @AllowApiToken('analyses:read')
  list(@CurrentUser() user: AuthUser, @Query() query: ListAnalysesDto) {
    return this.analyses.list(user, query);
  }

  @Get(':id')
  @AllowApiToken('analyses:read')
  get(@CurrentUser() user: AuthUser, @Param('id', uuid) id: string) {
    return this.analyses.view(user, id);
  }

  /** Corrects fields of one certificate (free): a new version, whose workbooks the worker regenerates. */
  @Patch(':id/certificates/:certificateId')
  correct(
    @CurrentUser() user: AuthUser,
    @Param('id', uuid) id: string,
    @Param('certificateId', new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('Certidão não encontrada.') })) certificateId: string,
    @Body() dto: CorrectCertificateDto,
  ) {
    return this.review.correct(user, id, certificateId, dto.changes);
  }

  /** Simulates again with other inputs (free); the answer lists every limit applied. */
  @Post(':id/simulation')
  @HttpCode(200)
  resimulate(@CurrentUser() user: AuthUser, @Param('id', uuid) id: string, @Body() dto: ResimulateDto) {
    return this.review.resimulate(user, id, dto);
  }

  @Get(':id/files/:name')
  @AllowApiToken('analyses:read')
  async download(@CurrentUser() user: AuthUser, @Param('id', uuid) id: string, @Param('name') name: string): Promise<StreamableFile> {
    const stream = await this.analyses.openWorkbook(user, id, name);
    return new StreamableFile(stream, { type: XLSX, disposition: `attachment; filename="${name}"` });
  }
}
