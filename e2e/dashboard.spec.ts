/** Dashboard: headline totals, supply vs demand, categories, listings and headlines match the contract, with and without its filter. */
import { expect, test } from './fixtures';
import { ensureSynced, fmt, type PageOf } from './market-sync';

test.beforeEach(async ({ app, webHost }) => {
  await ensureSynced(app, webHost);
});

test('dashboard shows the market totals the contract answers', async ({ app }) => {
  const { page } = app;
  await app.goto('/dashboard');
  const projects = await app.call<PageOf<unknown>>('projects.list', { per_page: 1 });
  const credits = await app.call<PageOf<unknown>>('credits.list', { per_page: 1 });
  const byCategory = await app.call<PageOf<{ category: string; issued: number; retired: number }>>('charts.creditsByCategory', {});
  const issued = byCategory.data.reduce((s, p) => s + p.issued, 0);
  const retired = byCategory.data.reduce((s, p) => s + p.retired, 0);
  expect(projects.pagination.total_entries).toBeGreaterThan(0);
  await expect(page.getByTestId('kpi-projects')).toHaveText(fmt(projects.pagination.total_entries));
  await expect(page.getByTestId('kpi-transactions')).toHaveText(fmt(credits.pagination.total_entries));
  await expect(page.getByTestId('kpi-issued')).toHaveText(`${fmt(issued)}tCO2e`);
  await expect(page.getByTestId('kpi-retired')).toHaveText(`${fmt(retired)}tCO2e`);
  await expect(page.getByTestId('kpi-unretired')).toHaveText(`${fmt(issued - retired)}tCO2e`);

  // supply vs demand: totals per aggregation equal charts.supplyDemand
  for (const aggregation of ['yearly', 'quarterly', 'monthly'] as const) {
    const sd = await app.call<{ data: Array<{ period: string }>; totals: { issuances: number; retirements: number } }>('charts.supplyDemand', { aggregation });
    await page.getByTestId('supply-demand').getByRole('button', { name: aggregation[0]!.toUpperCase() + aggregation.slice(1) }).click();
    await expect(page.getByTestId('sd-issuances')).toHaveText(fmt(sd.totals.issuances));
    await expect(page.getByTestId('sd-retirements')).toHaveText(fmt(sd.totals.retirements));
    // it says its period, and that it leaves the period under way out
    const by = { yearly: 'year', quarterly: 'quarter', monthly: 'month' }[aggregation];
    await expect(page.getByTestId('sd-period')).toContainText(new RegExp(`${sd.data[0]!.period.slice(0, 4)}.*–.*${sd.data.at(-1)!.period.slice(0, 4)} by ${by} of transaction date; .+, under way, left out$`));
  }
  await page.getByTestId('supply-demand').getByRole('button', { name: 'Yearly' }).click();

  // the figures covering other periods say which: every transaction (the year under way so far) above and by category, the year under way by category and year
  const years = (await app.call<{ data: Array<{ year: number | null; issued: number; retired: number }> }>('charts.categoryByYear', {})).data
    .filter((p) => p.year !== null && (p.issued > 0 || p.retired > 0)).map((p) => p.year!);
  const first = Math.min(...years);
  const last = Math.max(...years);
  const current = new Date().getFullYear();
  expect(last).toBe(current);
  await expect(page.getByTestId('headline-period')).toHaveText(new RegExp(`^Credit totals: All cached transactions: dated ${first}–${last} \\(${current} so far\\)`));
  await expect(page.getByTestId('bc-period')).toContainText(`dated ${first}–${last} (${current} so far)`);
  await expect(page.getByTestId('bc-period')).toContainText('as the totals above');
  await expect(page.getByTestId('cy-period')).toHaveText(`${first}–${last} by transaction date, ${current} so far`);
  await expect(page.getByTestId('sd-period')).toContainText(`${current}, under way, left out`);
  await expect(page.getByTestId('listing-period')).toContainText('Every cached project with a listing date');
  for (const [w, h] of [[1440, 900], [1024, 700]] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForFunction((sc) => document.documentElement.dataset.theme === sc, scheme);
      await page.getByTestId('headline-period').scrollIntoViewIfNeeded();
      await app.screenshot(`dashboard-periods-top-${w}-${scheme}`);
      await page.getByTestId('projects-by-listing').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await app.screenshot(`dashboard-periods-legends-${w}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByTestId('chart-supply-demand').locator('canvas')).toHaveCount(1);
  await expect(page.getByTestId('chart-by-category').locator('canvas')).toHaveCount(1);

  // projects by listing date: each frequency answers and draws
  for (const label of ['Month', 'Week', 'Day', 'Year']) {
    await page.getByTestId('projects-by-listing').getByRole('button', { name: label }).click();
    await expect(page.getByTestId('chart-listing')).toHaveAttribute('aria-label', new RegExp(`per ${label.toLowerCase()}`));
  }

  // the latest forensic headlines are the feed's
  const feed = await app.call<{ entries: Array<{ key_event: string | null; project_id: string }> }>('forensics.latest', { limit: 8 });
  if (feed.entries.length) {
    await expect(page.getByTestId('forensic-headlines').locator('li')).toHaveCount(feed.entries.length);
    await expect(page.getByTestId('forensic-headlines').locator('li').first()).toContainText(feed.entries[0]!.project_id);
  }
  await expect(page.getByTestId('sync-freshness')).toContainText('Last sync:');
  await expect(page.getByTestId('sync-freshness')).not.toContainText('never');
  expect(app.consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
});

test('clicking a category opens its projects', async ({ app }) => {
  const { page } = app;
  await app.goto('/dashboard');
  const clickTopBar = async () => {
    const chart = page.getByTestId('chart-by-category');
    await expect(chart.locator('canvas')).toHaveCount(1);
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    // the largest category is the top bar (sorted ascending from the bottom)
    await page.mouse.click(box.x + 200, box.y + 52);
  };
  await clickTopBar();
  await expect(page).toHaveURL(/#\/projects\?category=/);
  // under the dashboard's filter, the projects of the category keep it
  await app.goto('/dashboard?registry=verra');
  await expect(page.getByTestId('dashboard-chips')).toContainText('Registry: Verra');
  await clickTopBar();
  await expect(page).toHaveURL(/#\/projects\?category=[^&]+&registry=verra/);
  await expect(page.getByTestId('projects-chips')).toContainText('Registry: Verra');
});

interface YearPoint { year: number | null; category: string; issued: number; retired: number }

test('a registry chosen in the dashboard filter goes to the URL, survives a reload and narrows every figure', async ({ app }) => {
  const { page } = app;
  await app.goto('/dashboard');
  const filter = { registry: ['gold-standard'] };
  const projects = await app.call<PageOf<unknown>>('projects.list', { ...filter, per_page: 1 });
  const all = await app.call<PageOf<unknown>>('projects.list', { per_page: 1 });
  expect(projects.pagination.total_entries).toBeGreaterThan(0);
  expect(projects.pagination.total_entries).toBeLessThan(all.pagination.total_entries);

  await page.getByTestId('dashboard-filter').getByTestId('filter-registry').getByRole('button').click();
  await page.getByRole('option', { name: 'Gold Standard' }).getByRole('checkbox').check();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/#\/dashboard\?registry=gold-standard$/);
  await expect(page.getByTestId('dashboard-chips')).toContainText('Registry: Gold Standard');

  await page.reload();
  await expect(page).toHaveURL(/#\/dashboard\?registry=gold-standard$/);
  await expect(page.getByTestId('dashboard-chips')).toContainText('Registry: Gold Standard');
  await expect(page.getByTestId('filter-registry').getByRole('button')).toHaveAccessibleName('Registry: Gold Standard');

  // the headline totals are the contract's answers for the filter
  const credits = await app.call<PageOf<unknown>>('credits.list', { ...filter, per_page: 1 });
  const byCategory = await app.call<PageOf<{ issued: number; retired: number }>>('charts.creditsByCategory', filter);
  const issued = byCategory.data.reduce((s, p) => s + p.issued, 0);
  await expect(page.getByTestId('kpi-projects')).toHaveText(fmt(projects.pagination.total_entries));
  await expect(page.getByTestId('kpi-transactions')).toHaveText(fmt(credits.pagination.total_entries));
  await expect(page.getByTestId('kpi-issued')).toHaveText(`${fmt(issued)}tCO2e`);
  const sd = await app.call<{ totals: { issuances: number } }>('charts.supplyDemand', { ...filter, aggregation: 'yearly' });
  await expect(page.getByTestId('sd-issuances')).toHaveText(fmt(sd.totals.issuances));

  // the stacked chart is drawn, its totals the contract's for the filter (issued, then retired)
  const years = await app.call<PageOf<YearPoint>>('charts.categoryByYear', filter);
  const sum = (flow: 'issued' | 'retired') => years.data.filter((p) => p.year !== null).reduce((s, p) => s + p[flow], 0);
  const chart = page.getByTestId('category-by-year');
  await expect(chart.getByTestId('chart-category-year').locator('canvas')).toHaveCount(1);
  await expect(chart.getByTestId('cy-total')).toHaveText(fmt(sum('issued')));
  await chart.getByRole('button', { name: 'Retired' }).click();
  await expect(chart.getByTestId('chart-category-year')).toHaveAttribute('aria-label', /retired/);
  await expect(chart.getByTestId('cy-total')).toHaveText(fmt(sum('retired')));
  // per category, the years sum to the credits-by-category totals
  expect(years.data.reduce((s, p) => s + p.issued, 0)).toBe(issued);
  expect(app.consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
});

test('a filter nothing matches says so in words', async ({ app }) => {
  const { page } = app;
  await app.goto('/dashboard?registry=verra&country=Atlantis');
  await expect(page.getByText('No projects match these filters')).toBeVisible();
  await expect(page.getByTestId('headline-totals')).toHaveCount(0);
  await page.getByRole('button', { name: 'clear the filter' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByTestId('kpi-projects')).not.toHaveText('…');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`filtered dashboard screenshot (${scheme})`, async ({ app }) => {
    await app.page.emulateMedia({ colorScheme: scheme });
    await app.page.reload();
    await app.goto('/dashboard?registry=verra&registry=gold-standard');
    await expect(app.page.getByTestId('kpi-projects')).not.toHaveText('…');
    await expect(app.page.getByTestId('chart-category-year').locator('canvas')).toHaveCount(1);
    await app.page.waitForTimeout(800);
    await app.screenshot(`dashboard-filtered-${scheme}`);
    await app.page.getByTestId('category-by-year').scrollIntoViewIfNeeded();
    const box = (await app.page.getByTestId('chart-category-year').boundingBox())!;
    await app.page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.6);
    await app.page.waitForTimeout(500);
    await app.screenshot(`dashboard-filtered-charts-${scheme}`);
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`dashboard screenshot (${scheme})`, async ({ app }) => {
    await app.page.emulateMedia({ colorScheme: scheme });
    await app.page.reload(); // the theme is read at start-up: load the app in the emulated scheme
    await app.goto('/dashboard');
    await expect(app.page.getByTestId('kpi-projects')).not.toHaveText('…');
    await expect(app.page.getByTestId('chart-listing').locator('canvas')).toHaveCount(1);
    await app.page.waitForTimeout(800);
    await app.screenshot(`dashboard-${scheme}`);
  });
}
