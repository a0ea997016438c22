import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import Redis from 'ioredis';
import webpush from 'web-push';
import { AnalysisStatus, AnalysisStatusMessage, AppConfig, CHANNELS, redisOptionsFromUrl, rooms } from '@cda/shared';
import { listen, type StopListening } from '../common/channel-listener';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { SettingsService } from '../settings/settings.service';

/** The settings row holding the VAPID key pair (not an admin section: never shown, never edited). */
const VAPID_ROW = 'webpush';

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushPayload {
  title: string;
  body: string;
  /** Opened when the notification is clicked. */
  url: string;
  /** Same tag, one notification: a second tab or device replaces rather than repeats it. */
  tag: string;
}

/**
 * "Push quando uma análise termina" when no tab is open: Web Push (VAPID, through `web-push`) to every
 * browser the user subscribed. While a tab of the user is connected over socket.io, the tab itself
 * shows the notification (Notification API) and nothing is pushed. The VAPID keys are generated once
 * and kept in the settings table (the private key sealed like the other secrets). Every API instance
 * hears the worker's message; a Redis key makes only one of them push.
 */
@Injectable()
export class PushService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(PushService.name);
  private stopListening?: StopListening;
  private redis?: Redis;
  private keys?: Promise<{ publicKey: string; privateKey: string }>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: ConfigService<AppConfig, true>,
    private readonly settings: SettingsService,
    private readonly realtime: RealtimeGateway,
  ) {}

  async onModuleInit(): Promise<void> {
    const options = redisOptionsFromUrl(this.config.get('redisUrl', { infer: true }));
    this.redis = new Redis(options);
    this.stopListening = await listen(this.config.get('redisUrl', { infer: true }), CHANNELS.analysisStatus, {
      onMessage: async (msg) => void (await this.onAnalysisStatus(msg)),
      onError: (err) => this.logger.error({ err: err.message }, 'analysis push failed'),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([this.stopListening?.(), this.redis?.quit()]);
  }

  /** The key pair, generated and stored by the first instance that needs it (a race keeps the first row). */
  vapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
    this.keys ??= (async () => {
      const fresh = webpush.generateVAPIDKeys();
      await this.db.query(`INSERT INTO settings (section, value, updated_at) VALUES ($1, $2, now()) ON CONFLICT (section) DO NOTHING`, [
        VAPID_ROW,
        JSON.stringify({ publicKey: fresh.publicKey, privateKey: this.settings.seal(fresh.privateKey) }),
      ]);
      const [row] = (await this.db.query(`SELECT value FROM settings WHERE section = $1`, [VAPID_ROW])) as { value: { publicKey: string; privateKey: string } }[];
      return { publicKey: row.value.publicKey, privateKey: this.settings.unseal(row.value.privateKey) };
    })().catch((err) => {
      this.keys = undefined;
      throw err;
    });
    return this.keys;
  }

  async subscribe(userId: string, sub: PushSubscriptionInput): Promise<void> {
    // An endpoint belongs to one browser profile: signing in as someone else there moves it.
    await this.db.query(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
       ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth`,
      [userId, sub.endpoint, sub.keys.p256dh, sub.keys.auth],
    );
  }

  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.db.query(`DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2`, [userId, endpoint]);
  }

  /** Whether the user has a tab open now (any API instance: the socket.io Redis adapter asks them all). */
  private async hasOpenTab(userId: string): Promise<boolean> {
    if (!this.realtime.server) return false;
    return (await this.realtime.server.in(rooms.user(userId)).fetchSockets()).length > 0;
  }

  /** Returns how many browsers were pushed to (exposed for tests). */
  async onAnalysisStatus(msg: AnalysisStatusMessage): Promise<number> {
    if (msg.status === AnalysisStatus.Processing) return 0;
    const [user] = (await this.db.query(`SELECT notification_prefs FROM users WHERE id = $1 AND deleted_at IS NULL`, [msg.userId])) as {
      notification_prefs: { pushAnalysis?: boolean };
    }[];
    if (!user || user.notification_prefs?.pushAnalysis === false) return 0;
    if (await this.hasOpenTab(msg.userId)) return 0;
    const once = await this.redis!.set(`${this.config.get('queuePrefix', { infer: true })}:push:analysis:${msg.id}`, '1', 'EX', 86400, 'NX');
    if (once !== 'OK') return 0;
    const done = msg.status === AnalysisStatus.Done;
    return this.sendToUser(msg.userId, {
      title: done ? 'Análise concluída' : 'Análise com erro',
      body: done ? 'Suas planilhas estão prontas para baixar.' : 'A análise não pôde ser concluída; os tokens foram estornados.',
      url: `/history/${msg.id}`,
      tag: `analysis-${msg.id}`,
    });
  }

  /** Sends to every subscription of the user; a subscription the push service says is gone (404/410) is deleted. */
  async sendToUser(userId: string, payload: PushPayload): Promise<number> {
    const subs = (await this.db.query(`SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = $1`, [userId])) as {
      id: string;
      endpoint: string;
      p256dh: string;
      auth: string;
    }[];
    if (!subs.length) return 0;
    const { publicKey, privateKey } = await this.vapidKeys();
    const subject = `mailto:${(await this.settings.get('general')).supportEmail}`;
    let sent = 0;
    for (const s of subs) {
      try {
        await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(payload), {
          vapidDetails: { subject, publicKey, privateKey },
          TTL: 24 * 3600,
          timeout: 10_000,
        });
        await this.db.query(`UPDATE push_subscriptions SET last_sent_at = now() WHERE id = $1`, [s.id]);
        sent++;
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) await this.db.query(`DELETE FROM push_subscriptions WHERE id = $1`, [s.id]);
        else this.logger.warn({ userId, status, err: (err as Error).message }, 'web push not delivered');
      }
    }
    return sent;
  }
}
