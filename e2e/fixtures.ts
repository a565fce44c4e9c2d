/**
 * Fixtures: one web host per worker on the built-in demo data (`webHost`), and `app`: a page
 * opened at the host's URL that records console errors and failed requests.
 */
import { test as base, expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { type RunningWebHost, startWebHostProcess } from './web-host';

export const SCREENSHOT_DIR = path.resolve(__dirname, 'output/screenshots');

export interface AppPage {
  page: Page;
  consoleErrors: string[];
  /** Navigates inside the app by hash route, e.g. '/projects?registry=verra'. */
  goto(route: string): Promise<void>;
  screenshot(name: string): Promise<string>;
  /** Calls a contract method directly (same token), to compare what the UI shows. */
  call<T = unknown>(method: string, input?: unknown): Promise<T>;
}

export const test = base.extend<{ app: AppPage }, { webHost: RunningWebHost }>({
  webHost: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the destructuring pattern
    async ({}, use) => {
      const host = await startWebHostProcess();
      await use(host);
      await host.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  app: async ({ page, webHost }, use) => {
    const consoleErrors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text());
    });
    page.on('pageerror', (err) => consoleErrors.push(`pageerror: ${err.message} ${err.stack}`));
    await page.goto(webHost.url);
    // wait until the router has made its first redirect (/ -> /dashboard), so a hash set by a
    // spec afterwards is not replaced by it
    await page.waitForURL(/#\/dashboard/);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const app: AppPage = {
      page,
      consoleErrors,
      async goto(route) {
        await page.evaluate(`window.location.hash = ${JSON.stringify(`#${route}`)}`);
      },
      async screenshot(name) {
        fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
        const file = path.join(SCREENSHOT_DIR, `${name}.png`);
        // CSS transitions finished first: a progress bar's width is drawn where it is going, not caught mid-way.
        await page.screenshot({ path: file, fullPage: false, animations: 'disabled' });
        return file;
      },
      async call(method, input = {}) {
        const res = await page.request.post(`${webHost.origin}/rpc/${method}`, {
          headers: { Authorization: `Bearer ${webHost.token}`, 'Content-Type': 'application/json' },
          data: input,
        });
        const body = (await res.json()) as { result?: unknown; error?: { code: string; message: string } };
        if (body.error) throw new Error(`${method}: ${body.error.code}: ${body.error.message}`);
        return body.result as never;
      },
    };
    await use(app);
  },
});

export { expect };
