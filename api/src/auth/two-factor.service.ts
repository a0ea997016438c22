import { createHash, randomBytes } from 'node:crypto';
import { BadRequestException, Injectable, Logger, type OnModuleInit, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { authenticator } from 'otplib';
import * as QRCode from 'qrcode';
import {
  ADMIN_ROLES,
  AppConfig,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_CHALLENGE_MINUTES,
  TwoFactorSetup,
  TwoFactorStep,
  UserRole,
} from '@cda/shared';
import { SecretBox } from '../settings/secret-box';
import { SettingsService } from '../settings/settings.service';

const CHALLENGE_EXPIRED = 'A verificação expirou. Entre novamente com seu e-mail e senha.';
const NOTHING_TO_ENABLE = 'Gere o QR code antes de confirmar o código.';
/** 30 s steps (RFC 6238's default, what authenticator apps use); a code is accepted one step either side of now: phone clocks drift. */
const STEP_SECONDS = 30;
const totp = authenticator.clone({ step: STEP_SECONDS, window: 1 });

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** Recovery codes are typed by hand: compared without case, spaces or dashes. */
const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

interface ChallengeClaims {
  sub: string;
  ver: number;
  purpose: `2fa-${TwoFactorStep}`;
}

/**
 * TOTP (RFC 6238, otplib) for administrators: enrolment with a QR code (qrcode), recovery codes kept
 * hashed and spent once, a used code never accepted twice. Between the password and the code the
 * browser holds a short-lived challenge token that no route accepts as a session.
 */
@Injectable()
export class TwoFactorService implements OnModuleInit {
  private readonly logger = new Logger(TwoFactorService.name);
  private readonly box: SecretBox;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly jwt: JwtService,
    private readonly settings: SettingsService,
    config: ConfigService<AppConfig, true>,
  ) {
    // The previous keys open secrets sealed before a key rotation (SETTINGS_ENCRYPTION_KEY_PREVIOUS),
    // as for the settings; onModuleInit then re-seals them with the current key.
    this.box = new SecretBox(config.get('settingsKey', { infer: true }), config.get('settingsKeysPrevious', { infer: true }));
  }

  /** Key rotation: TOTP secrets sealed with a previous key are sealed again with the current one. */
  async onModuleInit(): Promise<void> {
    await this.resealStaleSecrets().catch((err) => this.logger.error({ err: (err as Error).message }, 'TOTP secrets could not be re-sealed'));
  }

  async resealStaleSecrets(): Promise<number> {
    let resealed = 0;
    const rows = (await this.db.query(`SELECT id, totp_secret, totp_pending_secret FROM users WHERE totp_secret IS NOT NULL OR totp_pending_secret IS NOT NULL`)) as Array<{ id: string; totp_secret: string | null; totp_pending_secret: string | null }>;
    for (const row of rows) {
      for (const column of ['totp_secret', 'totp_pending_secret'] as const) {
        const stored = row[column];
        if (!stored) continue;
        let stale: boolean;
        try {
          stale = this.box.isStale(stored);
        } catch {
          this.logger.error({ userId: row.id, column }, 'TOTP secret sealed with an unknown key: the administrator must enrol again');
          continue;
        }
        if (!stale) continue;
        // Written only if unchanged meanwhile (several API instances may start together).
        const res = (await this.db.query(`UPDATE users SET ${column} = $2 WHERE id = $1 AND ${column} = $3`, [row.id, this.box.seal(this.box.open(stored)), stored])) as [unknown, number];
        if (res[1]) resealed++;
      }
    }
    if (resealed) this.logger.log({ resealed }, 'TOTP secrets re-sealed with the current key');
    return resealed;
  }

  /** The second step this login needs, or null: admins and roots with 2FA enrolled, or required by the settings. */
  async stepFor(user: { id: string; role: UserRole }): Promise<TwoFactorStep | null> {
    if (!ADMIN_ROLES.includes(user.role)) return null;
    if (await this.enrolled(user.id)) return 'verify';
    return (await this.settings.get('security')).requireAdmin2fa ? 'enroll' : null;
  }

  async enrolled(userId: string): Promise<boolean> {
    const [row] = await this.db.query(`SELECT totp_enabled_at FROM users WHERE id = $1`, [userId]);
    return !!row?.totp_enabled_at;
  }

  challenge(user: { id: string; sessionVersion?: number | null }, step: TwoFactorStep): Promise<string> {
    const claims: ChallengeClaims = { sub: user.id, ver: user.sessionVersion ?? 0, purpose: `2fa-${step}` };
    return this.jwt.signAsync(claims, { expiresIn: TWO_FACTOR_CHALLENGE_MINUTES * 60 });
  }

  /** The user a challenge was issued to, if it is valid for this step and their sessions are unchanged. */
  async userOf(challenge: string, step: TwoFactorStep): Promise<string> {
    let claims: ChallengeClaims;
    try {
      claims = await this.jwt.verifyAsync<ChallengeClaims>(challenge, { algorithms: ['HS256'] });
    } catch {
      throw new UnauthorizedException(CHALLENGE_EXPIRED);
    }
    if (claims.purpose !== `2fa-${step}`) throw new UnauthorizedException(CHALLENGE_EXPIRED);
    const [row] = await this.db.query(`SELECT session_version FROM users WHERE id = $1 AND deleted_at IS NULL AND status <> 'suspended'`, [claims.sub]);
    if (!row || (row.session_version ?? 0) !== claims.ver) throw new UnauthorizedException(CHALLENGE_EXPIRED);
    return claims.sub;
  }

  /** A new secret, kept pending until a code from it is confirmed; shown as a QR code and as text. */
  async setup(userId: string): Promise<TwoFactorSetup> {
    const [user] = await this.db.query(`SELECT email FROM users WHERE id = $1`, [userId]);
    const { siteName } = await this.settings.get('general');
    const secret = totp.generateSecret(20); // 160 bits, RFC 4226's recommendation
    await this.db.query(`UPDATE users SET totp_pending_secret = $2 WHERE id = $1`, [userId, this.box.seal(secret)]);
    const otpauthUrl = totp.keyuri(user.email, siteName, secret);
    const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
    return { secret, otpauthUrl, qrDataUrl };
  }

  /** Confirms the pending secret with a code from it; answers the recovery codes (shown once). */
  async enable(userId: string, code: string): Promise<string[] | null> {
    const [row] = await this.db.query(`SELECT totp_pending_secret FROM users WHERE id = $1`, [userId]);
    if (!row?.totp_pending_secret) throw new BadRequestException(NOTHING_TO_ENABLE);
    const secret = this.box.open(row.totp_pending_secret);
    const step = await this.totpStep(secret, code);
    if (step === null) return null;
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
      const raw = randomBytes(5).toString('hex');
      return `${raw.slice(0, 5)}-${raw.slice(5)}`;
    });
    await this.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled_at = now(), totp_last_step = $2 WHERE id = $1`,
        [userId, step],
      );
      await tx.query(`DELETE FROM recovery_codes WHERE user_id = $1`, [userId]);
      await tx.query(
        `INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])`,
        [userId, codes.map((c) => sha256(normaliseRecovery(c)))],
      );
    });
    this.logger.log({ userId }, 'two-factor authentication enabled');
    return codes;
  }

  /**
   * A code from the app (never one already used: the step is recorded under a row lock) or an unused
   * recovery code (spent now). False when neither.
   */
  async verify(userId: string, code: string): Promise<boolean> {
    const digits = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(digits)) {
      return this.db.transaction(async (tx) => {
        const [row] = await tx.query(`SELECT totp_secret, totp_last_step FROM users WHERE id = $1 FOR UPDATE`, [userId]);
        if (!row?.totp_secret) return false;
        const step = await this.totpStep(this.box.open(row.totp_secret), digits);
        if (step === null || (row.totp_last_step !== null && step <= Number(row.totp_last_step))) return false;
        await tx.query(`UPDATE users SET totp_last_step = $2 WHERE id = $1`, [userId, step]);
        return true;
      });
    }
    const [spent] = (await this.db.query(
      `UPDATE recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`,
      [userId, sha256(normaliseRecovery(code))],
    ))[0] as unknown[];
    if (spent) this.logger.warn({ userId }, 'recovery code used for two-factor login');
    return !!spent;
  }

  /** The time step a 6-digit code belongs to, or null when it matches none within the tolerance. */
  private async totpStep(secret: string, code: string): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null;
    // One clock reading for the match and for its step: read twice, a step boundary falling between the two
    // records the wrong step, and a spent code then passes once more (seen in CI).
    const now = Date.now();
    const delta = totp.clone({ epoch: now }).checkDelta(code, secret);
    return delta === null ? null : Math.floor(now / 1000 / STEP_SECONDS) + delta;
  }
}
