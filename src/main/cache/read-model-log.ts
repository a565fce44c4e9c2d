/**
 * What each transaction changes of the tables the read model mirrors (credit transactions, projects,
 * a staged full credits pass), gathered while it runs and told once it has committed (the cache
 * worker passes it on to the reader's analytical copy). Every transaction that changes a live table
 * moves that table's version (`cache_facts` 'read_version:<table>') once, inside the transaction, so
 * the copy can tell from the cache alone whether it mirrors the current state.
 */
import type Database from 'better-sqlite3';
import type { ReadModelChange } from './cache-protocol';

type Table = 'credits' | 'projects';

export class ReadModelLog {
  private pending: ReadModelChange = {};
  private readonly bump: Database.Statement;

  constructor(
    private readonly db: Database.Database,
    private readonly tell: (change: ReadModelChange) => void = () => undefined,
  ) {
    this.bump = db.prepare(`INSERT INTO cache_facts (key, value) VALUES (?, '1')
      ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1 RETURNING CAST(value AS INTEGER) AS v`).pluck();
  }

  private touch(table: Table): { version: number; ids: Array<number | string> | null } {
    const held = this.pending[table] as { version: number; ids: Array<number | string> | null } | undefined;
    if (held) return held;
    const entry = { version: this.bump.get(`read_version:${table}`) as number, ids: [] as Array<number | string> | null };
    (this.pending as Record<Table, unknown>)[table] = entry;
    return entry;
  }

  /** Live rows of `table` written (inserted or updated). */
  written(table: Table, ids: ReadonlyArray<number | string>): void {
    if (!ids.length) return;
    const entry = this.touch(table);
    if (entry.ids) entry.ids.push(...ids);
  }

  /** `table` replaced whole, or rows of it removed. */
  replaced(table: Table): void {
    this.touch(table).ids = null;
  }

  /** Rows staged by full pass `pass`; with no ids, the staging started afresh. */
  staged(pass: number, ids: readonly number[]): void {
    const held = this.pending.staged;
    if (held && held.pass === pass) held.ids.push(...ids);
    else this.pending.staged = { pass, ids: [...ids] };
  }

  /** The staged pass dropped. */
  stagingDropped(): void {
    this.pending.staged = { pass: null, ids: [] };
  }

  /** `tx` as a transaction whose changes are told once it has committed (and forgotten if it fails). */
  committing<A extends unknown[], R>(tx: (...args: A) => R): (...args: A) => R {
    return (...args: A) => {
      let result: R;
      try {
        result = tx(...args);
      } catch (err) {
        if (!this.db.inTransaction) this.pending = {};
        throw err;
      }
      if (!this.db.inTransaction) this.flush();
      return result;
    };
  }

  private flush(): void {
    const change = this.pending;
    this.pending = {};
    if (change.credits || change.projects || change.staged) this.tell(change as ReadModelChange);
  }
}
