/**
 * The OpenAPI 3.1 document of the running service, served at `GET /openapi.json` on the host root
 * the way FastAPI services serve theirs. It is generated from the route table (`routes/`) and the
 * vocabulary's query schemas, so it lists exactly the paths offered (API root included), the query
 * parameters each route reads, their types, defaults and enum values, in FastAPI's shapes
 * (optional parameters as `anyOf [schema, null]`, `HTTPValidationError` for 422).
 */
import { z } from 'zod';
import {
  COUNTRY_UPDATES_DEFAULT_LIMIT, DEFAULT_BENEFICIARY_FIELDS, DEFAULT_SORT, LATEST_FEED_DEFAULT_LIMIT, PAGING_DEFAULTS, SATELLITE_DEFAULTS,
} from '../shared/api/params';
import type { RouteDef } from './routes/route';
import { OFFSETSDB_BENEFICIARY_FIELDS, type Vocabulary } from './vocabulary';

type Json = Record<string, unknown>;

const COMMON_DEFAULTS: Record<string, unknown> = {
  current_page: PAGING_DEFAULTS.current_page,
  per_page: PAGING_DEFAULTS.per_page,
  beneficiary_search_fields: DEFAULT_BENEFICIARY_FIELDS,
  freq: 'Y',
  aggregation: 'yearly',
  has_boundary: SATELLITE_DEFAULTS.has_boundary,
  offset: SATELLITE_DEFAULTS.offset,
};
/** Defaults that depend on the route (by path below the API root). */
const ROUTE_DEFAULTS: Record<string, Record<string, unknown>> = {
  '/projects/': { sort: DEFAULT_SORT.projects },
  '/credits/': { sort: DEFAULT_SORT.credits },
  '/buyers/': { sort: DEFAULT_SORT.buyers },
  '/forensics/': { sort: DEFAULT_SORT.legacyForensics },
  '/forensics/v2/latest': { limit: LATEST_FEED_DEFAULT_LIMIT },
  '/satellite/': { limit: SATELLITE_DEFAULTS.limit },
  '/countries/:country_code/updates': { limit: COUNTRY_UPDATES_DEFAULT_LIMIT },
};

const SAFE_INTEGER_BOUND = Number.MAX_SAFE_INTEGER;

/** JSON Schema of one query parameter: the validated (output) type, `integer` where the input is. */
function parameterSchema(key: string, field: z.ZodTypeAny, vocabulary: Vocabulary): Json {
  if (key === 'beneficiary_search_fields' && vocabulary.name === 'offsetsdb') return { type: 'array', items: { type: 'string' } };
  const out = z.toJSONSchema(field, { io: 'output', unrepresentable: 'any' }) as Json;
  const input = z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' }) as Json;
  delete out.$schema;
  if (out.type === 'number' && input.type === 'integer') out.type = 'integer';
  const items = out.items as Json | undefined;
  for (const schema of [out, items]) {
    if (schema?.minimum === -SAFE_INTEGER_BOUND) delete schema.minimum;
    if (schema?.maximum === SAFE_INTEGER_BOUND) delete schema.maximum;
  }
  if (out.type === 'array') delete out.minItems;
  const inputItems = input.items as Json | undefined;
  if (items?.type === 'number' && inputItems?.type === 'integer') items.type = 'integer';
  if (out.type === 'string' && typeof out.pattern === 'string' && out.pattern.includes('\\d{4}-\\d{2}-\\d{2}')) {
    delete out.pattern;
    out.format = 'date';
  }
  return out;
}

const title = (name: string) => name.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
const snake = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

export interface OpenApiOptions {
  routes: readonly RouteDef[];
  /** `/v1`, `/api/v1`, or `` for the host root. */
  apiRoot: string;
  vocabulary: Vocabulary;
}

export function openApiDocument({ routes, apiRoot, vocabulary }: OpenApiOptions): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const openPath = `${apiRoot}${route.path}`.replace(/:([a-z_]+)/g, '{$1}');
    const pathParams = [...route.path.matchAll(/:([a-z_]+)/g)].map((m) => m[1]!);
    const schema = vocabulary.query(route.query);
    const defaults = { ...COMMON_DEFAULTS, ...ROUTE_DEFAULTS[route.path] };
    const parameters: Json[] = [
      ...pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string', title: title(name) } })),
      ...Object.entries(schema.shape).map(([name, field]) => {
        const inner = parameterSchema(name, field as z.ZodTypeAny, vocabulary);
        const def = name === 'beneficiary_search_fields' && vocabulary.name === 'offsetsdb'
          ? [Object.keys(OFFSETSDB_BENEFICIARY_FIELDS)[0]]
          : defaults[name];
        const description = vocabulary.description(name);
        return {
          name,
          in: 'query',
          required: false,
          schema: { anyOf: [inner, { type: 'null' }], title: title(name), ...(def !== undefined ? { default: def } : {}) },
          ...(description ? { description } : {}),
        };
      }),
    ];
    const validates = parameters.length > 0 || route.body !== undefined;
    const status = String(route.successStatus ?? 200);
    const operation: Json = {
      tags: [route.resource],
      summary: route.summary,
      operationId: `${snake(route.summary)}_${snake(openPath)}_${route.method.toLowerCase()}`,
      security: [{ APIKeyHeader: [] }],
      ...(parameters.length ? { parameters } : {}),
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: stripDialect(z.toJSONSchema(route.body, { io: 'input' }) as Json) } } } } : {}),
      responses: {
        [status]: { description: 'Successful Response', content: { [route.shape === 'boundary' ? 'application/geo+json' : 'application/json']: { schema: {} } } },
        ...(validates ? { '422': { description: 'Validation Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/HTTPValidationError' } } } } } : {}),
      },
    };
    (paths[openPath] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Carbon Credit Market Data Service',
      version: '1.0.0',
      description: `Reference implementation (vocabulary: ${vocabulary.name}${vocabulary.messy ? ', messy market' : ''}). Every request needs the X-API-KEY header.`,
    },
    paths,
    components: {
      schemas: {
        HTTPValidationError: { type: 'object', title: 'HTTPValidationError', properties: { detail: { type: 'array', title: 'Detail', items: { $ref: '#/components/schemas/ValidationError' } } } },
        ValidationError: {
          type: 'object',
          title: 'ValidationError',
          required: ['loc', 'msg', 'type'],
          properties: {
            loc: { type: 'array', title: 'Location', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
            msg: { type: 'string', title: 'Message' },
            type: { type: 'string', title: 'Error Type' },
          },
        },
      },
      securitySchemes: { APIKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-KEY' } },
    },
  };
}

function stripDialect(schema: Json): Json {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}
