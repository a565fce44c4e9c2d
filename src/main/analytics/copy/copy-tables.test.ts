/** Loading cache rows into the copy gives the reader's queries a turn between data chunks. */
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { prepareReadConnection } from '../read-views';
import { openQueryableCache } from '../schema';
import { credit, writeCredits } from '../testing/tiny-market';
import { CODES_DDL, CopyCodes, loadRowsByKey, tableDdl } from './copy-tables';

describe('loadRowsByKey', () => {
  it('appends every row of the keys given, a data chunk at a time with turns of the event loop between', async () => {
    const db = openQueryableCache(':memory:');
    prepareReadConnection(db);
    const ids = Array.from({ length: 5000 }, (_, i) => i + 1);
    writeCredits(db, ids.map((id) => credit({ id, project_id: `VCS-${id % 7}`, quantity: id })));
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      await connection.run(CODES_DDL);
      await connection.run(tableDdl('read_credits'));
      const codes = await CopyCodes.load(connection);
      // A ticker on the event loop: it moves only when the load gives the loop a turn.
      let turns = 0;
      let loading = true;
      const tick = () => {
        if (!loading) return;
        turns++;
        setImmediate(tick);
      };
      setImmediate(tick);
      await loadRowsByKey(connection, db, 'read_credits', [...ids, 999_999], codes);
      loading = false;
      // 5,000 rows are three data chunks of 2,048: at least two turns came between them.
      expect(turns).toBeGreaterThanOrEqual(2);
      const [[n, sum]] = (await connection.runAndReadAll('SELECT count(*), sum(quantity) FROM read_credits')).getRowsJS() as [[bigint, number]];
      expect([Number(n), sum]).toEqual([5000, (5000 * 5001) / 2]);
    } finally {
      connection.closeSync();
      instance.closeSync();
      db.close();
    }
  });
});
