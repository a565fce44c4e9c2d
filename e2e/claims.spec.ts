/** Claims: a claim with a shortfall and near matches, answered as claims.verify answers it. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

  // The claim report as PDF: downloaded, its first page rendered for a look, its text the claim's.
  const download = page.waitForEvent('download');
  await page.getByTestId('claim-report-pdf').click();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-claim-')), (await download).suggestedFilename());
  await (await download).saveAs(file);
  expect(path.basename(file)).toMatch(/^Retirement-claim-.*\.pdf$/);
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Shortfall of');
  expect(text).toContain('Provenance');
  const shots = path.join('e2e', 'output', 'screenshots');
  fs.mkdirSync(shots, { recursive: true });
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, path.join(shots, 'claim-report-page-1')]);
  expect(fs.statSync(path.join(shots, 'claim-report-page-1.png')).size).toBeGreaterThan(10_000);
  expect(app.consoleErrors).toEqual([]);
});
