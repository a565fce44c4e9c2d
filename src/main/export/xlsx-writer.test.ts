import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { HOSTILE_STRINGS } from '../../shared/testing/hostile-strings';
import { ExportCancelled } from './csv-writer';
import type { CsvColumn } from './row-source';
import { writeXlsx, xlsxCell, XLSX_MAX_CELL, XLSX_MAX_ROWS, XlsxTooManyRows } from './xlsx-writer';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-xlsx-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const columns: CsvColumn[] = [
  { header: 'id', kind: 'number', read: (r) => r['id'] },
  { header: 'beneficiary', kind: 'text', read: (r) => r['beneficiary'] },
  { header: 'sdg_goals', kind: 'list', read: (r) => r['sdg_goals'] },
  { header: 'is_compliance', kind: 'boolean', read: (r) => r['is_compliance'] },
  { header: 'extra_fields', kind: 'json', read: (r) => r['extra'] },
];

let n = 0;
async function write(rows: Array<Record<string, unknown>>, options: { total?: number; cancelAfter?: number } = {}) {
  const file = path.join(dir, `t${n++}.xlsx`);
  const out = fs.createWriteStream(file);
  let seen = 0;
  const result = await writeXlsx(rows, columns, out, {
    total: options.total ?? rows.length,
    sheetName: 'credit-transactions',
    progressEvery: 1,
    isCancelled: () => options.cancelAfter !== undefined && seen++ >= options.cancelAfter,
  });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const values: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => values.push((row.values as unknown[]).slice(1)));
  return { result, sheet, values };
}

describe('writeXlsx', () => {
  it('writes a header and typed cells: numbers, booleans, lists joined with ;, objects as JSON, nulls empty', async () => {
    const { result, sheet, values } = await write([
      { id: -12.5, beneficiary: 'Acme, Inc.', sdg_goals: [3, 7, 13], is_compliance: 1, extra: { a: 1 } },
      { id: 2 ** 53, beneficiary: null, sdg_goals: null, is_compliance: false, extra: null },
    ]);
    expect(result).toEqual({ rows: 2, changes: { cells: 0, examples: [] } });
    expect(sheet.name).toBe('credit-transactions');
    expect(values[0]).toEqual(['id', 'beneficiary', 'sdg_goals', 'is_compliance', 'extra_fields']);
    expect(values[1]).toEqual([-12.5, 'Acme, Inc.', '3;7;13', true, '{"a":1}']);
    expect(values[2]?.slice(0, 4)).toEqual([2 ** 53, undefined, undefined, false]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
  });

  it('keeps every hostile text as written (formulas stay text), cutting only what a cell cannot hold', async () => {
    const rows = HOSTILE_STRINGS.map(([, text], i) => ({ id: i, beneficiary: text, sdg_goals: [text, 'x'], is_compliance: null, extra: null }));
    const { result, sheet, values } = await write(rows);
    expect(result.rows).toBe(rows.length);
    HOSTILE_STRINGS.forEach(([what, text], i) => {
      const expected = xlsxCell('text', text).cell;
      const got = values[i + 1]![1];
      // An empty text is an empty cell: XLSX has no empty string distinct from no value.
      expect(got === undefined ? '' : got, what).toBe(expected);
      expect(sheet.getRow(i + 2).getCell(2).type, what).not.toBe(ExcelJS.ValueType.Formula);
    });
    const changed = HOSTILE_STRINGS.filter(([, t]) => xlsxCell('text', t).change !== null || xlsxCell('list', [t, 'x']).change !== null).length;
    expect(changed).toBeGreaterThan(0);
    expect(result.changes.cells).toBeGreaterThanOrEqual(changed);
    expect(result.changes.examples[0]).toMatch(/^sheet row \d+, (beneficiary|sdg_goals): /);
  });

  it('refuses more rows than a sheet holds before writing anything', async () => {
    const out = new PassThrough();
    const written: Buffer[] = [];
    out.on('data', (b: Buffer) => written.push(b));
    await expect(writeXlsx([], columns, out, { total: XLSX_MAX_ROWS + 1, sheetName: 'x' })).rejects.toBeInstanceOf(XlsxTooManyRows);
    await expect(writeXlsx([], columns, out, { total: XLSX_MAX_ROWS + 1, sheetName: 'x' })).rejects.toThrow(/at most 1,048,575 rows and this export has 1,048,576: export CSV/);
    expect(written).toEqual([]);
  });

  it('stops when cancelled', async () => {
    await expect(write([{ id: 1 }, { id: 2 }, { id: 3 }], { cancelAfter: 1 })).rejects.toBeInstanceOf(ExportCancelled);
  });
});

describe('xlsxCell', () => {
  it('cuts a text at the cell limit, never inside a surrogate pair, and says so', () => {
    const long = xlsxCell('text', 'a'.repeat(XLSX_MAX_CELL + 10));
    expect(long).toEqual({ cell: 'a'.repeat(XLSX_MAX_CELL), change: `cut to 32,767 of ${(XLSX_MAX_CELL + 10).toLocaleString('en-US')} characters` });
    const emoji = xlsxCell('text', `${'a'.repeat(XLSX_MAX_CELL - 1)}🌳🌳`).cell as string;
    expect(emoji.length).toBe(XLSX_MAX_CELL - 1);
  });

  it('replaces the control characters XML cannot hold, keeping tabs and line ends (as LF, as XML reads them)', () => {
    expect(xlsxCell('text', 'a\u0000b\u001Fc\td\r\ne\rf')).toEqual({ cell: 'a\uFFFDb\uFFFDc\td\ne\nf', change: 'control characters replaced' });
    expect(xlsxCell('text', 'one\r\ntwo')).toEqual({ cell: 'one\ntwo', change: null });
    expect(xlsxCell('text', 'plain')).toEqual({ cell: 'plain', change: null });
    expect(xlsxCell('number', Number.NaN)).toEqual({ cell: null, change: null });
  });
});
