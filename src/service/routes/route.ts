/**
 * The route table's types: what a route declares (method, path below the API root, the resource it
 * belongs to, its query and body schemas, a summary) and what its handler receives and answers.
 * The declarations serve three purposes at once: the router, validation (422) and the OpenAPI
 * document (`../openapi.ts`), so the published document cannot drift from what is served.
 */
import { z } from 'zod';
import type { Page } from '../../shared/api/resources';
import type { KeyRecord } from '../auth/key-store';
import type { KeyService } from '../auth/key-service';
import type { PageRequest } from '../http/pagination';
import type { MarketStore } from '../store/market-store';
import type { ResourceName } from './resource-names';

export interface RouteContext {
  url: URL;
  params: Record<string, string | undefined>;
  /** The parsed body (routes that declare `body`), else undefined. */
  body: unknown;
  market: MarketStore;
  keys: KeyService;
  caller: KeyRecord;
  /** The market's today (UTC, YYYY-MM-DD), fixed when the service started. */
  today: string;
  /** The pagination envelope for this request (its `next_page` in the style the service was started with). */
  page<T>(request: PageRequest, total: number, data: T[]): Page<T>;
}

export interface Reply {
  status?: number;
  body: unknown;
  contentType?: string;
}

/** What the answer holds, so answer-wide decorations (extra fields, anonymous items) know where the items are. */
export type AnswerShape =
  | 'project' | 'project-page' | 'project-types' | 'credit-page' | 'time-bin-page' | 'category-page' | 'listing-page' | 'supply-demand'
  | 'buyer-page' | 'buyer' | 'buyer-analytics' | 'legacy-forensic-page' | 'forensic-feed' | 'project-forensics' | 'forensic-diff'
  | 'satellite-list' | 'boundary' | 'country' | 'country-updates' | 'api-key' | 'api-key-list' | 'api-key-usage';

export type QuerySchema = z.ZodObject<z.ZodRawShape>;

export interface RouteDef {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path below the API root, in find-my-way syntax (`/projects/:project_id`). */
  path: string;
  resource: ResourceName;
  summary: string;
  shape: AnswerShape;
  /** The query parameters the route reads (validated; unknown parameters are ignored). */
  query: QuerySchema;
  /** The JSON body of a POST. */
  body?: z.ZodTypeAny;
  /** Status of a successful answer (200 unless said otherwise). */
  successStatus?: number;
  handler: (ctx: RouteContext, query: Record<string, unknown>) => Reply;
  /**
   * For a route that reads the credit transactions: whether this request is answered without their
   * secondary indexes (e.g. pages in id order), so it need not wait while a fresh market's are built.
   */
  answersWithoutIndexes?: (market: MarketStore, query: Record<string, unknown>) => boolean;
}

export const NO_QUERY: QuerySchema = z.object({});

/** Declares a route with its handler typed by its query schema. */
export function defineRoute<S extends QuerySchema = typeof NO_QUERY>(def: Omit<RouteDef, 'query' | 'handler' | 'answersWithoutIndexes'> & {
  query?: S;
  handler: (ctx: RouteContext, query: z.output<S>) => Reply;
  answersWithoutIndexes?: (market: MarketStore, query: z.output<S>) => boolean;
}): RouteDef {
  return {
    ...def,
    query: def.query ?? NO_QUERY,
    handler: def.handler as RouteDef['handler'],
    answersWithoutIndexes: def.answersWithoutIndexes as RouteDef['answersWithoutIndexes'],
  };
}

export const ok = (body: unknown, status = 200): Reply => ({ status, body });
