/** The shell: every navigation entry opens its view with no console error; screenshots of each. */
import { expect, test } from './fixtures';

const NAV = ['Dashboard', 'Projects', 'Transactions', 'Buyers', 'Forensics', 'Satellite', 'Countries', 'Sync', 'Settings'];

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
