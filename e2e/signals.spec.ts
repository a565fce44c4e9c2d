/** Signals: the market-wide view with its counts and kind filter, and a project's Signals section. */
import { expect, test } from './fixtures';
import { waitForDemoSync } from './demo-support';

interface Summary {
  total: number;
  by_kind: Array<{ kind: string; signals: number }>;
}

test('the Signals view lists the demo market\'s signals, filtered by kind', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  const summary = await app.call<Summary>('signals.summary', {});
  for (const k of summary.by_kind) expect(k.signals, k.kind).toBeGreaterThan(0);
  await app.goto('/signals');
  await expect(page.getByTestId('signals-list')).toContainText(`${summary.total.toLocaleString('en-US')} signals`);
  await app.page.emulateMedia({ colorScheme: 'light' });
  await app.screenshot('signals-view-light');
  await page.getByTestId('signals-kind-totals_mismatch').click();
  await expect(page).toHaveURL(/kind=totals_mismatch/);
  const mismatches = summary.by_kind.find((k) => k.kind === 'totals_mismatch')!.signals;
  await expect(page.getByTestId('signals-list')).toContainText(`${mismatches} signals`);
  await expect(page.locator('[data-testid="signal-row"]:not([data-kind="totals_mismatch"])')).toHaveCount(0);
  expect(app.consoleErrors).toEqual([]);
});

test('a project\'s page has its Signals section', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  const list = await app.call<{ data: Array<{ project_id: string; kind: string }> }>('signals.list', { kind: ['retired_exceeds_issued'], per_page: 1 });
  const projectId = list.data[0]!.project_id;
  const ofProject = await app.call<{ pagination: { total_entries: number } }>('signals.list', { project_id: [projectId] });
  await app.goto(`/projects/${encodeURIComponent(projectId)}`);
  const section = page.getByTestId('project-signals');
  await expect(section.getByTestId('signal-row')).toHaveCount(ofProject.pagination.total_entries);
  await expect(section).toContainText('Retired exceeds issued');
  await section.scrollIntoViewIfNeeded();
  await app.page.emulateMedia({ colorScheme: 'light' });
  await app.screenshot('project-signals-light');
  expect(app.consoleErrors).toEqual([]);
});
