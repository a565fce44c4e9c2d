/** The read engine on DuckDB binds every number a filter can carry, and answers in plain numbers. */
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadEngine } from '../read-engine';
import { duckdbEngine } from './duckdb-engine';

let instance: DuckDBInstance;
let engine: ReadEngine;

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run('CREATE TABLE t (id BIGINT, quantity DOUBLE)');
  await connection.run('INSERT INTO t VALUES (1, 10), (2, 5e15), (3, -7)');
  engine = duckdbEngine(connection);
});

afterAll(() => instance.closeSync());

describe('duckdbEngine', () => {
  it.each([
    ['an integer beyond int64', 9223372036854776000, [1, 2, 3]],
    ['an integer beyond 2^53 within int64', 2 ** 60, [1, 2, 3]],
    ['a negative integer beyond int64', -1e300, []],
    ['an int32', 10, [1, 3]],
    ['a BIGINT', 5e15, [1, 2, 3]],
    ['a fraction', 9.5, [3]],
  ])('binds %s as a bound of a comparison', async (_what, bound, ids) => {
    const rows = await engine.all<{ id: number }>('SELECT id FROM t WHERE quantity <= ? ORDER BY id', [bound]);
    expect(rows.map((r) => r.id)).toEqual(ids);
  });

  it('returns 64-bit integers as numbers and binds booleans and lists', async () => {
    const rows = await engine.all<{ n: unknown }>('SELECT count(*) AS n FROM t WHERE (id > 1) = ? AND id IN (SELECT unnest(?::BIGINT[]))', [true, [2, 3]]);
    expect(rows).toEqual([{ n: 2 }]);
  });
});
