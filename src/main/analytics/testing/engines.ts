/**
 * Test support (not a test): the read model's query functions over one cache connection on both
 * engines (read-contexts.ts), so that every assertion runs on SQLite and on the analytical copy in
 * DuckDB and a difference between the engines fails.
 *
 * Rows written directly (tiny-market.ts's writers, plain SQL) are not reported to the copy:
 * `written()` (read-contexts' refresh) brings it up to them.
 */
import type Database from 'better-sqlite3';
import { contract, type MethodOutput, type ParsedInput, type QueryMethod } from '../../../shared/contract';
import { analyticsQueries } from '../index';
import type { ReadContext } from '../read-engine';
import { readContexts, type ReadContexts } from './read-contexts';

export const ENGINES = ['sqlite', 'duckdb'] as const;
export type EngineName = (typeof ENGINES)[number];

export interface BothEngines extends ReadContexts {
  /** The context of one engine. */
  ctx(engine: EngineName): ReadContext;
  /** After rows were written to the cache directly: catches the copy up with them. */
  written(): Promise<void>;
}

export async function bothEngines(db: Database.Database): Promise<BothEngines> {
  const contexts = await readContexts(db);
  return {
    ...contexts,
    ctx: (engine) => contexts[engine],
    written: contexts.refresh,
  };
}

/** One contract query method on a context, awaited (some answer at once, others with a promise). */
export async function ask<K extends QueryMethod>(ctx: ReadContext, method: K, input: ParsedInput<K>): Promise<MethodOutput<K>> {
  return analyticsQueries[method](ctx, input);
}

/** One contract query method on a context, its raw input parsed by the contract first (as dispatch does). */
export async function call<K extends QueryMethod>(ctx: ReadContext, method: K, input: unknown): Promise<MethodOutput<K>> {
  return analyticsQueries[method](ctx, contract[method].input.parse(input) as ParsedInput<K>);
}
