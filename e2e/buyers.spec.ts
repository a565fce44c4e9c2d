/** Buyers: the leaderboard answers what the contract answers for the same sort and filters; a buyer's page. */
import { expect, test } from './fixtures';
import { shootBoth, waitForDemoSync } from './demo-support';
import { fmt } from './market-sync';

interface Page<T> {
  pagination: { total_entries: number; total_pages: number };
  data: T[];
}
interface Buyer {
  buyer_name: string;
  total_volume: number;
  total_transactions: number;
}

const firstCell = (page: import('@playwright/test').Page) => page.getByTestId('buyers-table').locator('[role="row"][data-index="0"] a').first();

test('leaderboard: sort fields and buyer, credit and project filters match buyers.list', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  await app.goto('/buyers');
  const all = await app.call<Page<Buyer>>('buyers.list', { per_page: 1 });
  await expect(page.getByTestId('buyers-count')).toContainText(all.pagination.total_entries.toLocaleString('en-US'));
  await expect(firstCell(page)).toHaveText(all.data[0]!.buyer_name);

  // sort by number of retirements (click the header: descending first for numbers)
  await page.getByTestId('buyers-table').getByRole('columnheader', { name: /^Retirements, all time/ }).click();
  await expect(page).toHaveURL(/sort=-total_transactions/);
  const byCount = await app.call<Page<Buyer>>('buyers.list', { per_page: 1, sort: ['-total_transactions'] });
  await expect(firstCell(page)).toHaveText(byCount.data[0]!.buyer_name);

  // forest credits in one country, buyers active in the last 12 months, at least 2 retirements
  const countries = await app.call<Array<{ country: string; issued: number }>>('countries.index');
  const country = countries.sort((a, b) => b.issued - a.issued)[0]!.country;
  await app.goto(`/buyers?category=forest&country=${encodeURIComponent(country)}&is_active_12m=true&total_transactions_min=2`);
  const filtered = await app.call<Page<Buyer>>('buyers.list', { category: ['forest'], country: [country], is_active_12m: true, total_transactions_min: 2, per_page: 1 });
  if (filtered.pagination.total_entries > 0) {
    await expect(page.getByTestId('buyers-count')).toContainText(`${filtered.pagination.total_entries.toLocaleString('en-US')} buyers`);
    await expect(firstCell(page)).toHaveText(filtered.data[0]!.buyer_name);
  } else {
    await expect(page.getByText('No buyer matches these filters')).toBeVisible();
  }
  await expect(page.getByTestId('buyers-chips')).toContainText('Category: Forest');
  await expect(page.getByTestId('buyers-chips')).toContainText(`Country: ${country}`);
  await shootBoth(app, 'buyers-leaderboard');

  // a bad value in the link is reported, the other filters stay
  await app.goto('/buyers?volume_12m_min=lots&category=forest');
  await expect(page.getByText('Not applied:')).toContainText('volume_12m_min=lots');
  await expect(page.getByTestId('buyers-chips')).toContainText('Category: Forest');
});

test('buyer page: summary, vintages, monthly series, portfolio and retirements', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  const top = (await app.call<Page<Buyer>>('buyers.list', { per_page: 1 })).data[0]!;
  await app.goto('/buyers');
  await firstCell(page).click();
  await expect(page).toHaveURL(new RegExp(`#/buyers/${encodeURIComponent(top.buyer_name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(top.buyer_name);
  await expect(page.getByTestId('buyer-total-volume')).toContainText(top.total_volume.toLocaleString('en-US'));
  await expect(page.getByTestId('buyer-vintage-chart')).toBeVisible();
  await expect(page.getByTestId('buyer-monthly-chart')).toBeVisible();
  // the portfolio compares this year so far with the same period of last year, and says which
  const analytics = await app.call<{ portfolio_by_category: { as_of?: string } }>('buyers.analytics', { buyer_name: top.buyer_name });
  const asOf = analytics.portfolio_by_category.as_of!;
  const day = new Date(`${asOf}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const year = Number(asOf.slice(0, 4));
  const lastYearDay = asOf.slice(5) === '02-29' ? '28 Feb' : day;
  await expect(page.getByTestId('buyer-portfolio-period')).toHaveText(`1 Jan – ${day} ${year} vs 1 Jan – ${lastYearDay} ${year - 1}`);
  // the buyer's retirements by the exact (app-only) buyer filter: as many as buyers.get counts
  const retirements = await app.call<Page<unknown>>('credits.list', { buyer: top.buyer_name, transaction_type: ['retirement'], per_page: 1 });
  const got = await app.call<Buyer>('buyers.get', { buyer_name: top.buyer_name });
  expect(retirements.pagination.total_entries).toBe(got.total_transactions);
  await expect(page.getByTestId('buyer-transactions-count')).toHaveText(`${fmt(got.total_transactions)} retirement transactions of “${top.buyer_name}”`);
  await shootBoth(app, 'buyer-page');
  expect(app.consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
});

test('buyer page: exactly the buyer\'s retirements (not those of a longer name); Transactions takes them with a removable Buyer chip', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  // every buyer; prefer one whose name is part of another buyer's ("… Co" in "… Corporation"):
  // the substring beneficiary search over-counts exactly those
  const names: string[] = [];
  for (let p = 1; ; p++) {
    const r = await app.call<Page<Buyer>>('buyers.list', { per_page: 200, current_page: p, sort: ['buyer_name'] });
    names.push(...r.data.map((b) => b.buyer_name));
    if (p >= r.pagination.total_pages) break;
  }
  const lower = names.map((n) => n.toLowerCase());
  const nested = names.find((n, i) => lower.some((other, j) => j !== i && other !== lower[i] && other.includes(lower[i]!)));
  const name = nested ?? names[0]!;
  test.info().annotations.push({ type: 'buyer', description: nested ? `"${name}" is part of another buyer's name` : `no nested buyer name at this scale; "${name}"` });

  const buyer = await app.call<Buyer>('buyers.get', { buyer_name: name });
  const exact = await app.call<Page<unknown>>('credits.list', { buyer: name, transaction_type: ['retirement'], per_page: 1 });
  const substring = await app.call<Page<unknown>>('credits.list', { beneficiary_search: name, transaction_type: ['retirement'], per_page: 1 });
  expect(exact.pagination.total_entries).toBe(buyer.total_transactions);
  if (nested) expect(substring.pagination.total_entries).toBeGreaterThan(buyer.total_transactions);

  await app.goto(`/buyers/${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(buyer.buyer_name);
  await expect(page.getByTestId('buyer-transactions-count')).toHaveText(`${fmt(buyer.total_transactions)} retirement transactions of “${buyer.buyer_name}”`);

  // the link opens Transactions on the same query: Buyer and Type chips, the same count
  const all = await app.call<Page<unknown>>('credits.list', { per_page: 1 });
  await page.getByRole('link', { name: 'Open in Transactions' }).click();
  await expect(page).toHaveURL(/#\/transactions\?(.*&)?buyer=/);
  const chips = page.getByTestId('transactions-chips');
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  await expect(chips).toContainText(`Buyer: ${buyer.buyer_name}`);
  await expect(chips).toContainText('Type: Retirement');
  await expect(page.getByTestId('transactions-count')).toHaveText(`${fmt(buyer.total_transactions)} of ${fmt(all.pagination.total_entries)} credit transactions`);
  await shootBoth(app, 'transactions-buyer-chip');

  // removing the chip drops the filter: every retirement
  await chips.getByRole('button', { name: `Remove filter Buyer: ${buyer.buyer_name}` }).click();
  await expect(page).not.toHaveURL(/[?&]buyer=/);
  const retirements = await app.call<Page<unknown>>('credits.list', { transaction_type: ['retirement'], per_page: 1 });
  await expect(page.getByTestId('transactions-count')).toHaveText(`${fmt(retirements.pagination.total_entries)} of ${fmt(all.pagination.total_entries)} credit transactions`);
  expect(app.consoleErrors).toEqual([]);
});

test('the filter panel starts closed, also when a link carries filters (chips show them), and stays as the user left it', async ({ app }) => {
  const { page } = app;
  const toggle = page.getByRole('button', { name: /^Filters/ });
  await page.evaluate(() => localStorage.removeItem('carbon-desk.buyers.filters-open'));
  await app.goto('/buyers');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.evaluate(() => (window.location.hash = '#/buyers?category=forest'));
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('buyers-chips')).toContainText('Forest');
  // opened, it is open on the next visit and after a reload; closed, it stays closed
  await toggle.click();
  await expect(page.getByTestId('buyer-filters')).toBeVisible();
  await app.goto('/projects');
  await app.goto('/buyers');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // another view keeps its own choice
  await app.goto('/projects');
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveAttribute('aria-expanded', 'false');
});

test('a vintage range counts only those vintages\' retirements: set in the panel, one chip; a huge year in a link is not applied', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  await app.goto('/buyers');
  const filters = page.getByRole('button', { name: /^Filters/ });
  if ((await filters.getAttribute('aria-expanded')) !== 'true') await filters.click();
  const range = page.getByTestId('filter-vintage-range');
  await range.getByLabel('Vintage range minimum').fill('2016');
  await range.getByLabel('Vintage range maximum').fill('2019');
  await expect(page).toHaveURL(/vintage_min=2016/);
  await expect(page).toHaveURL(/vintage_max=2019/);
  const ranged = await app.call<Page<Buyer>>('buyers.list', { vintage_min: 2016, vintage_max: 2019, per_page: 1 });
  await expect(page.getByTestId('buyers-count')).toContainText(`${fmt(ranged.pagination.total_entries)} buyers`);
  if (ranged.pagination.total_entries > 0) await expect(firstCell(page)).toHaveText(ranged.data[0]!.buyer_name);
  await expect(page.getByTestId('buyers-chips').getByRole('listitem')).toHaveText(['Vintage 2016–2019×']);

  await app.goto('/buyers?vintage_min=99999999999999999999&vintage_max=2019');
  await expect(page.getByText('Not applied:')).toContainText('vintage_min=99999999999999999999');
  await expect(page.getByTestId('buyers-chips')).toContainText('Vintage ≤ 2019');
});
