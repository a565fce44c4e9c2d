/**
 * Every view at the two window sizes analysts use (1440×900 and 1024×700), in light and dark:
 * a screenshot of each in `output/screenshots/every-view/`, no console error, no page-wide
 * horizontal scroll. The Projects table's default columns are checked on the DOM: each one on
 * screen and untruncated for typical values (a screenshot alone would not fail).
 */
import type { Page } from '@playwright/test';
import { expect, test, type AppPage } from './fixtures';
import { ensureSynced, type PageOf } from './market-sync';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;

test.beforeEach(async ({ app, webHost }) => {
  await ensureSynced(app, webHost);
});

/** Waits until the view's data is in: no skeleton row, no busy region, no loading line, no request in flight. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('main .dt-skeleton')).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('main').getByText(/^Loading/)).toHaveCount(0);
  await page.waitForTimeout(600); // chart animations
}

interface Sample {
  projectId: string;
  buyer: string;
  country: string;
  forensicProject: string;
}

async function sample(app: AppPage): Promise<Sample> {
  const projects = await app.call<PageOf<{ project_id: string; retired: number }>>('projects.list', { per_page: 1, sort: ['-retired'] });
  const buyers = await app.call<PageOf<{ buyer_name: string }>>('buyers.list', { per_page: 1 });
  const countries = (await app.call<Array<{ country_code: string | null; has_profile: boolean; projects: number }>>('countries.index'))
    .filter((c) => c.country_code && c.has_profile)
    .sort((a, b) => b.projects - a.projects);
  const legacy = await app.call<PageOf<{ project_id: string }>>('forensics.legacy', { per_page: 1 });
  return {
    projectId: projects.data[0]!.project_id,
    buyer: buyers.data[0]!.buyer_name,
    country: countries[0]!.country_code!,
    forensicProject: legacy.data[0]?.project_id ?? projects.data[0]!.project_id,
  };
}

const views = (s: Sample): Array<{ name: string; route: string }> => [
  { name: 'dashboard', route: '/dashboard' },
  { name: 'changes', route: '/changes' },
  { name: 'projects', route: '/projects' },
  { name: 'project-page', route: `/projects/${encodeURIComponent(s.projectId)}` },
  { name: 'transactions', route: '/transactions' },
  { name: 'buyers', route: '/buyers' },
  { name: 'buyer-page', route: `/buyers/${encodeURIComponent(s.buyer)}` },
  { name: 'forensics-feed', route: '/forensics' },
  { name: 'forensics-legacy', route: '/forensics/legacy' },
  { name: 'forensics-project', route: `/forensics/projects/${encodeURIComponent(s.forensicProject)}` },
  { name: 'satellite', route: '/satellite' },
  { name: 'countries', route: '/countries' },
  { name: 'country-profile', route: `/countries/${encodeURIComponent(s.country)}` },
  { name: 'watchlist', route: '/watchlist' },
  { name: 'portfolio', route: '/portfolio' },
  { name: 'sync', route: '/sync' },
  { name: 'settings', route: '/settings' },
];

for (const scheme of ['light', 'dark'] as const) {
  for (const size of SIZES) {
    test(`every view at ${size.width}×${size.height} (${scheme}): drawn, no console error, no page-wide horizontal scroll`, async ({ app }) => {
      test.setTimeout(240_000);
      const { page } = app;
      const s = await sample(app);
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme });
      await page.reload(); // the theme is read at start-up
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      const overflowing: string[] = [];
      for (const v of views(s)) {
        await app.goto(v.route);
        await settle(page);
        const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
        if (widths.doc > widths.view + 1) overflowing.push(`${v.name}: ${widths.doc} px wide in a ${widths.view} px window`);
        await app.screenshot(`every-view/${v.name}-${size.width}-${scheme}`);
      }
      expect(overflowing).toEqual([]);
      expect(app.consoleErrors).toEqual([]);
    });
  }
}

/** Per default column of the Projects table: its header and how many of the shown cells are cut. */
async function projectColumns(page: Page) {
  return page.getByTestId('projects-table').evaluate((table) => {
    const bounds = table.getBoundingClientRect();
    const headers = [...table.querySelectorAll('[role=columnheader]')] as HTMLElement[];
    const rows = [...table.querySelectorAll('[role=row][aria-rowindex]')].filter((r) => r.getAttribute('aria-rowindex') !== '1') as HTMLElement[];
    const visibleRows = rows.filter((r) => {
      const b = r.getBoundingClientRect();
      return b.top >= bounds.top && b.bottom <= bounds.bottom;
    });
    const cut = (el: HTMLElement) => el.scrollWidth > el.clientWidth + 1;
    return headers.map((h, i) => {
      const b = h.getBoundingClientRect();
      const cells = visibleRows.map((r) => r.querySelectorAll('[role=cell]')[i] as HTMLElement | undefined).filter((c): c is HTMLElement => c !== undefined);
      return {
        header: h.textContent?.trim() ?? '',
        onScreen: b.left >= bounds.left - 1 && b.right <= bounds.right + 1,
        headerCut: [...h.querySelectorAll('*')].some((e) => cut(e as HTMLElement)) || cut(h),
        cells: cells.map((c) => ({ text: c.textContent ?? '', cut: cut(c) })),
      };
    });
  });
}

for (const size of SIZES) {
  test(`the Projects table at ${size.width}: every default column on screen, headers and typical values untruncated`, async ({ app }) => {
    const { page } = app;
    await page.setViewportSize(size);
    // A typical name or type: up to the 80th percentile of its length in the market (the rows on
    // screen may be one registry's, whose names run long); other columns: of the values on screen.
    const sample = await app.call<PageOf<{ name: string | null; project_type: string | null }>>('projects.list', { per_page: 200, sort: ['name'] });
    const p80 = (lengths: number[]) => [...lengths].sort((a, b) => a - b)[Math.floor(lengths.length * 0.8)]!;
    const typicalOf: Record<string, number> = {
      Name: p80(sample.data.map((p) => (p.name ?? '').length)),
      Type: p80(sample.data.map((p) => (p.project_type ?? '').length)),
    };
    // The default order, then the largest issuers (every registry and category on screen).
    for (const route of ['/projects', '/projects?sort=-issued']) {
      await app.goto(route);
      await settle(page);
      const columns = await projectColumns(page);
      expect(columns.length).toBeGreaterThan(5);
      const off = columns.filter((c) => !c.onScreen).map((c) => c.header);
      expect(off, `columns off screen at ${route}`).toEqual([]);
      expect(columns.filter((c) => c.headerCut).map((c) => c.header), 'headers cut').toEqual([]);
      for (const c of columns) {
        expect(c.cells.length).toBeGreaterThan(5);
        const typical = typicalOf[c.header.replace(/\W+$/, '')] ?? p80(c.cells.map((x) => x.text.length));
        const cut = c.cells.filter((x) => x.cut && x.text.length <= typical).map((x) => x.text);
        expect(cut, `${c.header}: typical values cut at ${size.width}, ${route}`).toEqual([]);
      }
    }
    await app.screenshot(`every-view/projects-columns-${size.width}`);
  });
}
