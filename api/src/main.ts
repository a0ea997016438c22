import 'reflect-metadata';
import { ConfigService } from '@nestjs/config';
import { loadConfig } from '@cda/shared';
import { createApp } from './bootstrap';
import { migrate } from './database/migrate';

async function main() {
  await migrate(loadConfig().databaseUrl);
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
