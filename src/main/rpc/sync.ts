import { notReady } from './not-ready';
import type { HandlerSlice } from './types';

type SyncMethods =
  | 'connections.status' | 'sync.start' | 'sync.pause' | 'sync.resume' | 'sync.cancel' | 'sync.status'
  | 'watchlist.list' | 'watchlist.set' | 'projects.refresh' | 'keys.list' | 'keys.create' | 'keys.revoke'
  | 'keys.usage' | 'cache.info' | 'cache.clear';

export const syncHandlers: HandlerSlice<SyncMethods> = {
  'connections.status': async (_i, ctx) => ctx.status,
  'sync.start': notReady('sync.start'),
  'sync.pause': notReady('sync.pause'),
  'sync.resume': notReady('sync.resume'),
  'sync.cancel': notReady('sync.cancel'),
  'sync.status': notReady('sync.status'),
  'watchlist.list': notReady('watchlist.list'),
  'watchlist.set': notReady('watchlist.set'),
  'projects.refresh': notReady('projects.refresh'),
  'keys.list': notReady('keys.list'),
  'keys.create': notReady('keys.create'),
  'keys.revoke': notReady('keys.revoke'),
  'keys.usage': notReady('keys.usage'),
  'cache.info': notReady('cache.info'),
  'cache.clear': notReady('cache.clear'),
};
