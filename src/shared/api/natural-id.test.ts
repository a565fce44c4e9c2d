import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SQL_TEXT_FUNCTIONS } from '../case-folding';
import { compareNaturalIds, naturalIdOrderTerms } from './natural-id';

const IDS = ['ACR-10', 'ACR-1000', 'ACR-2', 'acr-3', 'ACR-1002', 'VCS-1234-A', 'GS12', 'GS2', '123', '', 'ACR-007', 'ACR-7',
  'ACR-99999999999999999999999', 'ACR-99999999999999999999998', 'CAR-1', 'Ä-1', 'ä-2', 'NONE-353', 'ACR-'];

describe('natural order of project ids', () => {
  it('reads the trailing number as a number', () => {
    expect(['ACR-10', 'ACR-1000', 'ACR-2', 'ACR-1002'].sort(compareNaturalIds)).toEqual(['ACR-2', 'ACR-10', 'ACR-1000', 'ACR-1002']);
    expect(['GS12', 'GS2', 'gs3'].sort(compareNaturalIds)).toEqual(['GS2', 'gs3', 'GS12']);
  });

  it('orders in SQLite exactly as in JavaScript, odd ids included', () => {
    const db = new Database(':memory:');
    db.function('fold', { deterministic: true }, SQL_TEXT_FUNCTIONS.fold);
    db.exec('CREATE TABLE p (project_id TEXT NOT NULL PRIMARY KEY)');
    const insert = db.prepare('INSERT INTO p VALUES (?)');
    for (const id of IDS) insert.run(id);
    const sql = `SELECT project_id FROM p ORDER BY ${naturalIdOrderTerms('project_id').map((t) => `${t} ASC`).join(', ')}, project_id ASC`;
    const ordered = db.prepare(sql).pluck().all() as string[];
    expect(ordered).toEqual([...IDS].sort((a, b) => compareNaturalIds(a, b) || (a < b ? -1 : a > b ? 1 : 0)));
    expect(ordered.indexOf('ACR-2')).toBeLessThan(ordered.indexOf('ACR-10'));
    db.close();
  });
});
