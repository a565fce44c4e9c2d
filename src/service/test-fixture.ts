/**
 * Test support (not a test): a small service on 127.0.0.1, an authenticated JSON client and the
 * whole market loaded over HTTP, so tests compute expected answers independently of the SQL.
 */
import type { z } from 'zod';
import { creditTransactionSchema, paginated, projectSchema, type CreditTransaction, type Page, type Project } from '../shared/api';
import { startService, type RunningService, type ServiceOptions } from './server';

export const TEST_TODAY = '2026-06-30';

export interface TestService {
  service: RunningService;
  get(path: string, key?: string | null): Promise<{ status: number; body: unknown; headers: Headers }>;
  getOk<T = unknown>(path: string): Promise<T>;
  parse<S extends z.ZodTypeAny>(schema: S, path: string): Promise<z.output<S>>;
  stop(): Promise<void>;
}

export async function startTestService(options: ServiceOptions = {}): Promise<TestService> {
  process.env.CARBON_TODAY = TEST_TODAY;
  const service = await startService({ scale: 0.01, seed: 7, rateLimits: { pro: 1_000_000, enterprise: 1_000_000 }, ...options });
  const get = async (path: string, key: string | null = service.keys.pro) => {
    const res = await fetch(`${service.baseUrl}${path}`, { headers: key === null ? {} : { 'X-API-KEY': key } });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: res.headers };
  };
  const getOk = async <T>(path: string) => {
    const r = await get(path);
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as T;
  };
  const parse = async <S extends z.ZodTypeAny>(schema: S, path: string) => {
    const body = await getOk(path);
    const result = schema.safeParse(body);
    if (!result.success) throw new Error(`GET ${path} does not match the schema: ${result.error.message}`);
    return result.data as z.output<S>;
  };
  return { service, get, getOk, parse, stop: () => service.stop() };
}

/** Starts test services on demand and stops them all at the end (`afterAll(services.stopAll)`). */
export function testServices(): { start(options?: ServiceOptions): Promise<TestService>; stopAll(): Promise<void> } {
  const started: TestService[] = [];
  return {
    async start(options = {}) {
      const t = await startTestService(options);
      started.push(t);
      return t;
    },
    async stopAll() {
      await Promise.all(started.splice(0).map((t) => t.stop()));
    },
  };
}

/** Every item of a paginated list, following next_page. */
export async function fetchAll<S extends z.ZodTypeAny>(t: TestService, schema: S, path: string): Promise<z.output<S>[]> {
  const out: z.output<S>[] = [];
  let next: string | null = path;
  const envelope = paginated(schema);
  while (next) {
    const page: Page<z.output<S>> = await t.parse(envelope, next);
    out.push(...page.data);
    next = page.pagination.next_page;
  }
  return out;
}

export interface LoadedMarket {
  projects: Project[];
  credits: CreditTransaction[];
  projectById: Map<string, Project>;
}

export async function loadMarket(t: TestService): Promise<LoadedMarket> {
  const projects = await fetchAll(t, projectSchema, '/v1/projects/?per_page=200');
  const credits = await fetchAll(t, creditTransactionSchema, '/v1/credits/?per_page=200');
  return { projects, credits, projectById: new Map(projects.map((p) => [p.project_id, p])) };
}

/**
 * Comparison ignoring case, written apart from the service's: every letter lowered one by one, then
 * code units. That is the service's order (code points) for the default
 * generated market's texts (the messy market's odd strings, which have characters past U+FFFF, are
 * not compared with it).
 */
export function compareText(a: string, b: string): number {
  const lower = (s: string) => Array.from(s, (c) => (c === '\u0130' ? 'i' : c.toLowerCase())).join('');
  const fa = lower(a);
  const fb = lower(b);
  return fa < fb ? -1 : fa > fb ? 1 : 0;
}
