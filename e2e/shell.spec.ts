/** The shell: every navigation entry opens its view with no console error; screenshots of each. */
import { expect, test } from './fixtures';

const NAV = ['Dashboard', 'Changes', 'Projects', 'Transactions', 'Buyers', 'Forensics', 'Satellite', 'Countries', 'Watchlist', 'Portfolio', 'Sync', 'Settings'];

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

test('at 1024 the sidebar keeps its names and the connection its state; narrower, icons whose names show on hover and focus', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1024, height: 700 });
  await app.goto('/projects');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const box = (await nav.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(160);
  // every name is drawn, whole, beside its icon
  for (const label of NAV) {
    const text = nav.getByRole('link', { name: label }).locator('.nav-label');
    await expect(text).toBeVisible();
    const b = (await text.boundingBox())!;
    expect(b.width, label).toBeGreaterThan(20);
    expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `${label} is cut`).toBe(true);
  }
  await expect(page.getByTestId('connection-badge').locator('.conn-state')).toBeVisible();
  await nav.getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(/#\/transactions/);
  await app.screenshot('shell-narrow-1024');

  // a narrower window: a rail of icons; a name shows on hover and on keyboard focus
  await page.setViewportSize({ width: 860, height: 700 });
  expect((await nav.boundingBox())!.width).toBeLessThanOrEqual(60);
  const buyers = nav.getByRole('link', { name: 'Buyers' });
  const label = buyers.locator('.nav-label');
  expect((await label.boundingBox())?.width ?? 0).toBeLessThan(2);
  await buyers.hover();
  await expect.poll(async () => (await label.boundingBox())?.width ?? 0).toBeGreaterThan(20);
  await page.mouse.move(600, 400);
  await expect.poll(async () => (await label.boundingBox())?.width ?? 0).toBeLessThan(2);
  await buyers.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect.poll(async () => (await label.boundingBox())?.width ?? 0).toBeGreaterThan(20);
  await app.screenshot('shell-rail-860-focus');
  await page.setViewportSize({ width: 1440, height: 900 });
  expect((await nav.boundingBox())!.width).toBeGreaterThan(150);
});
