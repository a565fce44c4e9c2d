/**
 * Every calendar date on screen goes through the renderer's shared formatter ("4 Oct 2024",
 * components/format-date.ts). This scans the renderer's views and components (.tsx, where display
 * lives) for a date-named field put on screen as it came: as a JSX child, inside a template string,
 * as the value an arrow function returns (table cells, chart axes), or a year or month sliced off.
 * Date inputs, keys, links and sort fields are not display and are not matched.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const DATE_FIELD = String.raw`[\w?!]+\.(?:\w*_date|date|\w+_at|\w+At|start|period|first_purchase|last_purchase)`;
const RAW_DATE_PATTERNS: RegExp[] = [
  // {row.transaction_date} as a JSX child (not an attribute value such as key= or value=).
  new RegExp(String.raw`(?<![=\w$])\{\s*${DATE_FIELD}\s*(?:\?\?[^}]*)?\}`),
  // `… ${row.listed_at} …` in a template string.
  new RegExp(String.raw`\$\{\s*${DATE_FIELD}\s*(?:\?\?[^}]*)?\}(?!px)`),
  // (p) => p.date as a cell or an axis label.
  new RegExp(String.raw`\(\w+\) => ${DATE_FIELD}\s*(?:\?\?|[,)}]|$)`),
  // p.start.slice(0, 4): a year or month cut out of a date by hand.
  new RegExp(String.raw`${DATE_FIELD}\.slice\(0, ?(?:4|7|10)\)`),
];

function rawDateLines(source: string): string[] {
  return source.split('\n').filter((line) => !line.trim().startsWith('//') && !line.trim().startsWith('*') && RAW_DATE_PATTERNS.some((re) => re.test(line)));
}

const ROOT = join(__dirname, '..', 'src', 'renderer', 'src');
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e): string[] => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name) ? [path] : [];
  });
}

describe('dates on screen', () => {
  it('finds a raw ISO date in the shapes it looks for', () => {
    expect(rawDateLines('<td>{row.transaction_date}</td>')).toHaveLength(1);
    expect(rawDateLines('title={`Listed ${p.listed_at}`}')).toHaveLength(1);
    expect(rawDateLines("xAxis: { type: 'category', data: series.map((p) => p.date) },")).toHaveLength(1);
    expect(rawDateLines("{ id: 'run', cell: (r) => r.run_date ?? '—' },")).toHaveLength(1);
    expect(rawDateLines("data: points.map((p) => p.start.slice(0, 4)),")).toHaveLength(1);
    expect(rawDateLines('<td>{formatDate(row.transaction_date)}</td>')).toHaveLength(0);
    expect(rawDateLines('style={{ transform: `translateY(${item.start}px)` }}')).toHaveLength(0);
    expect(rawDateLines('<input type="date" value={filters.listed_at_from} />')).toHaveLength(0);
    expect(rawDateLines('<li key={e.date}>')).toHaveLength(0);
  });

  it('shows no view or component a date-named field as it came', () => {
    const offenders = sources(join(ROOT, 'views'))
      .concat(sources(join(ROOT, 'components')))
      .flatMap((file) => rawDateLines(readFileSync(file, 'utf8')).map((line) => `${relative(ROOT, file)}: ${line.trim()}`));
    expect(offenders).toEqual([]);
  });
});
