/**
 * A real-world server: the reference service with a messy market (nulls, fractional tonnes, unknown
 * registries, extra fields, one item without identity per kind, values that do not fit their field).
 * The sync ends done; the Sync view's data-issues card counts the items skipped and the values kept
 * as sent, lists them with job, page, item, field and the value, and names the countries without an
 * ISO code; unknown values are shown as they came.
 */
import type { Page } from '@playwright/test';
import type { CountryIndexEntry, DataIssue, SyncStatus } from '../src/shared/contract';
import { expect, test } from './fixtures';
import { serviceForSpec, syncToEnd } from './service-process';

const service = serviceForSpec(['--messy']);

/** Opens the Sync view's data-issues card and its list. */
async function openDataIssues(page: Page, goto: (route: string) => Promise<void>) {
  await goto('/sync');
  const card = page.getByTestId('sync-data-issues');
  await card.getByRole('button', { name: 'Show them' }).click();
  await expect(card.locator('tbody tr').first()).toBeVisible();
  return card;
}

test('a messy market syncs completely; skipped items and unfit values are counted, listed and explained', async ({ app }) => {
  test.setTimeout(240_000);
  const { page } = app;
  const restore = await service.connect(app, 'Messy market');
  try {
    const status = await syncToEnd<SyncStatus>(app);
    expect(status.state).toBe('done');
    expect(status.skippedItems).toBeGreaterThanOrEqual(4);
    // The messy market's five values that do not fit: a quantity, a vintage, a day, a listing date, an area.
    expect(status.unfitValues).toBe(5);
    const issues = await app.call<DataIssue[]>('sync.dataIssues', {});
    expect(issues).toHaveLength(status.skippedItems + status.unfitValues);
    const codeless = (await app.call<CountryIndexEntry[]>('countries.index')).filter((c) => c.country_code === null).map((c) => c.country);

    const card = await openDataIssues(page, (r) => app.goto(r));
    await expect(card.getByTestId('sync-issues-skipped')).toContainText(`${status.skippedItems} items skipped`);
    await expect(card.getByTestId('sync-issues-skipped')).toContainText('without a usable identity');
    await expect(card.getByTestId('sync-issues-unfit')).toContainText('5 values did not fit their field');
    await expect(card.getByTestId('sync-issues-unfit')).toContainText('kept as sent');
    // The messy market always writes one project's country as `Multiple countries`.
    expect(codeless).toContain('Multiple countries');
    await expect(card.getByTestId('sync-issues-countries')).toContainText(`Countries without an ISO code: ${codeless.join(', ')}.`);
    await expect(card.getByTestId('sync-issues-countries')).toContainText('no country profile and no place on the map');
    await expect(page.getByTestId('sync-job-credits')).toContainText('1 skipped');
    await expect(page.getByTestId('sync-job-credits')).toContainText('3 kept as sent');
    const rows = card.locator('tbody tr');
    await expect(rows).toHaveCount(issues.length);
    await expect(card.locator('tbody tr[data-kind="unfit"]')).toHaveCount(5);
    const lots = card.locator('tbody tr[data-kind="unfit"]', { hasText: '"lots"' });
    const sent = issues.find((i) => i.excerpt === '"lots"')!;
    await expect(lots).toContainText('Credit transactions');
    await expect(lots).toContainText('quantity');
    await expect(lots).toContainText(sent.ref!);
    await expect(lots).toContainText(String(sent.page));
    await expect(card.locator('tbody')).toContainText('"Q3 2019"');
    await expect(card.locator('tbody')).toContainText('"12.5 km²"');
    await expect(card.locator('tbody')).toContainText('project_id');
    await card.scrollIntoViewIfNeeded();
    await app.screenshot('messy-sync-data-issues');
    for (const scheme of ['light', 'dark'] as const) {
      for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 700 }]) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: scheme });
        await page.reload(); // the theme is read at start-up
        await page.getByRole('navigation', { name: 'Main' }).waitFor();
        const shown = await openDataIssues(page, (r) => app.goto(r));
        await shown.scrollIntoViewIfNeeded();
        const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
        expect(widths.doc, `${size.width} ${scheme}`).toBeLessThanOrEqual(widths.view + 1);
        await app.screenshot(`messy-sync-data-issues-${size.width}-${scheme}`);
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });

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
