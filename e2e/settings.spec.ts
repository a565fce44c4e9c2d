/**
 * Settings: a new API key is shown once, then only its prefix; a connection made with it keeps the
 * key out of sight; revoking it makes the next sync of that connection fail with the revoked message.
 */
import { expect, test } from './fixtures';
import { shootBoth, waitForDemoSync } from './demo-support';
import { ERROR_EXPLANATIONS } from '../src/shared/errors';

interface Connection {
  id: string;
  name: string;
  kind: string;
  baseUrl: string | null;
}

test('create a key (shown once), connect with it, revoke it: the next sync fails as revoked', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  const demo = (await app.call<Connection[]>('connections.list')).find((c) => c.kind === 'demo')!;
  expect(demo.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
  await app.goto('/settings');
  await expect(page.getByTestId('keys-table')).toBeVisible();

  // a name over 100 characters is refused with a reason, nothing is sent
  const name = page.getByLabel('Key name');
  await name.fill('x'.repeat(101));
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('The name is 101 characters; at most 100 are allowed.')).toBeVisible();

  // create: the full key once, with a warning and a copy button
  const keyName = `e2e key ${Date.now()}`;
  await name.fill(keyName);
  await page.getByRole('button', { name: 'Create key' }).click();
  const panel = page.getByTestId('new-key-panel');
  await expect(panel).toContainText('This is the only time it is shown');
  await expect(panel.getByRole('button', { name: 'Copy' })).toBeVisible();
  const fullKey = (await page.getByTestId('new-key-value').innerText()).trim();
  expect(fullKey).toMatch(/^ccmd_live_\S{8,}$/);
  const row = page.getByTestId('key-row').filter({ hasText: keyName });
  await expect(row).toHaveAttribute('data-state', 'active');
  const prefix = (await row.getByTestId('key-prefix').innerText()).replace(/…$/, '');
  expect(fullKey.startsWith(prefix)).toBe(true);
  expect(prefix.length).toBeLessThan(fullKey.length);
  await shootBoth(app, 'settings-new-key');
  await panel.getByRole('button', { name: 'I have saved the key' }).click();
  await expect(panel).toBeHidden();
  // from now on only the prefix: the full key is nowhere on the page
  expect(await page.content()).not.toContain(fullKey);
  await page.reload();
  await expect(page.getByTestId('key-row').filter({ hasText: keyName })).toBeVisible();
  expect(await page.content()).not.toContain(fullKey);

  // a connection made with the new key: the field is cleared and the key never shown
  await page.getByPlaceholder('Carbon Credit Market Data Service').fill('E2E service');
  await page.getByLabel('Base URL').fill(demo.baseUrl!);
  await page.getByLabel('API key', { exact: true }).fill(fullKey);
  await page.getByRole('button', { name: 'Add connection' }).click();
  await expect(page.getByText('“E2E service” was added')).toBeVisible();
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
  await expect(page.getByTestId('connections-table')).toContainText('E2E service');
  expect(await page.content()).not.toContain(fullKey);

  // revoke the new key, with a confirmation
  await page.getByTestId('key-row').filter({ hasText: keyName }).getByRole('button', { name: `Revoke ${keyName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke API key' });
  await expect(dialog).toContainText('cannot be undone');
  await shootBoth(app, 'settings-revoke-confirm');
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByTestId('key-row').filter({ hasText: keyName })).toHaveAttribute('data-state', 'revoked');

  // use the connection with the revoked key: the next sync fails with the revoked message
  const added = (await app.call<Connection[]>('connections.list')).find((c) => c.name === 'E2E service')!;
  await page.getByTestId(`connection-${added.id}`).getByRole('button', { name: 'Use' }).click();
  await expect(page.getByTestId(`connection-${added.id}`)).toContainText('current');
  await app.goto('/sync');
  // The run fails at its first request, so its failure event can reach the window before the answer
  // to sync.start. Hold that answer back to make the order certain: the older answer must not hide
  // the failure (it did, now and then, before statuses carried a revision).
  await page.route('**/rpc/sync.start', async (route) => {
    const answer = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fulfill({ response: answer });
  });
  const answered = page.waitForResponse('**/rpc/sync.start');
  await page.getByRole('button', { name: 'Sync now' }).click();
  await answered;
  const lastError = page.getByTestId('sync-last-error');
  await expect(lastError).toContainText('revoked_api_key', { timeout: 30_000 });
  await expect(lastError).toContainText(ERROR_EXPLANATIONS.revoked_api_key!);
  await expect(page.getByTestId('sync-state')).toHaveText('failed');
  await page.unroute('**/rpc/sync.start');
  await shootBoth(app, 'sync-revoked-key');

  // back to the demo connection, and the extra connection removed
  await app.call('connections.select', { id: demo.id });
  await app.call('connections.remove', { id: added.id });
});

test('cache location, size and tables; clearing asks first', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  await app.goto('/settings');
  const info = await app.call<{ path: string; tables: Record<string, number> }>('cache.info');
  await expect(page.getByTestId('cache-path')).toHaveText(info.path);
  await expect(page.getByTestId('cache-size')).toHaveText(/\d/);
  // what is held, in the market's words; the storage's own tables only under Advanced
  await expect(page.getByTestId('cache-held')).toContainText('Credit transactions');
  const advanced = page.getByTestId('cache-advanced');
  await expect(advanced.getByText('sync_state', { exact: true })).toBeHidden();
  await advanced.locator('summary').click();
  await expect(advanced.getByText('sync_state', { exact: true })).toBeVisible();
  expect(await advanced.locator('tbody tr').count()).toBe(Object.keys(info.tables).length);
  await page.getByRole('button', { name: 'Clear cache' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear cache' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // nothing was cleared
  const after = await app.call<{ tables: Record<string, number> }>('cache.info');
  expect(after.tables).toEqual(info.tables);
  await page.getByTestId('usage-total').scrollIntoViewIfNeeded();
  await shootBoth(app, 'settings-usage-cache');
});

test('the theme is the first thing on the Settings page', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1024, height: 700 });
  await app.goto('/settings');
  const theme = page.getByRole('group', { name: 'Theme' });
  await expect(theme).toBeInViewport();
  await theme.getByRole('button', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await app.screenshot('settings-1024-dark');
  await theme.getByRole('button', { name: 'Follow system' }).click();
});

test('check for updates says truthfully that the web host has no update feed', async ({ app }) => {
  const { page } = app;
  await app.goto('/settings');
  await page.getByTestId('check-updates').click();
  await expect(page.getByTestId('update-status')).toHaveText('Updates come with the desktop app; this host has none.');
  const answer = await app.call<{ state: string }>('app.checkForUpdates');
  expect(answer.state).toBe('unavailable');
});
