/** Buyers: the leaderboard answers what the contract answers for the same sort and filters; a buyer's page. */
import { expect, test } from './fixtures';
import { shootBoth, waitForDemoSync } from './demo-support';

interface Page<T> {
  pagination: { total_entries: number };
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
  await page.getByTestId('buyers-table').getByRole('columnheader', { name: /Retirements/ }).click();
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
  const retirements = await app.call<Page<unknown>>('credits.list', {
    beneficiary_search: top.buyer_name,
    beneficiary_search_fields: ['retirement_beneficiary_harmonized'],
    transaction_type: ['retirement'],
    per_page: 1,
  });
  await expect(page.getByText(`${retirements.pagination.total_entries.toLocaleString('en-US')} retirement transactions`)).toBeVisible();
  expect(retirements.pagination.total_entries).toBeGreaterThanOrEqual(top.total_transactions);
  await shootBoth(app, 'buyer-page');
  expect(app.consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
});
