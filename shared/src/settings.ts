import { DEFAULT_SIMULATION_SETTINGS, SimulationSettings } from './simulation/types';

/**
 * Admin-controlled settings, persisted server-side (one row per section). Defaults live here so the
 * API, the worker and the admin screen agree. Secret fields are write-only through the API.
 */
export interface GeneralSettings {
  siteName: string;
  adminEmail: string;
  supportEmail: string;
  maxFileSizeMb: number;
  maxFilesPerUpload: number;
  description: string;
  maintenanceMode: boolean;
  registrationEnabled: boolean;
}

export interface EmailSettings {
  smtpHost: string;
  smtpPort: number;
  smtpUser: string;
  smtpPassword: string;
  senderName: string;
  senderEmail: string;
  notificationsEnabled: boolean;
}

export interface SecuritySettings {
  sessionTimeoutHours: number;
  maxLoginAttempts: number;
  minPasswordLength: number;
  requireSpecialChars: boolean;
  apiRateLimitPerHour: number;
  /** Requests per minute allowed to each personal API token (RateLimit-* headers, 429 beyond). */
  apiTokenRateLimitPerMinute: number;
  corsEnabled: boolean;
  allowedOrigins: string[];
  /**
   * Two-factor authentication (TOTP) required of every admin and root: one without it enrolled is
   * sent to enrolment after the password; sessions opened without the second factor end.
   */
  requireAdmin2fa: boolean;
}

export interface PaymentSettings {
  mercadoPagoPublicKey: string;
  mercadoPagoAccessToken: string;
  mercadoPagoWebhookSecret: string;
  pixEnabled: boolean;
  cardEnabled: boolean;
  /**
   * Not offered and not shown: the checkout has no boleto flow (Mercado Pago's needs the payer's full
   * address and a pending period of days). Kept so rows saved with it stay valid; the API reports it off.
   */
  boletoEnabled: boolean;
}

export const BACKUP_FREQUENCIES = ['off', 'hourly', 'daily', 'weekly', 'monthly'] as const;
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];

export interface SystemSettings {
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
  maxConcurrentAnalyses: number;
  analysisTimeoutSeconds: number;
  tokensPerPage: number;
  /** Automatic pg_dump to object storage. */
  backupFrequency: BackupFrequency;
  /** Privacy-friendly usage events (telemetry.ts: no personal data) kept in our database, shown in Relatórios. */
  analyticsEnabled: boolean;
  /** Server and browser errors sent to `errorReportingDsn` (a Sentry-compatible DSN); on only with one. */
  errorReportingEnabled: boolean;
  errorReportingDsn: string;
  /** The built front end's static files (/assets/…) loaded from `cdnBaseUrl`; on only with one. */
  cdnEnabled: boolean;
  cdnBaseUrl: string;
}

export interface Settings {
  general: GeneralSettings;
  email: EmailSettings;
  security: SecuritySettings;
  payment: PaymentSettings;
  system: SystemSettings;
  /** The current edital's rules for the transação simulation. */
  simulation: SimulationSettings;
}

export type SettingsSection = keyof Settings;
export const SETTINGS_SECTIONS: readonly SettingsSection[] = ['general', 'email', 'security', 'payment', 'system', 'simulation'];

export const DEFAULT_SETTINGS: Settings = {
  general: {
    siteName: 'CDA Extractor',
    adminEmail: 'admin@cda.local',
    supportEmail: 'suporte@cda.local',
    maxFileSizeMb: 50,
    maxFilesPerUpload: 10,
    description: 'Extração de dados de Certidões de Dívida Ativa e simulação de transação tributária.',
    maintenanceMode: false,
    registrationEnabled: true,
  },
  email: {
    smtpHost: '',
    smtpPort: 587,
    smtpUser: '',
    smtpPassword: '',
    senderName: 'CDA Extractor',
    senderEmail: 'nao-responda@cda.local',
    notificationsEnabled: true,
  },
  security: {
    sessionTimeoutHours: 24,
    maxLoginAttempts: 5,
    minPasswordLength: 6,
    requireSpecialChars: false,
    apiRateLimitPerHour: 1000,
    apiTokenRateLimitPerMinute: 120,
    corsEnabled: false,
    allowedOrigins: [],
    requireAdmin2fa: false,
  },
  payment: {
    mercadoPagoPublicKey: '',
    mercadoPagoAccessToken: '',
    mercadoPagoWebhookSecret: '',
    pixEnabled: true,
    cardEnabled: true,
    boletoEnabled: false,
  },
  system: {
    logLevel: 'info',
    maxConcurrentAnalyses: 2,
    analysisTimeoutSeconds: 300,
    tokensPerPage: 1000,
    backupFrequency: 'daily',
    analyticsEnabled: true,
    errorReportingEnabled: false,
    errorReportingDsn: '',
    cdnEnabled: false,
    cdnBaseUrl: '',
  },
  simulation: DEFAULT_SIMULATION_SETTINGS,
};

/** Fields never sent back to a browser once saved; the API answers `configurado` instead. */
export const SECRET_SETTINGS: { [S in SettingsSection]?: (keyof Settings[S])[] } = {
  email: ['smtpPassword'],
  payment: ['mercadoPagoAccessToken', 'mercadoPagoWebhookSecret'],
};
