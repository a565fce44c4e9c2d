/**
 * Names that can be read: at 1440×900 the Projects table gives project names the room they need
 * (the numeric columns as narrow as their values, a long name on two lines), so at most 2 of the
 * first 20 are cut, in the default order and with the longest names of the demo market. Counted on
 * the DOM (a clamped or clipped name overflows its box), with screenshots to look at.
 */
import type { Page } from '@playwright/test';
import { shootBoth } from './demo-support';
import { expect, test } from './fixtures';
import { ensureSynced, type PageOf } from './market-sync';

test.beforeEach(async ({ app, webHost }) => {
  await ensureSynced(app, webHost);
});

/** The names of the table's first `n` rows and whether each is cut (wider or taller than its box). */
async function namesShown(page: Page, n: number): Promise<Array<{ name: string; cut: boolean }>> {
  const table = page.getByTestId('projects-table');
  const nameColumn = await table.locator('[role=columnheader]').evaluateAll((hs) => hs.findIndex((h) => h.getAttribute('data-column') === 'name'));
  expect(nameColumn).toBeGreaterThanOrEqual(0);
  await expect(table.locator(`[role=row][data-index="${n - 1}"] [role=cell]`).nth(nameColumn)).not.toHaveText('');
  return table.evaluate((el, { count, column }) => {
    const over = (e: Element) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1;
    const out: Array<{ name: string; cut: boolean }> = [];
    for (let i = 0; i < count; i++) {
      const cell = el.querySelectorAll(`[role=row][data-index="${i}"] [role=cell]`)[column];
      if (!cell) continue;
      out.push({ name: cell.textContent ?? '', cut: over(cell) || [...cell.querySelectorAll('*')].some(over) });
    }
    return out;
  }, { count: n, column: nameColumn });
}

test('Projects at 1440: at most 2 of the first 20 names cut, in the default order and with the longest names', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.goto('/projects');
  await expect(page.getByTestId('projects-count')).not.toContainText('…');
  const first = await namesShown(page, 20);
  expect(first).toHaveLength(20);
  const cutFirst = first.filter((r) => r.cut).map((r) => r.name);
  expect(cutFirst.length, `names cut in the default order: ${cutFirst.join(' | ')}`).toBeLessThanOrEqual(2);

  // The longest names of the market: of the words in its 50 longest names, the one whose projects'
  // names run longest (at least 20 of them), searched for; its first 20 in name order.
  const all: string[] = [];
  for (let page = 1; ; page++) {
    const p = await app.call<PageOf<{ name: string | null }>>('projects.list', { per_page: 200, current_page: page });
    all.push(...p.data.map((r) => r.name ?? ''));
    if (page >= p.pagination.total_pages) break;
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const lengths = all.map((n) => n.length).sort((a, b) => a - b);
  const words = new Set([...all].sort((a, b) => b.length - a.length).slice(0, 50).flatMap((n) => n.split(' ')).filter((w) => w.length >= 5));
  const [word] = [...words]
    .map((w): [string, string[]] => [w, all.filter((n) => n.toLowerCase().includes(w.toLowerCase())).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))])
    .filter(([, names]) => names.length >= 20)
    .sort((a, b) => mean(b[1].slice(0, 20).map((n) => n.length)) - mean(a[1].slice(0, 20).map((n) => n.length)))[0]!;
  await app.goto(`/projects?search=${encodeURIComponent(word)}&sort=name`);
  await expect(page.getByTestId('projects-search')).toHaveValue(word);
  const longest = await namesShown(page, 20);
  expect(longest).toHaveLength(20);
  // a real test of room: on average these names are longer than three in four of the market's,
  // and they hold the market's longest (a table cannot be ordered by name length)
  expect(mean(longest.map((r) => r.name.length))).toBeGreaterThan(lengths[Math.floor(lengths.length * 0.75)]!);
  expect(Math.max(...longest.map((r) => r.name.length))).toBeGreaterThanOrEqual(lengths[Math.floor(lengths.length * 0.98)]!);
  const cut = longest.filter((r) => r.cut).map((r) => r.name);
  expect(cut.length, `names cut: ${cut.join(' | ')}`).toBeLessThanOrEqual(2);
  await shootBoth(app, 'projects-long-names-1440');
  await app.goto('/projects');
  await expect(page.getByTestId('projects-count')).not.toContainText('…');
  await shootBoth(app, 'projects-names-1440');
});
