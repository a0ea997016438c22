import 'reflect-metadata';
import { ConfigService } from '@nestjs/config';
import { PUBLISHED_SECRETS, loadConfig } from '@cda/shared';
import { createApp } from './bootstrap';
import { migrate } from './database/migrate';

async function main() {
  // loadConfig refuses published secrets in production; elsewhere the operator is at least told.
  const config = loadConfig();
  for (const [name, value] of [['JWT_SECRET', config.jwt.secret], ['SETTINGS_ENCRYPTION_KEY', config.settingsKey]]) {
    if (PUBLISHED_SECRETS.includes(value)) {
      // eslint-disable-next-line no-console
      console.error(JSON.stringify({ level: 'warn', msg: `${name} is the public development default: anyone can forge sessions or read sealed settings. npm start generates one; set it outside development.` }));
    }
  }
  await migrate(config.databaseUrl);
  const app = await createApp();
  const port = app.get(ConfigService).get<number>('port');
  await app.listen(port ?? 3000, '0.0.0.0');

  // Our own handlers rather than Nest's shutdown hooks, which re-raise the signal after closing:
  // an orchestrator should see a clean exit 0 once requests have drained and sockets are closed.
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err) => {
  // eslint-disable-next-line no-console
  console.error(JSON.stringify({ level: 'fatal', msg: 'api failed to start', err: String(err?.stack ?? err) }));
  process.exit(1);
});
