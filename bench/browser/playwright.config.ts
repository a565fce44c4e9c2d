import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/** The browser benchmark (index.ts runs it): the end-to-end setup, its own specs, time for a default-scale first sync. */
export default defineConfig({
  ...base,
  testDir: __dirname,
  testMatch: '*.spec.ts',
  outputDir: '../../e2e/output/bench-results',
  timeout: 30 * 60_000,
  retries: 0,
});
