/** Forensics: the latest feed (counts, pages, category, new this week), one count of entries on every screen, a project's forensic page, the deprecated v1 list. */
import { expect, test } from './fixtures';
import { shootBoth, waitForDemoSync } from './demo-support';

interface Entry {
  id: number;
  project_id: string;
  category: string | null;
  key_event: string | null;
  first_seen_date: string | null;
  is_new_this_week: boolean;
}
interface Feed {
  entries: Entry[];
  total_count: number;
  new_this_week_count: number;
  week: number;
  year: number;
}

interface Counts {
  service: { entries: number; new_this_week: number; week: number; year: number } | null;
  feed: { entries: number; new_this_week: number; projects: number; category: string | null };
  dossiers: { projects: number; entries: number; new_this_week: number; from_legacy: { projects: number; entries: number } };
}
const fmt = (n: number) => n.toLocaleString('en-US');

test('latest feed: counts said as what they are, pages through every cached entry newest first, category filter, new badges', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  await app.goto('/forensics');
  const counts = await app.call<Counts>('forensics.counts', {});
  const feed = await app.call<Feed>('forensics.latest', { limit: 200 });
  expect(counts.service).not.toBeNull();
  expect(counts.feed.entries).toBe(feed.entries.length);
  const summary = page.getByTestId('feed-summary');
  await expect(summary.getByTestId('forensic-count-service')).toHaveText(`${fmt(counts.service!.entries)} forensic entries at the service`);
  await expect(summary).toContainText(`${fmt(counts.service!.new_this_week)} of the service's ${fmt(counts.service!.entries)} entries are new in week ${counts.service!.week} of ${counts.service!.year}`);

  // 25 a page: every cached entry once, newest first seen first, then to the last page and back
  const perPage = 25;
  const pages = Math.ceil(feed.entries.length / perPage);
  const cards = page.getByTestId('forensic-entry');
  await expect(cards).toHaveCount(Math.min(perPage, feed.entries.length));
  await expect(page.getByTestId('feed-page-range')).toHaveText(`Entries 1–${Math.min(perPage, feed.entries.length)} of the ${fmt(counts.feed.entries)} cached · page 1 of ${pages}`);
  const firstSeen: string[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p > 1) await page.getByRole('button', { name: 'Older →' }).click();
    const expected = feed.entries.slice((p - 1) * perPage, p * perPage);
    await expect(page.getByTestId('feed-page-range')).toContainText(`page ${p} of ${pages}`);
    await expect(cards).toHaveCount(expected.length);
    await expect(cards.first()).toContainText(expected[0]!.key_event ?? '');
    firstSeen.push(...(await cards.getByTestId('entry-first-seen').allInnerTexts()));
    // the new badge follows is_new_this_week, entry by entry
    await expect(cards.locator('.badge-new')).toHaveCount(expected.filter((e) => e.is_new_this_week).length);
  }
  expect(firstSeen).toHaveLength(feed.entries.length);
  const days = feed.entries.map((e) => e.first_seen_date ?? '');
  expect(days).toEqual([...days].sort().reverse());
  await expect(page.getByRole('button', { name: 'Older →' })).toBeDisabled();
  await expect(page).toHaveURL(new RegExp(`page=${pages}`));
  await shootBoth(app, 'forensics-feed-last-page');

  await page.getByTestId('feed-limit').selectOption('10');
  await expect(page).toHaveURL(/limit=10/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(cards).toHaveCount(Math.min(10, feed.entries.length));

  const category = feed.entries.find((e) => e.category)?.category;
  if (category) {
    await page.getByTestId('feed-category').selectOption(category);
    const filtered = await app.call<Feed>('forensics.latest', { category, limit: 10 });
    const inCategory = await app.call<Counts>('forensics.counts', { category });
    await expect(page).toHaveURL(new RegExp(`category=${encodeURIComponent(category)}`));
    await expect(cards).toHaveCount(filtered.entries.length);
    await expect(page.getByTestId('feed-page-range')).toContainText(`of the ${fmt(inCategory.feed.entries)} cached in “${category}”`);
    // (the count may equal the unfiltered one: wait for the filtered entries themselves)
    const heads = cards.locator('.forensic-entry-head');
    await expect.poll(async () => (await heads.allInnerTexts()).filter((text) => !text.includes(category))).toEqual([]);
  }
  await page.getByTestId('feed-category').selectOption('');
  for (const [w, h] of [[1440, 900], [1024, 700]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await shootBoth(app, `forensics-feed-${w}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('the Dashboard, Sync and Forensics count forensic entries alike, from forensics.counts', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  const counts = await app.call<Counts>('forensics.counts', {});
  expect(counts.service).not.toBeNull();
  const shown: Record<string, { service: string | null; feed: string | null; dossiers: string | null; text: string }> = {};
  for (const [view, route, scope] of [['Dashboard', '/dashboard', 'sync-freshness'], ['Sync', '/sync', 'coverage-forensic-count'], ['Forensics', '/forensics', 'feed-summary']] as const) {
    await app.goto(route);
    const line = page.getByTestId(scope).getByTestId('forensic-count');
    await expect(line).toBeVisible();
    shown[view] = {
      service: await line.getByTestId('forensic-count-service').getAttribute('data-value'),
      feed: await line.getByTestId('forensic-count-feed').getAttribute('data-value'),
      dossiers: await line.getByTestId('forensic-count-dossiers').getAttribute('data-value'),
      text: await line.innerText(),
    };
  }
  const expected = { service: String(counts.service!.entries), feed: String(counts.feed.entries), dossiers: String(counts.dossiers.entries) };
  for (const view of ['Dashboard', 'Sync', 'Forensics']) expect(shown[view], view).toMatchObject(expected);
  // the same words on every screen, naming what each number counts
  expect(new Set(Object.values(shown).map((s) => s.text)).size).toBe(1);
  expect(shown.Dashboard!.text).toContain(`${fmt(counts.service!.entries)} forensic entries at the service`);
  expect(shown.Dashboard!.text).toContain(`${fmt(counts.dossiers.entries)} in the cached dossiers of ${fmt(counts.dossiers.projects)} project`);
  // and the Dashboard's headlines run newest first seen first, as the feed
  await app.goto('/dashboard');
  const feed = await app.call<Feed & { entries: Array<Entry & { first_seen_date: string }> }>('forensics.latest', { limit: 8 });
  const seen = page.getByTestId('forensic-headlines').getByTestId('headline-first-seen');
  await expect(seen).toHaveCount(feed.entries.length);
  await expect(seen.first()).toContainText(new Date(`${feed.entries[0]!.first_seen_date}T00:00:00`).getFullYear().toString());
  const days = feed.entries.map((e) => e.first_seen_date);
  expect(days).toEqual([...days].sort().reverse());
  for (const [w, h] of [[1440, 900], [1024, 700]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await app.goto('/sync');
    await page.getByTestId('coverage-forensic-count').scrollIntoViewIfNeeded();
    await shootBoth(app, `sync-forensic-count-${w}`);
    await app.goto('/dashboard');
    await shootBoth(app, `dashboard-forensic-count-${w}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
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
