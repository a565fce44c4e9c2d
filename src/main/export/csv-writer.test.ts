import { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
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
