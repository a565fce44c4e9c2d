import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SCREENED_HOLDING_COLUMNS } from '../../../shared/screened-holdings-csv';
import { readStrictCsv } from '../../../shared/testing/strict-csv';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');

async function cli(args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [TSX, 'src/main/hosts/cli/index.ts', ...args], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('cli screen', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-screen-'));
  const dataDir = path.join(dir, 'data');

  it('prints one JSON line, writes the CSV and the report, and exits 0 with flags', async () => {
    const file = path.join(dir, 'book.csv');
    fs.writeFileSync(file, '\ufeffProject ID;Vintage;Quantity\nVCS 1;2020;1.000\nGS-2;;12,5\nVCS 3;2020;lots\n');
    const csv = path.join(dir, 'out.csv');
    const report = path.join(dir, 'out.md');
    const res = await cli(['screen', file, '--name', 'Book', '--data-dir', dataDir, '--csv', csv, '--report', report]);
    expect(res.code).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0] ?? '');
    expect(Object.keys(out)).toEqual(['portfolio', 'holdings', 'matched', 'unmatched', 'flags', 'report']);
    expect(out).toMatchObject({ portfolio: { name: 'Book' }, holdings: 2, matched: 0, unmatched: [{ row: 4, reason: 'quantity "lots" is not a number' }], report });
    expect(out.flags.map((f: { row: number; rule: string }) => [f.row, f.rule])).toEqual([[2, 'unknown_project'], [3, 'unknown_project']]);
    expect(out.flags[0]).toMatchObject({ project_id: 'VCS 1', vintage: 2020, severity: 'high', evidence: { projects_complete: false } });
    const [header, ...records] = readStrictCsv(fs.readFileSync(csv, 'utf8'));
    expect(header).toEqual(SCREENED_HOLDING_COLUMNS.map((c) => c.name));
    expect(records.map((r) => [r[0], r[1], r[2], r[6], r[10]])).toEqual([['2', 'VCS 1', null, '1000', 'unknown_project'], ['3', 'GS-2', null, '12.5', 'unknown_project']]);
    expect(fs.readFileSync(report, 'utf8')).toMatch(/^# Due diligence: Book/);
  }, 60_000);

  it('refuses a file without a quantity column with one error line, saving nothing', async () => {
    const file = path.join(dir, 'odd.csv');
    fs.writeFileSync(file, 'asset,amount held\nVCS 1,10\n');
    const res = await cli(['screen', file, '--data-dir', dataDir]);
    expect(res.code).not.toBe(0);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/No column for project_id and quantity among the headers: asset, amount held/);
  }, 60_000);
});
