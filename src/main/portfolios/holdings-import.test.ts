import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { checkXlsxInflation, zipInflatedBytes } from './holdings-file-limits';
import { mapColumns } from './holding-columns';
import { parseHoldings } from './holdings-parse';
import { holdingProjectKey, projectKey } from './project-ref';
import { readQuantity } from './quantity';
import { decodeText, readCsv, readTable } from './table-reader';

const csv = (s: string) => parseHoldings(readCsv(Buffer.from(s, 'utf8')));

describe('holdings import', () => {
  it('reads UTF-8 with a BOM and comma delimiters', () => {
    const r = csv('\ufeffProject ID,Vintage,Quantity\nVCS-1,2019,100\n');
    expect(r.headers[0]).toBe('Project ID');
    expect(r.holdings).toMatchObject([{ row: 2, project_id: 'VCS-1', vintage: 2019, quantity: 100 }]);
  });

  it('detects semicolons and reads comma decimals', () => {
    const r = csv('project_id;vintage;tCO2e\nGS 12;2020;12,5\nGS 13;2021;1.234.567\n');
    expect(r.holdings.map((h) => h.quantity)).toEqual([12.5, 1234567]);
  });

  it('reads UTF-16 LE with a BOM, tab separated (Excel "Unicode text")', () => {
    const body = Buffer.from('Project\tVintage year\tCredits\r\nVCS1234\t2018\t"1,000"\r\n', 'utf16le');
    const r = parseHoldings(readCsv(Buffer.concat([Buffer.from([0xff, 0xfe]), body])));
    expect(r.holdings).toMatchObject([{ project_key: 'VCS1234', vintage: 2018, quantity: 1000 }]);
  });

  it('reads UTF-16 BE with a BOM', () => {
    const le = Buffer.from('a\tb', 'utf16le');
    const be = Buffer.from(le);
    be.swap16();
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe('a\tb');
  });

  it('keeps a quoted newline inside a note and skips empty rows', () => {
    const r = csv('ID,Volume,Note\n\nVCS 1,5,"first line\nsecond line"\n,,\nVCS 2,6,\n');
    expect(r.holdings.map((h) => [h.row, h.note])).toEqual([[3, 'first line\nsecond line'], [5, null]]);
    expect(r.rejected).toEqual([]);
  });

  it('lists every row not understood with its row number and reason', () => {
    const r = csv('project,quantity,vintage,status\nVCS 1,abc,2019,held\n,5,2019,held\nVCS 2,-3,,\nVCS 3,4,20x9,\nVCS 4,4,2019,sold\n');
    expect(r.rejected.map((x) => [x.row, x.reason])).toEqual([
      [2, 'quantity "abc" is not a number'],
      [3, 'no project id'],
      [4, 'quantity "-3" is not positive'],
      [5, 'vintage "20x9" is not a year'],
      [6, 'status "sold" is neither held nor retired'],
    ]);
    expect(r.holdings).toEqual([]);
  });

  it('finds the header below a title row (a merged title cell)', () => {
    const r = csv('Portfolio Q3,,\n,,\nVCS ID,Quantity (tCO2e),Vintage\n1234,10,2020\n');
    expect(r.header_row).toBe(3);
    expect(r.holdings[0]).toMatchObject({ project_id: '1234', quantity: 10 });
  });

  it('asks for a mapping when a column is not found, and applies one', () => {
    expect(csv('asset,amount held\nVCS 1,10\n').missing).toEqual(['project_id', 'quantity']);
    const r = parseHoldings(readCsv(Buffer.from('asset,amount held\nVCS 1,10\n')), { project_id: 'asset', quantity: 'Amount Held' });
    expect(r.missing).toEqual([]);
    expect(r.holdings[0]).toMatchObject({ project_key: 'VCS1', quantity: 10 });
  });

  it('matches headers ignoring case and spaces', () => {
    expect(mapColumns(['  PROJECT id ', 'vintage YEAR', 'Quantity (tCO2e)', 'GS ID']).mapping).toMatchObject({ project_id: 0, vintage: 1, quantity: 2 });
  });
});

describe('project ids', () => {
  it('are one key in every spelling', () => {
    for (const s of ['VCS 1234', 'vcs-1234', 'VCS1234', ' vcs 1234 ']) expect(projectKey(s)).toBe('VCS1234');
    expect(holdingProjectKey('1234', 'Verra')).toBe('VCS1234');
    expect(holdingProjectKey('1234', 'Gold Standard')).toBe('GLD1234');
    expect(holdingProjectKey('27', 'american-carbon-registry')).toBe('ACR27');
    expect(holdingProjectKey('1234', null)).toBe('1234');
  });
});

describe('the quantity rule', () => {
  it.each([
    ['1,000', 1000], ['1.000', 1000], ['12,5', 12.5], ['12.5', 12.5], ['1,234.56', 1234.56], ['1.234,56', 1234.56],
    ['1 234 567', 1234567], ["1'234", 1234], ['0.25', 0.25], ['1,2345', 1.2345],
  ])('reads %s as %d', (s, v) => expect(readQuantity(s)).toEqual({ ok: true, value: v }));
  it('takes a spreadsheet number as it is', () => expect(readQuantity(1000.5)).toEqual({ ok: true, value: 1000.5 }));
  it('refuses what is no number', () => {
    expect(readQuantity('1,23,4').ok).toBe(false);
    expect(readQuantity('0').ok).toBe(false);
    expect(readQuantity('').ok).toBe(false);
  });
});

async function workbook(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('XLSX', () => {
  it('reads the first sheet, numbers as formatted by Excel, and merged header cells', async () => {
    const buf = await workbook((wb) => {
      const ws = wb.addWorksheet('Holdings');
      ws.addRow(['Q3 book']);
      ws.mergeCells('A1:C1');
      ws.addRow(['Project ID', 'Vintage', 'Quantity']);
      ws.addRow(['vcs-981', 2017, 1234.5]);
      ws.getCell('C3').numFmt = '#,##0.00';
      ws.addRow(['GS 4', null, '2,500']);
      wb.addWorksheet('Other').addRow(['nothing']);
    });
    const r = parseHoldings(await readTable(buf));
    expect(r.header_row).toBe(2);
    expect(r.holdings).toMatchObject([{ project_key: 'VCS981', vintage: 2017, quantity: 1234.5 }, { project_key: 'GS4', vintage: null, quantity: 2500 }]);
  });

  it('reads a named sheet', async () => {
    const buf = await workbook((wb) => {
      wb.addWorksheet('Cover').addRow(['hello']);
      const ws = wb.addWorksheet('Book');
      ws.addRow(['ID', 'Credits']);
      ws.addRow(['VCS 1', 3]);
    });
    expect(parseHoldings(await readTable(buf, { sheet: 'Book' })).holdings).toHaveLength(1);
    await expect(readTable(buf, { sheet: 'Nope' })).rejects.toThrow(/no sheet named "Nope"/);
  });

  it('refuses a workbook that inflates beyond the limit, from its zip directory', async () => {
    const buf = await workbook((wb) => wb.addWorksheet('S').addRow(['ID', 'Credits']));
    const inflated = zipInflatedBytes(buf);
    expect(inflated).toBeGreaterThan(0);
    expect(() => checkXlsxInflation(buf, (inflated as number) - 1)).toThrow(/inflates to/);
    expect(() => checkXlsxInflation(buf, inflated as number)).not.toThrow();
  });

  it('refuses a file over 50 MB before reading it', async () => {
    await expect(readTable(Buffer.alloc(50 * 1024 * 1024 + 1))).rejects.toThrow(/50 MB at most/);
  });
});
