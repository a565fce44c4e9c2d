/**
 * The cache worker's protocol is checked by the compiler: these assertions are type-checked by
 * `npm run typecheck` (and run as ordinary tests). A changed op input, a renamed op, or a query
 * whose input drifts from its contract method breaks the typecheck here and at every caller.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { QUERY_METHODS, type MethodOutput, type ParsedInput, type WatchItem, type WatchKind } from '../../shared/contract';
import type { CacheClient } from './cache-client';
import type { CacheOpInput, CacheOpName, CacheOpOutput, CacheWrite } from './cache-protocol';

declare const cache: CacheClient;

describe('cache protocol types', () => {
  it('types every op by its input and output', () => {
    expectTypeOf<CacheOpInput<'write:watch'>>().toEqualTypeOf<{ kind: WatchKind; id: string; watched: boolean }>();
    expectTypeOf<CacheOpOutput<'write:watch'>>().toEqualTypeOf<WatchItem[]>();
    expectTypeOf<CacheOpOutput<'read:latestCreditDate'>>().toEqualTypeOf<string | null>();
    // Query ops are typed from the contract: the method's parsed input in, its output out.
    expectTypeOf<CacheOpInput<'query:projects.get'>>().toEqualTypeOf<ParsedInput<'projects.get'>>();
    expectTypeOf<CacheOpOutput<'query:credits.list'>>().toEqualTypeOf<MethodOutput<'credits.list'>>();
    expectTypeOf<'query:app.info'>().not.toExtend<CacheOpName>();
  });

  it('refuses a wrong input, an unknown op and a write of the wrong shape at compile time', () => {
    const calls = () => {
      // @ts-expect-error the watchlist write takes the service's name, project_id
      void cache.call('write:watchlist', { projectId: 'VCS-1', watched: true });
      // @ts-expect-error no such op
      void cache.call('read:everything');
      // @ts-expect-error an op with an input cannot be called without it
      void cache.call('sync:checkpoint');
      // @ts-expect-error a write's args follow its op
      const write: CacheWrite = { op: 'write:apiKeys', args: { items: [], pass: 1 } };
      return write;
    };
    expect(typeof calls).toBe('function');
  });

  it('lists a query op for every contract method the query layer answers', () => {
    expect(QUERY_METHODS.length).toBeGreaterThan(20);
    expect(QUERY_METHODS).toContain('credits.list');
    expect(QUERY_METHODS).not.toContain('sync.start');
  });
});
