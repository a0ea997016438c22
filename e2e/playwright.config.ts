import { defineConfig } from '@playwright/test';

// E2E_PORT_OFFSET lets two runs share a machine (e.g. a developer's and CI's).
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const E2E_PORTS = { api: 3310 + offset, web: 5310 + offset, s3: 9310 + offset, mailSmtp: 2310 + offset, mailWeb: 2410 + offset };

/** Debian's Chromium, never a downloaded browser; flags keep it off the (closed) network. */
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.e2e\.ts$/,
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  globalSetup: require.resolve('./global-setup'),
  use: {
    baseURL: process.env.E2E_BASE_URL ?? `http://localhost:${E2E_PORTS.web}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
