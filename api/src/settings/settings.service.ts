import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import Redis from 'ioredis';
import {
  AppConfig,
  DEFAULT_SETTINGS,
  DEV_SETTINGS_KEY,
  CHANNELS,
  SECRET_SETTINGS,
  Settings,
  SettingsSection,
  publish,
  redisOptionsFromUrl,
} from '@cda/shared';
import { listen, type StopListening } from '../common/channel-listener';
import { Setting } from './setting.entity';
import { SecretBox } from './secret-box';
import { AuditService } from '../audit/audit.service';
import type { SettingsReader } from '../common/settings-reader';

export const SECRET_PLACEHOLDER = 'configurado';

/**
 * Settings are read on hot paths (every request checks maintenance mode), so each instance caches
 * them and drops the cache when any instance announces a change on Redis.
 */
@Injectable()
export class SettingsService implements SettingsReader, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SettingsService.name);
  private cache = new Map<SettingsSection, unknown>();
  /** Bumped on every change: a read that a change overtook must not cache the older value it read. */
  private readonly generation = new Map<SettingsSection, number>();
  private stopListening?: StopListening;
  private publisher?: Redis;
  private readonly box: SecretBox;
  private readonly listeners: ((section: SettingsSection) => void)[] = [];

  constructor(
    @InjectRepository(Setting) private readonly repo: Repository<Setting>,
    private readonly config: ConfigService<AppConfig, true>,
    private readonly audit: AuditService,
  ) {
    // The development default is always tried last: values saved before `npm start` generated a key
    // of its own are read once more and re-sealed with the new key (resealStaleSecrets).
    this.box = new SecretBox(config.get('settingsKey', { infer: true }), [...config.get('settingsKeysPrevious', { infer: true }), DEV_SETTINGS_KEY]);
  }

  /** Called on this instance whenever any instance changes a section (e.g. to apply the log level). */
  onChange(listener: (section: SettingsSection) => void): void {
    this.listeners.push(listener);
  }

  private changed(section: SettingsSection): void {
    this.generation.set(section, (this.generation.get(section) ?? 0) + 1);
    this.cache.delete(section);
    for (const l of this.listeners) l(section);
  }

  async onModuleInit(): Promise<void> {
    const opts = redisOptionsFromUrl(this.config.get('redisUrl', { infer: true }));
    this.publisher = new Redis(opts);
    this.stopListening = await listen(this.config.get('redisUrl', { infer: true }), CHANNELS.settingsChanged, {
      onMessage: (section) => this.changed(section),
      onError: (err) => this.logger.warn({ err: err.message }, 'settings change not applied'),
      onMalformed: (raw) => this.logger.warn({ raw }, 'ignored unknown settings section'),
    });
    await this.resealStaleSecrets();
  }

  /**
   * Key rotation: every secret still sealed with a previous key (or stored in the clear) is sealed
   * again with the current key. Each row is written only if nobody changed it meanwhile, so API
   * instances starting together do not overwrite each other or a concurrent admin save.
   */
  async resealStaleSecrets(): Promise<number> {
    let resealed = 0;
    for (const row of await this.repo.find()) {
      const value = { ...row.value };
      const keys = secretKeys(row.section as SettingsSection).filter((k) => typeof value[k] === 'string' && this.isStale(row.section, k, value[k] as string));
      if (!keys.length) continue;
      for (const k of keys) value[k] = this.box.seal(this.box.open(value[k] as string));
      const [, count] = (await this.repo.query(`UPDATE settings SET value = $2 WHERE section = $1 AND value = $3::jsonb`, [
        row.section,
        JSON.stringify(value),
        JSON.stringify(row.value),
      ])) as [unknown, number];
      if (count) resealed += keys.length;
      this.logger.log({ section: row.section, fields: keys, written: count > 0 }, 'secret settings re-sealed with the current key');
    }
    return resealed;
  }

  /** Stale = sealed with an older key; a value no key opens is reported (and left as it is). */
  private isStale(section: string, key: string, stored: string): boolean {
    try {
      return this.box.isStale(stored);
    } catch (err) {
      this.logger.error({ section, field: key, err: (err as Error).message }, 'secret setting cannot be decrypted; enter it again in the admin settings');
      return false;
    }
  }

  private open(section: SettingsSection, key: string, stored: string): string {
    try {
      return this.box.open(stored);
    } catch (err) {
      // A lost key must not take every request that reads this section down: the secret reads as
      // unset (the environment's value applies) until an admin saves it again.
      this.logger.error({ section, field: key, err: (err as Error).message }, 'secret setting cannot be decrypted; enter it again in the admin settings');
      return '';
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([this.stopListening?.(), this.publisher?.quit()]);
  }

  async get<S extends SettingsSection>(section: S): Promise<Settings[S]> {
    const cached = this.cache.get(section);
    if (cached) return cached as Settings[S];
    const generation = this.generation.get(section) ?? 0;
    const row = await this.repo.findOne({ where: { section } });
    const stored = { ...(row?.value ?? {}) };
    for (const k of secretKeys(section)) if (typeof stored[k] === 'string') stored[k] = this.open(section, k, stored[k] as string);
    // Stored values are merged over the defaults so a setting added later has its default at once.
    const value = { ...DEFAULT_SETTINGS[section], ...stored } as Settings[S];
    if ((this.generation.get(section) ?? 0) === generation) this.cache.set(section, value);
    return value;
  }

  /** Whether an admin ever saved this key: until then the environment's value (e.g. LOG_LEVEL) stands. */
  async isSaved(section: SettingsSection, key: string): Promise<boolean> {
    const row = await this.repo.findOne({ where: { section } });
    return row !== null && key in row.value;
  }

  /**
   * Partial update; secret fields left empty or equal to the placeholder keep their stored value,
   * and a secret sent as null is removed (the environment's value, if any, applies again).
   */
  async update<S extends SettingsSection>(section: S, patch: Partial<Settings[S]>, userId: string | null): Promise<Settings[S]> {
    const current = await this.get(section);
    const secrets = secretKeys(section);
    const clean = Object.fromEntries(
      Object.entries(patch)
        .filter(([k, v]) => v !== undefined && !(secrets.includes(k) && (v === '' || v === SECRET_PLACEHOLDER)))
        .map(([k, v]) => [k, v === null && secrets.includes(k) ? '' : v]),
    );
    const value = { ...current, ...clean } as Settings[S];
    const toStore: Record<string, unknown> = { ...value };
    for (const k of secrets) if (typeof toStore[k] === 'string') toStore[k] = this.box.seal(toStore[k] as string);
    // Raw SQL: TypeORM's upsert typing cannot express a jsonb column holding an object.
    await this.repo.query(
      `INSERT INTO settings (section, value, updated_by, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (section) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [section, JSON.stringify(toStore), userId],
    );
    // Keys only: secret values never reach the audit log or the logs.
    await this.audit.record(userId, 'settings.update', section, { keys: Object.keys(clean) });
    this.changed(section);
    if (this.publisher) await publish(this.publisher, CHANNELS.settingsChanged, section);
    this.logger.log({ section, by: userId, fields: Object.keys(clean) }, 'settings updated');
    return value;
  }

  /** Seals a secret kept outside the admin sections (e.g. the Web Push private key) with the settings key. */
  seal(plain: string): string {
    return this.box.seal(plain);
  }

  unseal(stored: string): string {
    return this.box.open(stored);
  }

  /** What a browser may see: secrets become `configurado` (or empty when unset). */
  async getMasked<S extends SettingsSection>(section: S): Promise<Settings[S]> {
    const value = { ...(await this.get(section)) } as unknown as Record<string, unknown>;
    for (const k of secretKeys(section)) value[k] = value[k] ? SECRET_PLACEHOLDER : '';
    return value as unknown as Settings[S];
  }
}

function secretKeys(section: SettingsSection): string[] {
  return (SECRET_SETTINGS[section] ?? []) as string[];
}
