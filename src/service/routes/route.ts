/** What a route handler receives and answers. */
import type { MarketStore } from '../store/market-store';
import type { KeyRecord } from '../auth/key-store';
import type { KeyService } from '../auth/key-service';

export interface RouteContext {
  url: URL;
  query: Record<string, string | string[]>;
  params: Record<string, string | undefined>;
  body: unknown;
  market: MarketStore;
  keys: KeyService;
  caller: KeyRecord;
  /** Today (UTC, YYYY-MM-DD), read once per request. */
  today: string;
}

export interface Reply {
  status?: number;
  body: unknown;
  contentType?: string;
}

export interface RouteDef {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  handler: (ctx: RouteContext) => Reply;
}

export const ok = (body: unknown, status = 200): Reply => ({ status, body });
