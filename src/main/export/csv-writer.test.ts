import { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { neutraliseText } from '../../shared/csv-safety';
import { csvText } from '../../shared/csv-text';
import { HOSTILE_STRINGS } from '../../shared/testing/hostile-strings';
import { readStrictCsv } from '../../shared/testing/strict-csv';
import type { CsvColumn } from './csv-tables';
import { BATCH_ROWS, ExportCancelled, writeCsv } from './csv-writer';

const columns: CsvColumn[] = [
  { header: 'id', kind: 'number', read: (r) => r['id'] },
  { header: 'beneficiary', kind: 'text', read: (r) => r['beneficiary'] },
  { header: 'sdg_goals', kind: 'list', read: (r) => JSON.parse(String(r['sdg_goals'])) },
];

function sink() {
  const chunks: Buffer[] = [];
  const out = new Writable({
    highWaterMark: 1024, // small: exercises backpressure
    write(chunk: Buffer, _enc, cb) {
      chunks.push(Buffer.from(chunk));
      setImmediate(cb);
    },
  });
  return { out, text: () => Buffer.concat(chunks).toString('utf8') };
}

describe('writeCsv', () => {
  it('round-trips awkward text (commas, quotes, newlines, unicode) through a CSV parser', async () => {
    const names = ['Acme, Inc.', 'The "Green" Co', 'Line\nbreak', 'Crème brûlée SA ✓', '', null];
    const rows = names.map((beneficiary, i) => ({ id: i - 2, beneficiary, sdg_goals: JSON.stringify([i, i + 1]) }));
    const { out, text } = sink();
    expect(await writeCsv(rows, columns, out, { bom: false })).toBe(names.length);
    expect(text()).toMatch(/^id,beneficiary,sdg_goals\r\n/);
    const parsed = parse(text(), { columns: true }) as Array<Record<string, string>>;
    expect(parsed.map((r) => r['beneficiary'])).toEqual(names.map((n) => n ?? ''));
    expect(parsed.map((r) => r['id'])).toEqual(['-2', '-1', '0', '1', '2', '3']);
    expect(parsed[2]!['sdg_goals']).toBe('2;3');
  });

  it('writes hostile text so that a strict RFC 4180 reader (CRLF records only, no guessing) reads every row back exactly', async () => {
    const rows = [
      ...HOSTILE_STRINGS.map(([, text], i) => ({ id: i, beneficiary: text, sdg_goals: JSON.stringify([text, 'x']) })),
      { id: HOSTILE_STRINGS.length, beneficiary: null, sdg_goals: 'null' },
    ];
    for (const bom of [false, true]) {
      const { out, text } = sink();
      expect(await writeCsv(rows, columns, out, { bom })).toBe(rows.length);
      expect(text().startsWith('\uFEFF')).toBe(bom);
      const [header, ...records] = readStrictCsv(text());
      expect(header).toEqual(['id', 'beneficiary', 'sdg_goals']);
      expect(records).toHaveLength(rows.length);
      HOSTILE_STRINGS.forEach(([what, value], i) => {
        // A text a spreadsheet would run as a formula keeps its leading apostrophe; nothing else changes.
        expect(records[i], what).toEqual([String(i), neutraliseText(value), neutraliseText(`${value};x`)]);
      });
      // A missing value is no cell text at all; the empty text is a quoted empty cell.
      expect(records[rows.length - 1]).toEqual([String(HOSTILE_STRINGS.length), null, null]);
      expect(records[HOSTILE_STRINGS.findIndex(([, v]) => v === '')]![1]).toBe('');
    }
  });

  it('quotes every field holding a CR, an LF, a comma or a double quote, and no other', async () => {
    const { out, text } = sink();
    const cells = ['lf\n', 'cr\r', 'crlf\r\n', 'comma,', 'quote"', 'tab\t', 'plain', 'semi;colon', ''];
    await writeCsv(cells.map((beneficiary, id) => ({ id, beneficiary, sdg_goals: '[]' })), columns, out, { bom: false });
    expect(text()).toBe(
      'id,beneficiary,sdg_goals\r\n0,"lf\n",\r\n1,"cr\r",\r\n2,"crlf\r\n",\r\n3,"comma,",\r\n4,"quote""",\r\n' +
      '5,tab\t,\r\n6,plain,\r\n7,semi;colon,\r\n8,"",\r\n',
    );
  });

  it('writes what csvText (the in-memory tables of the renderer and the CLI) writes, byte for byte', async () => {
    const rows = [
      ...HOSTILE_STRINGS.map(([, text], i) => ({ id: i % 2 ? -i : i, beneficiary: text, sdg_goals: JSON.stringify([text, 'x']) })),
      { id: null, beneficiary: null, sdg_goals: 'null' },
    ];
    for (const bom of [false, true]) {
      const { out, text } = sink();
      await writeCsv(rows, columns, out, { bom });
      expect(csvText(columns.map((c) => ({ name: c.header, kind: c.kind, value: c.read })), rows, { bom })).toBe(text());
    }
  });

  it('writes the header alone for no rows, with a BOM when asked', async () => {
    const { out, text } = sink();
    expect(await writeCsv([], columns, out, { bom: true })).toBe(0);
    expect(text()).toBe('\uFEFFid,beneficiary,sdg_goals\r\n');
  });

  it('keeps every row across batch boundaries and reports progress', async () => {
    const n = BATCH_ROWS * 3 + 7;
    const rows = Array.from({ length: n }, (_, i) => ({ id: i, beneficiary: `b${i}`, sdg_goals: '[]' }));
    const progress: number[] = [];
    const { out, text } = sink();
    await writeCsv(rows, columns, out, { bom: false, progressEvery: BATCH_ROWS, onProgress: (r) => progress.push(r) });
    const parsed = parse(text(), { columns: true }) as Array<Record<string, string>>;
    expect(parsed.map((r) => Number(r['id']))).toEqual(rows.map((r) => r.id));
    expect(progress).toEqual([BATCH_ROWS, BATCH_ROWS * 2, BATCH_ROWS * 3, n]);
  });

  it('stops when cancelled', async () => {
    let seen = 0;
    function* rows() {
      for (let i = 0; i < 10_000; i++) {
        seen++;
        yield { id: i, beneficiary: 'x', sdg_goals: '[]' };
      }
    }
    const { out } = sink();
    await expect(writeCsv(rows(), columns, out, { bom: false, isCancelled: () => seen > 1200 })).rejects.toBeInstanceOf(ExportCancelled);
    expect(seen).toBeLessThan(1300);
  });
});
