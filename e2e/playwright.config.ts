import { defineConfig } from '@playwright/test';

/**
 * Browser and black-box API tests against the real server, started by global setup on a
 * generated demo library with a fresh SQLite database. Chromium is Debian's.
 */
const port = Number(process.env.E2E_PORT || 8931);

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  globalSetup: './global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
    // The service worker would answer page loads and assets from its cache between specs; only the
    // offline spec (tests/offline.spec.ts) lets it run.
    serviceWorkers: 'block',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
