/**
 * Pages of a list read by the cache's writer ahead of the sync step that stores them (the credit
 * transactions': `../workers/credit-pages.ts`), each held under a number of its own as the rows that
 * step will write. Every read is held apart (a page read twice, or a page of an abandoned read-ahead,
 * never stands in for another); the step takes the one it was answered; when the job ends, what is
 * left (pages fetched ahead and never written: a cancel, a failure, a refetch) is let go.
 */
import { ContractError } from '../../shared/errors';

export class HeldPages<T> {
  private readonly pages = new Map<number, T>();
  private last = 0;

  /** Holds `rows`: answers the number that takes them. */
  hold(rows: T): number {
    this.pages.set(++this.last, rows);
    return this.last;
  }

  /** The rows held under `held`, no longer held. */
  take(held: number): T {
    const rows = this.pages.get(held);
    if (rows === undefined) throw new ContractError('internal_error', `A page read ahead (${held}) is no longer held for the step that stores it`);
    this.pages.delete(held);
    return rows;
  }

  clear(): void {
    this.pages.clear();
  }
}
