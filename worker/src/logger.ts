import pino from 'pino';
import { loadConfig } from '@cda/shared';

export const logger = pino({ name: 'worker', level: loadConfig().logLevel });
export type Logger = typeof logger;
