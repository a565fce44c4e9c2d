/** The shell: every navigation entry opens its view with no console error; screenshots of each. */
import { expect, test } from './fixtures';

const NAV = ['Dashboard', 'Changes', 'Projects', 'Transactions', 'Buyers', 'Forensics', 'Satellite', 'Countries', 'Watchlist', 'Sync', 'Settings'];

test('walks every navigation entry without console errors', async ({ app }) => {
  const { page } = app;
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // the token left the address bar once the bridge read it
  expect(page.url()).not.toContain('token=');
  for (const label of NAV) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`#/${label.toLowerCase()}`));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await app.screenshot(`shell-${label.toLowerCase()}`);
  }
  await page.goBack();
  await expect(page).toHaveURL(/#\/sync/);
  await page.goForward();
  await expect(page).toHaveURL(/#\/settings/);
  expect(app.consoleErrors).toEqual([]);
});

test('a deep link opens its view directly', async ({ app, webHost }) => {
  await app.page.goto(`${webHost.url}#/countries`);
  await expect(app.page.getByRole('link', { name: 'Countries' })).toHaveClass(/active/);
});

test('a narrow window collapses the sidebar to its icons; every entry keeps its name', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1024, height: 700 });
  await app.goto('/projects');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const box = await nav.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(60);
  for (const label of NAV) await expect(nav.getByRole('link', { name: label })).toHaveAttribute('title', label);
  await nav.getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(/#\/transactions/);
  await app.screenshot('shell-narrow-1024');
  await page.setViewportSize({ width: 1440, height: 900 });
  expect((await nav.boundingBox())!.width).toBeGreaterThan(150);
});
