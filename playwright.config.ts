import { defineConfig } from '@playwright/test';

/**
 * End-to-end specs run the app through its web host (`npm run web`) in Debian's Chromium:
 * the Electron binary cannot be downloaded on these machines, and the web host serves the same
 * contract and the same renderer.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/output/test-results',
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // Two workers, each with its own web host on its own demo data (the worker-scoped fixture in
  // e2e/fixtures.ts): a spec file's tests run in order on one host, and no file relies on another.
  fullyParallel: false,
  workers: 2,
  // CI retries a failed spec once and reports it as flaky (a consistent failure still fails the run)
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
