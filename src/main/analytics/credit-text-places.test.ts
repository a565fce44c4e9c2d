import { describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { creditListAppQuery } from '../../shared/api/params';
import { rebuildRollups } from './aggregates';
import { adoptSortPlaces, creditColumns, creditColumnsKey, creditColumnsStale, type SortPlaces } from './credit-columns';
import { PlacesComing, creditPageFromColumns, placeAhead, placeTextKeysElsewhere, sortPlacesBuffers, textKeyPlaces } from './credit-columns-page';
import { freeTextPlaces, internedPlaces, orderedPlaces } from './credit-text-places';
import { listCredits } from './credits';
import { pageRequest } from './page-envelope';
import { seededRandom, type Random } from './testing/synced-market';
import { credit, tinyMarket, writeCredits } from './testing/tiny-market';

/**
 * The places of free-text sort keys: interned while the table is read in its own order (SQLite then
 * orders the distinct values) or from an ordered scan of the rows, the same place for every
 * transaction either way, over texts whose NOCASE order is easy to get wrong outside SQLite.
 */

/** Case variants, SQL's wildcards and quotes, an empty text, accents (folded by no NOCASE), and characters past the Basic Multilingual Plane, which sort after U+E000-U+FFFF in SQLite but before them in JavaScript's string order. */
const ODD_TEXTS = ['acc-1', 'ACC-1', 'Acc-2', '', ' ', '%', '_', "O'Brien", 'o"brien', 'back\\slash', 'é', 'É', 'e', 'Z', 'z', 'ß', '\u{1F600} grin', '\uFF21 wide', '\uE000 private', 'a\u0000b', 'a'];

function textMarket(r: Random, values: (r: Random, i: number) => string | null): Database.Database {
  const m = tinyMarket();
  m.exec('DELETE FROM credit_transactions');
  writeCredits(m, Array.from({ length: 400 }, (_, i) =>
    credit({ id: 500 + i * r.int(1, 3), project_id: r.pick(['VCS-1', 'GLD-3']), quantity: r.int(1, 9), retirement_account: values(r, i), retirement_note: r.chance(0.5) ? null : r.pick(ODD_TEXTS) })));
  rebuildRollups(m);
  return m;
}

/** Each transaction's place, whatever the form holding it. */
function placeOfRows(places: SortPlaces | null, n: number): number[] {
  if (!places || !('place' in places)) throw new Error('no text places');
  return Array.from({ length: n }, (_, i) => (places.of ? (places.of[i]! < 0 ? -1 : places.place[places.of[i]!]!) : places.place[i]!));
}

describe('free-text sort places', () => {
  const markets: Array<[string, (r: Random, i: number) => string | null]> = [
    ['repeated odd texts', (r) => (r.chance(0.2) ? null : r.pick(ODD_TEXTS))],
    ['mostly distinct texts', (r, i) => (r.chance(0.1) ? null : `${r.pick(ODD_TEXTS)}-${i}`)],
  ];

  it.each(markets)('%s: interned and scanned in order, every transaction has the same place', (_, values) => {
    const m = textMarket(seededRandom(8), values);
    try {
      const cols = creditColumns(m)!;
      for (const expression of ['c.retirement_account', 'c.retirement_note']) {
        const scanned = placeOfRows(orderedPlaces(m, cols, expression), cols.n);
        expect(placeOfRows(internedPlaces(m, cols, expression, Infinity), cols.n), expression).toEqual(scanned);
        expect(placeOfRows(freeTextPlaces(m, cols, expression, 50), cols.n), expression).toEqual(scanned);
        expect(scanned.filter((p) => p >= 0).length).toBe((m.prepare(`SELECT count(${expression}) FROM credit_transactions c`).pluck().get() as number));
      }
    } finally {
      m.close();
    }
  });

  it('both reads in chunks of any size give the same places, and leave a reader\'s connection as they found it', () => {
    const m = textMarket(seededRandom(13), (r, i) => (r.chance(0.1) ? null : r.chance(0.3) ? r.pick(ODD_TEXTS) : `${r.pick(ODD_TEXTS)}-${i}`));
    try {
      const cols = creditColumns(m)!;
      const whole = placeOfRows(orderedPlaces(m, cols, 'c.retirement_account'), cols.n);
      m.pragma('query_only = ON');
      for (const chunkRows of [1, 7, 64]) {
        expect(placeOfRows(orderedPlaces(m, cols, 'c.retirement_account', undefined, chunkRows), cols.n), `${chunkRows}`).toEqual(whole);
        expect(placeOfRows(internedPlaces(m, cols, 'c.retirement_account', Infinity, undefined, chunkRows), cols.n), `${chunkRows}`).toEqual(whole);
      }
      expect(m.pragma('query_only', { simple: true })).toBe(1);
      expect(m.prepare("SELECT count(*) FROM temp.sqlite_master WHERE type = 'table'").pluck().get()).toBe(0);
      // A transaction the copy does not hold: no places, and still nothing left behind.
      expect(orderedPlaces(m, { ...cols, n: cols.n - 1, maxId: cols.id[cols.n - 2]! }, 'c.retirement_account', undefined, 7)).toBeNull();
      expect(m.pragma('query_only', { simple: true })).toBe(1);
      expect(m.prepare("SELECT count(*) FROM temp.sqlite_master WHERE type = 'table'").pluck().get()).toBe(0);
      // A blob (JSON cannot hold one): no places either.
      m.pragma('query_only = OFF');
      m.prepare('UPDATE credit_transactions SET retirement_account = ? WHERE id = ?').run(Buffer.from('acc-1'), cols.id[0]);
      m.pragma('query_only = ON');
      expect(orderedPlaces(m, cols, 'c.retirement_account', undefined, 7)).toBeNull();
      expect(internedPlaces(m, cols, 'c.retirement_account', Infinity, undefined, 7)).toBeNull();
      expect(m.pragma('query_only', { simple: true })).toBe(1);
      expect(m.prepare("SELECT count(*) FROM temp.sqlite_master WHERE type = 'table'").pluck().get()).toBe(0);
    } finally {
      m.close();
    }
  });

  it('interning gives up when the sample\'s values are mostly distinct, and reads the ordered scan\'s places instead', () => {
    const m = textMarket(seededRandom(9), (_, i) => `account ${i}`);
    try {
      const cols = creditColumns(m)!;
      expect(internedPlaces(m, cols, 'c.retirement_account', 50)).toBeNull();
      expect(internedPlaces(m, cols, 'c.retirement_account', Infinity)).not.toBeNull();
      expect(placeOfRows(freeTextPlaces(m, cols, 'c.retirement_account', 50), cols.n)).toEqual(placeOfRows(orderedPlaces(m, cols, 'c.retirement_account'), cols.n));
    } finally {
      m.close();
    }
  });

  it('credits.list sorted by a free-text key from the copy is the plain statement\'s page', () => {
    const r = seededRandom(10);
    const m = textMarket(r, (rr) => (rr.chance(0.2) ? null : rr.pick(ODD_TEXTS)));
    try {
      for (let i = 0; i < 60; i++) {
        const sort = [`${r.chance(0.5) ? '-' : ''}${r.pick(['retirement_account', 'retirement_note'])}`];
        const perPage = r.int(1, 40);
        const q = creditListAppQuery.parse({ sort, per_page: perPage, current_page: r.int(1, 6) });
        const plain = m.prepare(`SELECT id FROM credit_transactions c ORDER BY c.${sort[0]!.replace('-', '')} COLLATE NOCASE ${sort[0]!.startsWith('-') ? 'DESC' : 'ASC NULLS LAST'}, c.id LIMIT ? OFFSET ?`)
          .pluck().all(perPage, pageRequest(q).offset);
        expect(creditPageFromColumns(m, q, pageRequest(q)), JSON.stringify(q)).not.toBeNull();
        expect(listCredits(m, q).data.map((t) => t.id), JSON.stringify(q)).toEqual(plain);
      }
    } finally {
      m.close();
    }
  });

  it('placed elsewhere: a sort by a free-text key asks for its places, waits for them while they are read (PlacesComing), else answers by SQL; places read under the copy\'s key, moved back, answer the next', () => {
    const m = textMarket(seededRandom(11), (r) => (r.chance(0.2) ? null : r.pick(ODD_TEXTS)));
    const asked: string[] = [];
    let placing = false;
    placeTextKeysElsewhere(m, (field, expression, cols) => {
      asked.push(`${field} ${expression} ${cols.n}`);
      return placing ? 'placing' : undefined;
    });
    try {
      const q = creditListAppQuery.parse({ sort: ['-retirement_account'], per_page: 15, current_page: 2 });
      const plain = listCredits(m, q, { columns: false }).data.map((t) => t.id);
      const cols = creditColumns(m)!;
      expect(creditPageFromColumns(m, q, pageRequest(q))).toBeNull();
      expect(listCredits(m, q).data.map((t) => t.id)).toEqual(plain);
      expect(asked).toEqual([`retirement_account c.retirement_account ${cols.n}`, `retirement_account c.retirement_account ${cols.n}`]);
      placing = true;
      expect(() => listCredits(m, q)).toThrow(PlacesComing);
      placing = false;
      // Interned fields are placed here as before.
      expect(creditPageFromColumns(m, creditListAppQuery.parse({ sort: ['project_id'] }), pageRequest(creditListAppQuery.parse({})))).not.toBeNull();
      // Read in another snapshot (here the same connection) from the copy's ids alone, moved as a thread hands them over.
      const key = creditColumnsKey(m)!;
      const placed = textKeyPlaces(m, key, 'c.retirement_account', { n: cols.n, id: Float64Array.from(cols.id), minId: cols.minId, maxId: cols.maxId })!;
      const moved = structuredClone(placed, { transfer: sortPlacesBuffers(placed.places!) });
      expect(placeOfRows(moved.places, cols.n)).toEqual(placeOfRows(freeTextPlaces(m, cols, 'c.retirement_account'), cols.n));
      expect(textKeyPlaces(m, 'rebuilt since', 'c.retirement_account', cols)).toBeNull();
      expect(adoptSortPlaces(m, 'rebuilt since', 'retirement_account', moved.places)).toBe(false);
      expect(adoptSortPlaces(m, key, 'retirement_account', moved.places)).toBe(true);
      expect(creditPageFromColumns(m, q, pageRequest(q))!.ids).toEqual(plain);
      expect(asked).toHaveLength(3);
    } finally {
      placeTextKeysElsewhere(m, null);
      m.close();
    }
  });

  it('read ahead for an idle reader: the accounts\' places asked for once the copy is current, not before, not again once kept, never a build', () => {
    const m = textMarket(seededRandom(12), (r) => (r.chance(0.2) ? null : r.pick(ODD_TEXTS)));
    const asked: string[] = [];
    try {
      // No placer registered: nothing asked, nothing built.
      placeAhead(m);
      placeTextKeysElsewhere(m, (field, expression, cols) => {
        asked.push(`${field} ${expression} ${cols.n}`);
        return 'placing';
      });
      // No copy yet: reading ahead does not build one.
      placeAhead(m);
      expect(asked).toEqual([]);
      expect(creditColumnsStale(m)).toBe(true);
      const cols = creditColumns(m)!;
      placeAhead(m);
      expect(asked).toEqual([`retirement_account c.retirement_account ${cols.n}`]);
      // Once its places are kept with the copy, nothing more is asked.
      expect(adoptSortPlaces(m, creditColumnsKey(m)!, 'retirement_account', freeTextPlaces(m, cols, 'c.retirement_account'))).toBe(true);
      placeAhead(m);
      expect(asked).toHaveLength(1);
      // A write makes the copy stale: nothing is asked until a new copy is built (by a query), which has no places yet.
      writeCredits(m, [credit({ id: 99_999, project_id: 'VCS-1', retirement_account: 'later' })]);
      rebuildRollups(m);
      placeAhead(m);
      expect(asked).toHaveLength(1);
      expect(creditColumnsStale(m)).toBe(true);
      const rebuilt = creditColumns(m)!;
      expect(rebuilt).not.toBe(cols);
      placeAhead(m);
      expect(asked).toEqual([`retirement_account c.retirement_account ${cols.n}`, `retirement_account c.retirement_account ${rebuilt.n}`]);
    } finally {
      placeTextKeysElsewhere(m, null);
      m.close();
    }
  });
});
