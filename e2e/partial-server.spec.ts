/**
 * A server that offers less (the reference service with `--offer projects,credits`): the sync ends
 * done, the Sync view names what the service does not offer, the Satellite view says so instead of
 * looking unsynced, and buyers and charts (computed from the cached credits) still work.
 */
import type { SyncStatus } from '../src/shared/contract';
import { expect, test } from './fixtures';
import { serviceForSpec, syncToEnd } from './service-process';

const service = serviceForSpec(['--offer', 'projects,credits']);

test('a partial server: done, with what it does not offer stated in the Sync view and the affected views', async ({ app }) => {
  const { page } = app;
  const restore = await service.connect(app, 'Projects and credits only');
  try {
    const status = await syncToEnd<SyncStatus>(app);
    expect(status.state).toBe('done');
    const unsupported = status.jobs.filter((j) => j.state === 'unsupported').map((j) => j.job);
    expect(unsupported).toEqual(expect.arrayContaining(['satellite', 'forensicsLatest', 'forensicsLegacy', 'countries']));

    await app.goto('/sync');
    const notice = page.getByTestId('sync-not-offered');
    await expect(notice).toContainText('Not offered by this service');
    await expect(notice).toContainText('Satellite metrics');
    await expect(page.getByTestId('sync-job-satellite')).toContainText('not offered');
    await expect(page.getByTestId('sync-job-satellite')).toContainText('This service does not offer it');
    await expect(page.getByTestId('sync-state')).toHaveText('done');
    await app.screenshot('partial-server-sync');

    await app.goto('/satellite');
    await expect(page.getByTestId('not-offered')).toContainText('This service does not offer satellite data');
    await expect(page.getByTestId('boundary-count')).toContainText('0 boundaries on this computer');
    await app.screenshot('partial-server-satellite');

    // Reads of what the service does not offer say so, not "not in the cache yet".
    await expect(app.call('countries.get', { country_code: 'BR' })).rejects.toThrow(/not_offered: This service does not offer country policy profiles/);

    // Buyers come from the cached credits: still there.
    const buyers = await app.call<{ pagination: { total_entries: number } }>('buyers.list', { per_page: 1 });
    expect(buyers.pagination.total_entries).toBeGreaterThan(0);
    await app.goto('/buyers');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    expect(app.consoleErrors.filter((e) => !/not_offered|404/.test(e))).toEqual([]);
  } finally {
    await restore();
  }
});
