/** Forensics: the latest feed (category, cap, new this week), a project's forensic page, the deprecated v1 list. */
import { expect, test } from './fixtures';
import { shootBoth, waitForDemoSync } from './demo-support';

interface Entry {
  id: number;
  project_id: string;
  category: string | null;
  is_new_this_week: boolean;
}
interface Feed {
  entries: Entry[];
  total_count: number;
  new_this_week_count: number;
  week: number;
  year: number;
}

test('latest feed: week and year, category filter, entry cap, new-this-week badges', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  await app.goto('/forensics');
  const feed = await app.call<Feed>('forensics.latest', {});
  await expect(page.getByTestId('feed-summary')).toContainText(`Week ${feed.week} of ${feed.year}`);
  await expect(page.getByTestId('feed-summary')).toContainText(`${feed.new_this_week_count} new this week`);
  await expect(page.getByTestId('forensic-entry')).toHaveCount(feed.entries.length);
  await expect(page.getByTestId('forensic-entry').getByText('New this week', { exact: true })).toHaveCount(feed.entries.filter((e) => e.is_new_this_week).length);

  await page.getByTestId('feed-limit').selectOption('10');
  await expect(page).toHaveURL(/limit=10/);
  await expect(page.getByTestId('forensic-entry')).toHaveCount(Math.min(10, feed.entries.length));

  const category = feed.entries.find((e) => e.category)?.category;
  if (category) {
    await page.getByTestId('feed-category').selectOption(category);
    const filtered = await app.call<Feed>('forensics.latest', { category, limit: 10 });
    await expect(page).toHaveURL(new RegExp(`category=${encodeURIComponent(category)}`));
    await expect(page.getByTestId('forensic-entry')).toHaveCount(filtered.entries.length);
    // (the count may equal the unfiltered one: wait for the filtered entries themselves)
    const heads = page.getByTestId('forensic-entry').locator('.forensic-entry-head');
    await expect.poll(async () => (await heads.allInnerTexts()).filter((text) => !text.includes(category))).toEqual([]);
  }
  await shootBoth(app, 'forensics-feed');
});

test('a project forensic page: memo by theme, stats, entries by first seen, weekly diff', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  await app.goto('/forensics');
  const link = page.getByTestId('forensic-entry').first().getByRole('link').first();
  const projectId = decodeURIComponent((await link.getAttribute('href'))!.split('/').pop()!);
  // per-project forensics are fetched on demand
  await app.call('projects.refresh', { project_id: projectId });
  const forensics = await app.call<{ entries: Entry[]; memo: unknown; stats: { total_entries: number; week_number: number | null; year: number | null } }>('forensics.project', { project_id: projectId });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`#/forensics/projects/${projectId}`));
  await expect(page.getByTestId('stats-total')).toHaveText(forensics.stats.total_entries.toLocaleString('en-US'));
  await expect(page.getByTestId('project-entries').getByTestId('forensic-entry')).toHaveCount(forensics.entries.length);
  if (forensics.memo) await expect(page.getByTestId('forensic-memo')).toBeVisible();
  const diff = page.getByTestId('weekly-diff');
  await expect(diff).toBeVisible();
  if (forensics.stats.week_number) await expect(page.getByTestId('diff-week')).toHaveValue(String(forensics.stats.week_number));
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page).toHaveURL(/week=\d+&year=\d{4}/);
  // That week's own answer (a diff, "nothing changed" or "not downloaded yet": the mirror keeps the current week's), never the previous week's left on screen.
  await expect(diff.getByText(/Nothing changed in week|new entries|The diff of week \d+ of \d{4} is not downloaded yet/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Next week' }).click();
  await shootBoth(app, 'forensics-project');
});

test('legacy v1 list is marked deprecated and its filters match the contract', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  await app.goto('/forensics/legacy');
  await expect(page.getByTestId('deprecated-note')).toContainText('Deprecated');
  const all = await app.call<{ pagination: { total_entries: number } }>('forensics.legacy', { per_page: 1 });
  await expect(page.getByTestId('legacy-count')).toContainText(`${all.pagination.total_entries} legacy`);
  // the filter panel starts closed (as every list's)
  const filters = page.getByRole('button', { name: /^Filters/ });
  if ((await filters.getAttribute('aria-expanded')) !== 'true') await filters.click();
  await page.getByTestId('legacy-status').selectOption('success');
  await page.getByTestId('legacy-min-findings').fill('3');
  await expect(page).toHaveURL(/min_findings=3/);
  const filtered = await app.call<{ pagination: { total_entries: number } }>('forensics.legacy', { status: 'success', min_findings: 3, per_page: 1 });
  await expect(page.getByTestId('legacy-count')).toContainText(`${filtered.pagination.total_entries} legacy`);
  await page.getByTestId('legacy-min-findings').fill('two');
  await expect(page.getByText('A whole number of findings, 0 or more')).toBeVisible();
  await expect(page).toHaveURL(/min_findings=3/);
  await page.getByTestId('legacy-table').getByRole('columnheader', { name: /Findings/ }).click();
  await expect(page).toHaveURL(/sort=-num_findings/);
  await shootBoth(app, 'forensics-legacy');
});
