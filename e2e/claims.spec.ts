/** Claims: a claim with a shortfall and near matches, answered as claims.verify answers it. */
import { expect, test } from './fixtures';
import { waitForDemoSync } from './demo-support';

interface Claim {
  matched: { quantity: number; transactions: number };
  near_matches: Array<{ field: string; value: string }>;
  shortfall: number | null;
}

test('a claim with a shortfall and near matches', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  const buyers = await app.call<{ data: Array<{ buyer_name: string }> }>('buyers.list', { per_page: 60 });
  let chosen: { name: string; claim: Claim } | null = null;
  for (const b of buyers.data) {
    const claim = await app.call<Claim>('claims.verify', { beneficiary: b.buyer_name });
    if (claim.near_matches.length && claim.matched.transactions) {
      chosen = { name: b.buyer_name, claim };
      break;
    }
  }
  expect(chosen, 'a buyer with near matches in the demo market').not.toBeNull();
  const tonnes = Math.round(chosen!.claim.matched.quantity + 1000);

  await app.goto('/claims');
  await page.getByTestId('claim-beneficiary').fill(chosen!.name.toUpperCase());
  await page.getByTestId('claim-tonnes').fill(String(tonnes));
  await page.getByTestId('claim-verify').click();
  const expected = await app.call<Claim>('claims.verify', { beneficiary: chosen!.name.toUpperCase(), tonnes });
  expect(expected.shortfall).toBeGreaterThan(0);
  await expect(page.getByTestId('claim-gap')).toContainText('Shortfall');
  await expect(page.getByTestId('claim-gap')).toContainText(Math.round(expected.shortfall!).toLocaleString('en-US').slice(0, 3));
  await expect(page.getByTestId('claim-matched')).toContainText(`${expected.matched.transactions.toLocaleString('en-US')} retirements`);
  await expect(page.getByTestId('near-match-row').first()).toBeVisible();
  await expect(page.getByTestId('claim-transaction-row').first()).toBeVisible();
  await expect(page.getByTestId('claim-by-project')).toBeVisible();
  await app.screenshot('claims-shortfall-light');
  expect(app.consoleErrors).toEqual([]);
});
