/**
 * Whether a query that wants the reader's columnar copy of the transactions, while a `columns` thread
 * builds it, answers by SQL meanwhile or waits for the copy (cache-worker.ts).
 *
 * It waits once only the copy's assembly is left, and, for the rest of a build, once an answer that
 * wanted the copy took SLOW_ANSWER_MS or more by SQL: on a table that large the other broad answers
 * by SQL cost as much, and they slow the build, which shares both cores with them. At ten times the
 * default market, 200 first credits.list answers from the reader's opening (the copy read from the
 * table, wanted from the first): nine of the ten answers before the copy arrived took 0.1–1.7 s by
 * SQL, one after another, for 5.6 s in all, where waiting for the copy from the second answer on
 * leaves one slow answer and one wait. At the default market answers by SQL take tens of milliseconds
 * and a build under a second, so nothing waits.
 */

/** An answer by SQL this slow, while the copy it wanted is being built, makes the next ones wait for the copy. */
export const SLOW_ANSWER_MS = 250;

export class CopyWait {
  private slow = false;
  private asked = false;

  constructor(private readonly slowAnswerMs = SLOW_ANSWER_MS) {}

  /** A build starts: answers by SQL are tried again until one is slow. */
  buildStarts(): void {
    this.slow = false;
    this.asked = false;
  }

  /** A query asks for the copy while it is being built (`assembling`: only its assembly is left): whether it waits for it. */
  asks(assembling: boolean): boolean {
    if (assembling || this.slow) return true;
    this.asked = true;
    return false;
  }

  /** The answer just given took `ms`; `building`: the copy is still being built. */
  answered(ms: number, building: boolean): void {
    if (this.asked && building && ms >= this.slowAnswerMs) this.slow = true;
    this.asked = false;
  }
}
