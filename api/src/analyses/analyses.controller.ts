import {
  Body,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  StreamableFile,
  UploadedFiles,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { CurrentUser, JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { AuthUser } from '../auth/auth-user';
import { AnalysesService, UploadedPdf } from './analyses.service';
import { CreateAnalysisDto } from './dto/create-analysis.dto';
import { uploadLimits } from './upload-limits';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

@ApiTags('analyses')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('analyses')
export class AnalysesController {
  constructor(private readonly analyses: AnalysesService) {}

  @Post()
  @HttpCode(202)
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(FilesInterceptor('files', uploadLimits().maxFiles, { limits: { fileSize: uploadLimits().maxFileBytes } }))
  async create(@CurrentUser() user: AuthUser, @UploadedFiles() files: UploadedPdf[] = [], @Body() dto: CreateAnalysisDto) {
    const a = await this.analyses.create(user, files, dto);
    return { id: a.id, status: a.status, fileCount: a.fileCount };
  }

  @Get()
  list(@CurrentUser() user: AuthUser) {
    return this.analyses.list(user);
  }

  @Get(':id')
  get(@CurrentUser() user: AuthUser, @Param('id', new ParseUUIDPipe({ exceptionFactory: notFound })) id: string) {
    return this.analyses.findVisible(user, id);
  }

  @Get(':id/files/:name')
  async download(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: notFound })) id: string,
    @Param('name') name: string,
  ): Promise<StreamableFile> {
    const stream = await this.analyses.openWorkbook(user, id, name);
    return new StreamableFile(stream, { type: XLSX, disposition: `attachment; filename="${name}"` });
  }
}

function notFound() {
  return new NotFoundException('Análise não encontrada.');
}
