/**
 * Portfolio: the demo holdings file dropped onto the view is screened (every rule it triggers is a
 * chip, a flagged row shows its flag, a chip filters the table); a file whose quantity header is
 * unusual opens the mapping dialog, and its answer imports the file; the due-diligence report
 * downloads as PDF and its first page is rendered. Screenshots light and dark.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type AppPage } from './fixtures';
import { ensureSynced } from './market-sync';

const DEMO_FILE = path.resolve(__dirname, '../resources/demo-holdings.csv');

/** Drops a file onto the view's drop zone: dragenter, dragover and drop with a DataTransfer holding it. */
async function dropFile(app: AppPage, name: string, content: string): Promise<void> {
  await app.page.getByTestId('portfolio-drop-zone').evaluate(
    (zone, file) => {
      const dt = new DataTransfer();
      dt.items.add(new File([file.content], file.name, { type: 'text/csv' }));
      for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
    },
    { name, content },
  );
}

/** Screenshots in light, then dark, once the theme is applied (then back to light). */
async function shootThemes(app: AppPage, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await app.page.emulateMedia({ colorScheme: scheme });
    await app.page.waitForFunction((s) => document.documentElement.dataset.theme === s, scheme);
    await app.screenshot(`${name}-${scheme}`);
  }
  await app.page.emulateMedia({ colorScheme: 'light' });
}

test('import by drop, mapping dialog, rule chips filter the screened holdings', async ({ app, webHost }) => {
  const { page } = app;
  await ensureSynced(app, webHost);
  await app.goto('/portfolio');
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();

  // the demo file, dropped onto the view
  await dropFile(app, 'demo-holdings.csv', fs.readFileSync(DEMO_FILE, 'utf8'));
  const detail = page.getByTestId('portfolio-detail');
  await expect(detail.getByRole('heading', { name: 'demo-holdings' })).toBeVisible();
  const list = await app.call<Array<{ id: number; name: string; by_rule: Array<{ rule: string }> }>>('portfolios.list');
  const demo = list.find((p) => p.name === 'demo-holdings')!;
  expect(demo.by_rule.length).toBeGreaterThan(0);
  for (const { rule } of demo.by_rule) await expect(detail.locator(`[data-testid="rule-chip"][data-rule="${rule}"]`)).toBeVisible();

  // a flagged row shows its flags, and a matched project links to its page
  const holdings = await app.call<{ holdings: { data: Array<{ row: number; project_ref: string | null; flags: Array<{ rule: string }> }> } }>('portfolios.get', { id: demo.id, per_page: 50 });
  const flaggedRow = holdings.holdings.data.find((h) => h.flags.length > 0)!;
  const shown = detail.locator(`[data-testid="holding-row"][data-row="${flaggedRow.row}"]`);
  for (const f of flaggedRow.flags) await expect(shown.locator(`[data-testid="flag-chip"][data-rule="${f.rule}"]`)).toBeVisible();
  const matched = holdings.holdings.data.find((h) => h.project_ref !== null);
  if (matched) {
    const link = detail.locator(`[data-testid="holding-row"][data-row="${matched.row}"]`).getByRole('link', { name: matched.project_ref! });
    await expect(link).toHaveAttribute('href', new RegExp(`#/projects/${encodeURIComponent(matched.project_ref!)}`));
  }
  // the rows not understood, and the rules' definitions
  await detail.getByTestId('portfolio-unmatched').locator('summary').click();
  await expect(detail.getByTestId('portfolio-unmatched')).toContainText('lots');
  await detail.getByTestId('portfolio-rules').locator('summary').click();
  await expect(detail.getByTestId('portfolio-rules')).toContainText('exceeds_unretired');
  await shootThemes(app, 'portfolio-demo');

  // one rule's chip filters the table to the holdings it flags
  const rule = demo.by_rule[0]!.rule;
  const flagged = await app.call<{ holdings: { total: number } }>('portfolios.get', { id: demo.id, rule });
  await detail.locator(`[data-testid="rule-chip"][data-rule="${rule}"]`).click();
  await expect(detail.getByRole('heading', { name: `Holdings flagged by ${rule}` })).toBeVisible();
  await expect(detail.getByTestId('holding-row')).toHaveCount(flagged.holdings.total);
  for (const row of await detail.getByTestId('holding-row').all()) await expect(row.locator(`[data-rule="${rule}"]`)).toBeVisible();
  await shootThemes(app, 'portfolio-filtered');

  // the due-diligence report as PDF: downloaded, its text the portfolio's, its first page rendered
  const download = page.waitForEvent('download');
  await detail.getByTestId('portfolio-report-pdf').click();
  const pdf = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-portfolio-')), (await download).suggestedFilename());
  await (await download).saveAs(pdf);
  expect(path.basename(pdf)).toMatch(/^Due-diligence-demo-holdings-.*\.pdf$/);
  const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
  expect(text).toContain('Due diligence: demo-holdings');
  expect(text).toContain('Provenance');
  for (const { rule: r } of demo.by_rule) expect(text).toContain(r);
  const shots = path.join('e2e', 'output', 'screenshots');
  fs.mkdirSync(shots, { recursive: true });
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', pdf, path.join(shots, 'portfolio-report-page-1')]);
  expect(fs.statSync(path.join(shots, 'portfolio-report-page-1.png')).size).toBeGreaterThan(10_000);

  // a file whose quantity header is unusual: the mapping dialog asks for it, Escape cancels
  const odd = 'Project ID,Vintage,Amount tonnes\r\nACR-1114,2019,"1,200"\r\nGLD 1002,,40\r\n';
  await dropFile(app, 'odd-book.csv', odd);
  const dialog = page.getByTestId('mapping-dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await dropFile(app, 'odd-book.csv', odd);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('mapping-quantity')).toBeFocused();
  await dialog.getByTestId('mapping-quantity').selectOption('Amount tonnes');
  await shootThemes(app, 'portfolio-mapping');
  await dialog.getByRole('button', { name: 'Import with these columns' }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByRole('heading', { name: 'odd-book' })).toBeVisible();
  await expect(detail.getByTestId('holding-row')).toHaveCount(2);
  await expect(detail.getByTestId('holding-row').first()).toContainText('1,200');
  await expect(page.getByTestId('portfolio-row')).toHaveCount(list.length + 1);

  // a file that is not a table is refused in one sentence
  await dropFile(app, 'notes.pdf', '%PDF-1.4');
  await expect(page.getByTestId('portfolio-import-error')).toContainText('is not a holdings table');

  // at 1024 the view fits its width
  await page.setViewportSize({ width: 1024, height: 700 });
  await detail.getByRole('heading', { name: 'odd-book' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shootThemes(app, 'portfolio-1024');
  expect(app.consoleErrors).toEqual([]);
});
