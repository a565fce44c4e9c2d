/**
 * A real-world server: the reference service with a messy market (nulls, fractional tonnes, unknown
 * registries, extra fields, one item without identity per kind). The sync ends done; the Sync view
 * says how many items were skipped and lists them; unknown values are shown as they came.
 */
import type { SyncStatus } from '../src/shared/contract';
import { expect, test } from './fixtures';
import { serviceForSpec, syncToEnd } from './service-process';

const service = serviceForSpec(['--messy']);

test('a messy market syncs completely; skipped items are counted, listed and explained', async ({ app }) => {
  const { page } = app;
  const restore = await service.connect(app, 'Messy market');
  try {
    const status = await syncToEnd<SyncStatus>(app);
    expect(status.state).toBe('done');
    expect(status.skippedItems).toBeGreaterThanOrEqual(4);

    await app.goto('/sync');
    const card = page.getByTestId('sync-skipped');
    await expect(card).toContainText(`${status.skippedItems} items skipped`);
    await expect(card).toContainText('without a usable identity');
    await expect(page.getByTestId('sync-job-credits')).toContainText('1 skipped');
    await card.getByRole('button', { name: 'Show them' }).click();
    const rows = card.locator('tbody tr');
    await expect(rows).toHaveCount(status.skippedItems);
    await expect(card.locator('tbody')).toContainText('Credit transactions');
    await expect(card.locator('tbody')).toContainText('project_id');
    await app.screenshot('messy-sync-skipped-items');

    // A registry Carbon Desk does not know is filterable and shown exactly as the service sent it.
    const expected = await app.call<{ pagination: { total_entries: number } }>('projects.list', { registry: ['cercarbono'], per_page: 1 });
    expect(expected.pagination.total_entries).toBeGreaterThan(0);
    await app.goto('/projects?registry=cercarbono');
    await expect(page.getByText('Not applied')).toHaveCount(0);
    await expect(page.getByText(`${expected.pagination.total_entries} of`)).toBeVisible();
    const projectRows = page.getByRole('table').getByRole('row').filter({ hasNot: page.getByRole('columnheader') });
    await expect(projectRows).toHaveCount(expected.pagination.total_entries);
    for (const row of await projectRows.all()) await expect(row).toContainText('cercarbono');
    await expect(page.getByRole('table')).not.toContainText('Cercarbono');
    await app.screenshot('messy-projects-unknown-registry');
    expect(app.consoleErrors).toEqual([]);
  } finally {
    await restore();
  }
});
