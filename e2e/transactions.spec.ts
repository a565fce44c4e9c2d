/** Transactions: groups P, C, B, sort, paging, expansion and the URL, compared with credits.list. */
import path from 'node:path';
import { expect, test, SCREENSHOT_DIR, type AppPage } from './fixtures';
import { ensureSynced, fmt, type PageOf } from './market-sync';
import { shootBoth } from './demo-support';

interface CreditRow {
  id: number;
  quantity: number;
  retirement_beneficiary_harmonized: string | null;
  retirement_account: string | null;
}

test.beforeEach(async ({ app, webHost }) => {
  await ensureSynced(app, webHost);
});

const table = (app: AppPage) => app.page.getByTestId('transactions-table');
const row = (app: AppPage, n: number) => table(app).locator(`[role=row][aria-rowindex="${n + 2}"]`);

async function expectCount(app: AppPage, query: Record<string, unknown>) {
  const all = await app.call<PageOf<CreditRow>>('credits.list', { per_page: 1 });
  const filtered = await app.call<PageOf<CreditRow>>('credits.list', { ...query, per_page: 1 });
  await expect(app.page.getByTestId('transactions-count')).toHaveText(`${fmt(filtered.pagination.total_entries)} of ${fmt(all.pagination.total_entries)} credit transactions`);
  return filtered;
}

test('the table shows credits.list with groups C and B, sort and paging', async ({ app }) => {
  const { page } = app;
  await app.goto('/transactions');
  await expectCount(app, {});

  // sort by quantity, largest first
  await table(app).getByRole('button', { name: /^Quantity/ }).click();
  await expect(page).toHaveURL(/sort=-quantity/);
  const big = await app.call<PageOf<CreditRow>>('credits.list', { per_page: 1, sort: ['-quantity'] });
  await expect(row(app, 0)).toContainText(fmt(big.data[0]!.quantity));

  // paging by scroll
  const page3 = await app.call<PageOf<CreditRow>>('credits.list', { per_page: 100, current_page: 3, sort: ['-quantity'] });
  await table(app).locator('.data-table-scroll').evaluate((el) => el.scrollTo(0, 34 * 240));
  await expect(row(app, 250)).toContainText(fmt(page3.data[50]!.quantity));
  // virtualized: only the rows on screen (plus overscan) are in the DOM, whatever the total
  expect(await table(app).locator('.data-table-body [role=row]').count()).toBeLessThan(80);

  // group C through the panel: retirements only
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByTestId('filter-transaction-type').getByRole('button').click();
  await page.getByRole('option', { name: 'Retirement' }).getByRole('checkbox').check();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/transaction_type=retirement/);
  const retirements = await expectCount(app, { transaction_type: ['retirement'], sort: ['-quantity'] });
  await expect(row(app, 0)).toContainText(fmt(retirements.data[0]!.quantity));

  // group B: beneficiary search (harmonized name by default), then a field choice
  const buyer = retirements.data[0]!.retirement_beneficiary_harmonized ?? 'a';
  const term = buyer.slice(0, Math.min(6, buyer.length));
  await page.getByTestId('transactions-search').fill(term);
  await expect(page).toHaveURL(/beneficiary_search=/);
  await expectCount(app, { transaction_type: ['retirement'], beneficiary_search: term });
  await page.getByTestId('filter-beneficiary-fields').getByRole('button').click();
  await page.getByRole('option', { name: 'Account' }).getByRole('checkbox').check();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/beneficiary_search_fields=retirement_beneficiary_account/);
  await expectCount(app, { transaction_type: ['retirement'], beneficiary_search: term, beneficiary_search_fields: ['retirement_beneficiary_account'] });

  // reload keeps it; back steps to the previous filters
  await page.reload();
  await expectCount(app, { transaction_type: ['retirement'], beneficiary_search: term, beneficiary_search_fields: ['retirement_beneficiary_account'] });
  await page.goBack();
  await expectCount(app, { transaction_type: ['retirement'], beneficiary_search: term });
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expectCount(app, {});
});

test('group P and C filters from a link; rows expand; buyer names link to buyer pages', async ({ app }) => {
  const { page } = app;
  const query = { registry: ['verra', 'gold-standard'], transaction_type: ['retirement'], vintage: [2019, 2020, 2021, 2022, 2023, 2024], quantity_min: 10 };
  await app.goto('/transactions?registry=verra&registry=gold-standard&transaction_type=retirement&vintage=2019&vintage=2020&vintage=2021&vintage=2022&vintage=2023&vintage=2024&quantity_min=10');
  // The view opens newest first: compare with the same order.
  const filtered = await expectCount(app, { ...query, sort: ['-transaction_date', '-id'] });
  await expect(page.getByTestId('transactions-chips').getByRole('listitem')).toHaveCount(10);
  // The demo market at the e2e scale has such transactions: a row to expand is part of the test.
  expect(filtered.pagination.total_entries).toBeGreaterThan(0);
  const first = filtered.data[0]!;
  await row(app, 0).getByRole('button', { name: 'Expand row' }).click();
  const details = page.getByTestId('credit-details');
  await expect(details).toContainText(String(first.id));
  if (first.retirement_account) await expect(details).toContainText(first.retirement_account);
  if (first.retirement_beneficiary_harmonized) {
    await row(app, 0).getByRole('link', { name: first.retirement_beneficiary_harmonized }).first().click();
    await expect(page).toHaveURL(new RegExp(`#/buyers/${encodeURIComponent(first.retirement_beneficiary_harmonized).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  }
});

test('one buyer from a link (app-only `buyer`, exact name ignoring case): the count of buyers.get, a removable chip', async ({ app }) => {
  const { page } = app;
  const top = (await app.call<PageOf<{ buyer_name: string; total_transactions: number }>>('buyers.list', { per_page: 1 })).data[0]!;
  const shouted = top.buyer_name.toUpperCase();
  await app.goto(`/transactions?${new URLSearchParams([['buyer', shouted], ['transaction_type', 'retirement']]).toString()}`);
  const filtered = await expectCount(app, { buyer: shouted, transaction_type: ['retirement'] });
  expect(filtered.pagination.total_entries).toBe(top.total_transactions);
  expect(filtered.data[0]!.retirement_beneficiary_harmonized?.toUpperCase()).toBe(shouted);
  const chip = page.getByTestId('transactions-chips').getByRole('listitem').filter({ hasText: `Buyer: ${shouted}` });
  await expect(chip).toHaveCount(1);
  await chip.getByRole('button', { name: /^Remove filter/ }).click();
  await expect(page).not.toHaveURL(/[?&]buyer=/);
  await expectCount(app, { transaction_type: ['retirement'] });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`transactions screenshot (${scheme})`, async ({ app }) => {
    const { page } = app;
    await page.emulateMedia({ colorScheme: scheme });
    await app.page.reload(); // the theme is read at start-up: load the app in the emulated scheme
    await app.goto('/transactions?transaction_type=retirement&sort=-transaction_date');
    await expect(page.getByTestId('transactions-count')).not.toContainText('…');
    await row(app, 1).getByRole('button', { name: 'Expand row' }).click();
    await app.screenshot(`transactions-${scheme}`);
    // A link with filters opens with the panel open.
    const filters = page.getByRole('button', { name: /^Filters/ });
    if ((await filters.getAttribute('aria-expanded')) !== 'true') await filters.click();
    await page.getByRole('button', { name: /Project filters/ }).click();
    await app.screenshot(`transactions-filters-${scheme}`);
  });
}

test('opens on the newest transactions, with the order shown on the Date column', async ({ app }) => {
  const { page } = app;
  await app.goto('/transactions');
  const newest = await app.call<PageOf<CreditRow & { transaction_date: string | null }>>('credits.list', { per_page: 1, sort: ['-transaction_date', '-id'] });
  await expect(table(app).getByRole('columnheader', { name: /^Date/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(row(app, 0)).toContainText(fmt(newest.data[0]!.quantity));
  await expect(page).not.toHaveURL(/sort=/);
});

test('the totals strip shows issued, retired and cancelled apart, each equal to the sums of the rows credits.list pages through', async ({ app }) => {
  const { page } = app;
  // a set with every type in it: the transactions of the projects of one registry
  const filters = { registry: ['verra'] };
  const byType = new Map<string, { transactions: number; quantity: number }>();
  let transactions = 0;
  const projects = new Set<string>();
  for (let p = 1; ; p++) {
    const res = await app.call<PageOf<{ quantity: number | null; transaction_type: string | null; projects: Array<{ project_id: string }> }>>('credits.list', { ...filters, per_page: 200, current_page: p });
    for (const t of res.data) {
      transactions++;
      const sum = byType.get(t.transaction_type ?? '') ?? { transactions: 0, quantity: 0 };
      sum.transactions++;
      sum.quantity += t.quantity ?? 0;
      byType.set(t.transaction_type ?? '', sum);
      projects.add(t.projects[0]!.project_id);
    }
    if (p >= res.pagination.total_pages) break;
  }
  expect(byType.get('cancellation')?.transactions ?? 0).toBeGreaterThan(0);
  await app.goto('/transactions?registry=verra');
  const strip = page.getByTestId('totals-strip');
  await expect(strip.getByTestId('total-transactions')).toContainText(fmt(transactions));
  await expect(strip.getByTestId('total-projects')).toContainText(fmt(projects.size));
  for (const [type, testId, label] of [['issuance', 'total-issued', 'Issued'], ['retirement', 'total-retired', 'Retired'], ['cancellation', 'total-cancelled', 'Cancelled']] as const) {
    const sum = byType.get(type)!;
    const cell = strip.getByTestId(testId);
    await expect(cell).toContainText(label);
    await expect(cell).toContainText(`${fmt(Math.round(sum.quantity))} tCO2e`);
    await expect(cell).toContainText(`in ${fmt(sum.transactions)} transaction`);
  }
  // no volume adds the types together
  await expect(strip).not.toContainText('Volume');
  await expect(strip.getByTestId('total-quantity')).toHaveCount(0);
  await app.screenshot('transactions-totals');
  for (const [w, h] of [[1440, 900], [1024, 700]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await shootBoth(app, `transactions-totals-by-type-${w}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('a vintage range set in the panel: one chip, kept in the URL, the totals strip equals the sums of the rows credits.list pages through', async ({ app }) => {
  const { page } = app;
  // a range the market holds: a few vintages from the lower third of those present
  const totals = await app.call<{ by_vintage: Array<{ vintage: number | null }> }>('credits.totals', {});
  const vintages = totals.by_vintage.map((v) => v.vintage).filter((v): v is number => v !== null).sort((a, b) => a - b);
  const from = vintages[Math.floor(vintages.length / 3)]!;
  const to = from + 3;
  const query = { vintage_min: from, vintage_max: to };
  let transactions = 0;
  let quantity = 0;
  const retired = { transactions: 0, quantity: 0 };
  for (let p = 1; ; p++) {
    const res = await app.call<PageOf<{ quantity: number | null; vintage: number | null; transaction_type: string | null }>>('credits.list', { ...query, per_page: 200, current_page: p });
    for (const t of res.data) {
      expect(t.vintage).not.toBeNull();
      expect(t.vintage! >= from && t.vintage! <= to).toBe(true);
      transactions++;
      quantity += t.quantity ?? 0;
      if (t.transaction_type === 'retirement') {
        retired.transactions++;
        retired.quantity += t.quantity ?? 0;
      }
    }
    if (p >= res.pagination.total_pages) break;
  }
  expect(transactions).toBeGreaterThan(0);
  type TypeTotal = { transactions: number; quantity: number };
  const own = await app.call<{ transactions: number; issued: TypeTotal; retired: TypeTotal; cancelled: TypeTotal; other_types: TypeTotal[] }>('credits.totals', query);
  expect(own.transactions).toBe(transactions);
  expect(own.issued.quantity + own.retired.quantity + own.cancelled.quantity + own.other_types.reduce((s, t) => s + t.quantity, 0)).toBeCloseTo(quantity, 6);

  await app.goto('/transactions');
  await expectCount(app, {});
  const filters = page.getByRole('button', { name: /^Filters/ });
  if ((await filters.getAttribute('aria-expanded')) !== 'true') await filters.click();
  const range = page.getByTestId('filter-vintage-range');
  const chips = page.getByTestId('transactions-chips');

  // odd input is named, not applied
  const lo = range.getByLabel('Vintage range minimum');
  const hi = range.getByLabel('Vintage range maximum');
  await lo.fill('20x5');
  await expect(range.getByRole('alert')).toHaveText('"20x5" is not a number');
  await lo.fill('20155');
  await expect(range.getByRole('alert')).toHaveText('"20155" is not a vintage year (e.g. 2015)');
  await page.waitForTimeout(600); // past the boxes' pause: still nothing applied
  await expect(page).not.toHaveURL(/vintage_m/);
  await expect(chips).toHaveCount(0);
  await lo.fill('');

  // an open-ended range, then a from after the to: held back with a message
  await hi.fill(String(to));
  await expect(page).toHaveURL(new RegExp(`vintage_max=${to}`));
  await expect(chips.getByRole('listitem').filter({ hasText: `Vintage ≤ ${to}` })).toHaveCount(1);
  await lo.fill(String(to + 1));
  await expect(range.getByRole('alert')).toHaveText('The first vintage is after the last');
  await range.screenshot({ path: path.join(SCREENSHOT_DIR, 'transactions-vintage-range-error.png') });
  await page.waitForTimeout(600);
  await expect(page).not.toHaveURL(/vintage_min/);

  // the range itself
  await lo.fill(String(from));
  await expect(range.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`vintage_min=${from}`));
  await expect(page).toHaveURL(new RegExp(`vintage_max=${to}`));
  const chip = chips.getByRole('listitem').filter({ hasText: `Vintage ${from}–${to}` });
  await expect(chip).toHaveCount(1);
  await expect(chips.getByRole('listitem')).toHaveCount(1);
  await expectCount(app, query);
  const strip = page.getByTestId('totals-strip');
  await expect(strip.getByTestId('total-transactions')).toContainText(fmt(transactions));
  await expect(strip.getByTestId('total-retired')).toContainText(`${fmt(Math.round(retired.quantity))} tCO2e in ${fmt(retired.transactions)} transaction`);
  await page.getByTestId('credit-filters').screenshot({ path: path.join(SCREENSHOT_DIR, 'transactions-vintage-range-panel.png') });
  await app.screenshot('transactions-vintage-range');

  // open-ended: the to cleared
  await hi.fill('');
  await expect(page).not.toHaveURL(/vintage_max=/);
  await expect(chips.getByRole('listitem').filter({ hasText: `Vintage ≥ ${from}` })).toHaveCount(1);
  await expectCount(app, { vintage_min: from });

  // a reload keeps it; the chip clears it
  await page.reload();
  await expectCount(app, { vintage_min: from });
  await chips.getByRole('listitem').filter({ hasText: `Vintage ≥ ${from}` }).getByRole('button', { name: /^Remove filter/ }).click();
  await expect(page).not.toHaveURL(/vintage_m/);
  await expectCount(app, {});
  await expect(range.getByLabel('Vintage range minimum')).toHaveValue('');
});
