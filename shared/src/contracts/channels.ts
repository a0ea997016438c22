import { ANALYSIS_STATUSES, AnalysisStatus } from '../analysis';
import { SETTINGS_SECTIONS, SettingsSection } from '../settings';

/** The browser event of an analysis' progress (socket `analysis:status`). */
export interface AnalysisStatusEvent {
  id: string;
  status: AnalysisStatus;
  processedFiles: number;
  totalFiles: number;
  error?: string;
}

/** What a worker (or the API) publishes: the browser event plus the room it is for. */
export interface AnalysisStatusMessage extends AnalysisStatusEvent {
  userId: string;
}

/** Redis pub/sub channels, each with the one message type it carries. */
export const CHANNELS = {
  /** Workers publish each analysis' progress; every API instance relays it to the owner's sockets and mails the end. */
  analysisStatus: 'cda:analysis-status',
  /** A settings section changed: every API instance and worker reloads it. */
  settingsChanged: 'cda:settings-changed',
} as const;
export type ChannelName = (typeof CHANNELS)[keyof typeof CHANNELS];

export interface ChannelMessages {
  'cda:analysis-status': AnalysisStatusMessage;
  'cda:settings-changed': SettingsSection;
}
export type ChannelMessage<C extends ChannelName> = ChannelMessages[C];

/** @deprecated names kept for readers; prefer `CHANNELS`. */
export const STATUS_CHANNEL = CHANNELS.analysisStatus;
export const SETTINGS_CHANNEL = CHANNELS.settingsChanged;

/**
 * How each channel's message travels as text and is read back. Reading checks the shape, so a
 * message from another release (or anything else published there) is dropped instead of trusted.
 */
const CODECS: { [C in ChannelName]: { encode(m: ChannelMessage<C>): string; decode(raw: string): ChannelMessage<C> | null } } = {
  'cda:analysis-status': {
    encode: (m) => JSON.stringify(m),
    decode: (raw) => {
      const m: unknown = parseJson(raw);
      if (typeof m !== 'object' || m === null) return null;
      const [id, userId, status, processedFiles, totalFiles, error] = ['id', 'userId', 'status', 'processedFiles', 'totalFiles', 'error'].map(
        (k): unknown => Reflect.get(m, k),
      );
      if (typeof id !== 'string' || typeof userId !== 'string' || typeof processedFiles !== 'number' || typeof totalFiles !== 'number') return null;
      const code = ANALYSIS_STATUSES.find((s) => s === status);
      if (!code || (error !== undefined && typeof error !== 'string')) return null;
      return { id, userId, status: code, processedFiles, totalFiles, ...(typeof error === 'string' ? { error } : {}) };
    },
  },
  // A bare section name, as every release so far has sent it.
  'cda:settings-changed': {
    encode: (s) => s,
    decode: (raw) => SETTINGS_SECTIONS.find((s) => s === raw) ?? null,
  },
};

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function encodeMessage<C extends ChannelName>(channel: C, message: ChannelMessage<C>): string {
  const codec: { encode(m: ChannelMessage<C>): string } = CODECS[channel];
  return codec.encode(message);
}

/** The message, or null when the text is not one of this channel's messages. */
export function decodeMessage<C extends ChannelName>(channel: C, raw: string): ChannelMessage<C> | null {
  const codec: { decode(raw: string): ChannelMessage<C> | null } = CODECS[channel];
  return codec.decode(raw);
}

/** What publishing needs of a Redis connection (ioredis' `Redis` is one). */
export interface RedisPublisher {
  publish(channel: string, message: string): Promise<unknown>;
}

/** What subscribing needs of a Redis connection (ioredis' `Redis` is one); it must not be used for commands after. */
export interface RedisSubscriber {
  readonly status: string;
  subscribe(...channels: string[]): Promise<unknown>;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  once(event: 'ready', listener: () => void): unknown;
}

export async function publish<C extends ChannelName>(redis: RedisPublisher, channel: C, message: ChannelMessage<C>): Promise<void> {
  await redis.publish(channel, encodeMessage(channel, message));
}

export interface Subscription<C extends ChannelName> {
  /** Called with each valid message; a rejected promise goes to `onError`. */
  onMessage(message: ChannelMessage<C>): void | Promise<void>;
  /** The handler failed. */
  onError?(err: Error): void;
  /**
   * Something on the channel that is not one of its messages (another release's format, a stray
   * publish): it is dropped, and shown here (its first 200 characters) to whoever wants to log it.
   */
  onMalformed?(raw: string): void;
}

/**
 * Subscribes `redis` to `channel` once it is ready: subscribing before the connection is ready makes
 * ioredis' ready check fail in subscriber mode. Messages of other channels on the same connection
 * are left to their own subscriptions.
 */
export async function subscribe<C extends ChannelName>(redis: RedisSubscriber, channel: C, sub: Subscription<C>): Promise<void> {
  redis.on('message', (from, raw) => {
    if (from !== channel) return;
    const message = decodeMessage(channel, raw);
    if (message === null) {
      sub.onMalformed?.(raw.slice(0, 200));
      return;
    }
    try {
      Promise.resolve(sub.onMessage(message)).catch((err: unknown) => sub.onError?.(err instanceof Error ? err : new Error(String(err))));
    } catch (err) {
      sub.onError?.(err instanceof Error ? err : new Error(String(err)));
    }
  });
  if (redis.status !== 'ready') await new Promise<void>((resolve) => redis.once('ready', resolve));
  await redis.subscribe(channel);
}
