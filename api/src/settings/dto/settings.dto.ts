import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  MaxLength,
  Min,
  MinLength,
  Validate,
  ValidateIf,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { BACKUP_FREQUENCIES, type BackupFrequency, type SettingsSection, isValidDsn } from '@cda/shared';

@ValidatorConstraint({ name: 'dsn' })
class DsnConstraint implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && isValidDsn(value);
  }
  defaultMessage(): string {
    return 'DSN inválido: use o formato https://chave@servidor/123 do seu Sentry (ou compatível).';
  }
}

/** Partial updates: every field optional, each checked with a pt-BR message when present. */
const int = (min: number, max: number, label: string) =>
  function (target: object, key: string) {
    IsOptional()(target, key);
    Type(() => Number)(target, key);
    IsInt({ message: `${label} deve ser um número inteiro.` })(target, key);
    Min(min, { message: `${label} deve ser no mínimo ${min}.` })(target, key);
    Max(max, { message: `${label} deve ser no máximo ${max}.` })(target, key);
  };
const bool = (label: string) =>
  function (target: object, key: string) {
    IsOptional()(target, key);
    IsBoolean({ message: `${label} deve ser verdadeiro ou falso.` })(target, key);
  };
const text = (max: number, label: string) =>
  function (target: object, key: string) {
    IsOptional()(target, key);
    IsString({ message: `${label} deve ser um texto.` })(target, key);
    MaxLength(max, { message: `${label} pode ter no máximo ${max} caracteres.` })(target, key);
  };
const email = (label: string) =>
  function (target: object, key: string) {
    IsOptional()(target, key);
    IsEmail({}, { message: `${label}: informe um e-mail válido.` })(target, key);
  };

export class GeneralSettingsDto {
  @text(80, 'O nome do site') @MinLength(1, { message: 'Informe o nome do site.' }) siteName?: string;
  @email('E-mail do administrador') adminEmail?: string;
  @email('E-mail de suporte') supportEmail?: string;
  @int(1, 200, 'O tamanho máximo de arquivo (MB)') maxFileSizeMb?: number;
  @int(1, 100, 'O número máximo de arquivos por envio') maxFilesPerUpload?: number;
  @text(500, 'A descrição') description?: string;
  @bool('Modo de manutenção') maintenanceMode?: boolean;
  @bool('Cadastro habilitado') registrationEnabled?: boolean;
}

export class EmailSettingsDto {
  @text(253, 'O servidor SMTP') smtpHost?: string;
  @int(1, 65535, 'A porta SMTP') smtpPort?: number;
  @text(254, 'O usuário SMTP') smtpUser?: string;
  @text(500, 'A senha SMTP') smtpPassword?: string;
  @text(80, 'O nome do remetente') senderName?: string;
  @email('E-mail do remetente') senderEmail?: string;
  @bool('Notificações') notificationsEnabled?: boolean;
}

export class SecuritySettingsDto {
  @int(1, 720, 'O tempo de sessão (horas)') sessionTimeoutHours?: number;
  @int(1, 50, 'O número máximo de tentativas de login') maxLoginAttempts?: number;
  @int(6, 128, 'O tamanho mínimo de senha') minPasswordLength?: number;
  @bool('Exigir caracteres especiais') requireSpecialChars?: boolean;
  @int(10, 1_000_000, 'O limite de requisições por hora') apiRateLimitPerHour?: number;
  @int(1, 100_000, 'O limite de requisições por minuto de cada token de API') apiTokenRateLimitPerMinute?: number;
  @bool('CORS') corsEnabled?: boolean;
  @bool('Exigir autenticação em dois fatores dos administradores') requireAdmin2fa?: boolean;

  @IsOptional()
  @IsArray({ message: 'As origens permitidas devem ser uma lista.' })
  @ArrayMaxSize(50, { message: 'No máximo 50 origens permitidas.' })
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { each: true, message: 'Cada origem permitida deve ser uma URL (https://exemplo.com.br).' })
  allowedOrigins?: string[];
}

export class PaymentSettingsDto {
  @text(200, 'A chave pública do Mercado Pago') mercadoPagoPublicKey?: string;
  @text(300, 'O access token do Mercado Pago') mercadoPagoAccessToken?: string;
  @text(300, 'O segredo do webhook') mercadoPagoWebhookSecret?: string;
  @bool('PIX') pixEnabled?: boolean;
  @bool('Cartão') cardEnabled?: boolean;
  @bool('Boleto') boletoEnabled?: boolean;
}

export class SystemSettingsDto {
  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace'], { message: 'Nível de log inválido.' })
  logLevel?: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

  @int(1, 32, 'O máximo de análises simultâneas') maxConcurrentAnalyses?: number;
  @int(1, 7200, 'O tempo limite da análise (segundos)') analysisTimeoutSeconds?: number;
  @int(1, 1_000_000, 'O número de tokens por página') tokensPerPage?: number;

  @IsOptional()
  @IsIn(BACKUP_FREQUENCIES, { message: 'Frequência de backup inválida.' })
  backupFrequency?: BackupFrequency;

  @bool('Analytics') analyticsEnabled?: boolean;
  @bool('Relatório de erros') errorReportingEnabled?: boolean;
  @text(500, 'O DSN de relatório de erros')
  @ValidateIf((_o, v) => v !== '')
  @Validate(DsnConstraint)
  errorReportingDsn?: string;
  @bool('CDN') cdnEnabled?: boolean;
  @text(300, 'A URL da CDN')
  @ValidateIf((_o, v) => v !== '')
  @IsUrl({ require_protocol: true, protocols: ['https', 'http'], require_tld: false }, { message: 'URL da CDN: informe um endereço http(s) completo.' })
  cdnBaseUrl?: string;
}

export class SimulationSettingsDto {
  @int(0, 100, 'O percentual de entrada') entryPercent?: number;
  @int(1, 24, 'O número de meses da entrada') entryMonths?: number;

  @IsOptional()
  @IsIn(['gross', 'discounted'], { message: 'Base da entrada inválida.' })
  entryBase?: 'gross' | 'discounted';

  @int(0, 100, 'O teto de desconto geral') discountCapGeneral?: number;
  @int(0, 100, 'O teto de desconto para pequenos devedores') discountCapSmall?: number;
  @int(1, 600, 'O prazo máximo previdenciário') termCapSocialSecurity?: number;
  @int(1, 600, 'O prazo máximo geral') termCapGeneral?: number;
  @int(1, 600, 'O prazo máximo para pequenos devedores') termCapSmall?: number;
  @int(0, 100_000_000, 'A parcela mínima (centavos)') minimumInstallment?: number;
}

export const SETTINGS_DTOS: Record<SettingsSection, new () => object> = {
  general: GeneralSettingsDto,
  email: EmailSettingsDto,
  security: SecuritySettingsDto,
  payment: PaymentSettingsDto,
  system: SystemSettingsDto,
  simulation: SimulationSettingsDto,
};
