/**
 * What a server is, learnt before the first request of a sync: where its API root is (a connection's
 * base URL may be the host, `https://host/v1` or `https://host/api/v1`), which paths it offers and
 * which query parameters they take (from its OpenAPI document when it publishes one, as FastAPI
 * services do at `/openapi.json`), and how it spells the beneficiary search fields. Without a
 * document the root is found by probing and the offered resources by 404s on collection roots.
 */
import { BENEFICIARY_FIELD_ALIASES } from '../../shared/api/values';

export interface ServiceProfile {
  /** The absolute URL of the API root, without a trailing slash. */
  apiRoot: string;
  /** Where it was learnt. */
  source: 'openapi' | 'probe' | 'guess';
  /**
   * Every path the server publishes, relative to the root (`/countries/{country_code}`), with the
   * names of its query parameters; null when the server publishes no OpenAPI document.
   */
  paths: Record<string, string[]> | null;
  /** Our beneficiary field names mapped to the server's, where they differ. */
  beneficiaryFields: Record<string, string>;
}

/** Where the API root may be for a base URL, most likely first. */
export function rootCandidates(baseUrl: string): string[] {
  const base = baseUrl.replace(/\/+$/, '');
  const path = new URL(base).pathname.replace(/\/+$/, '');
  if (/\/v\d+$/.test(path)) return [base];
  return [`${base}/v1`, base];
}

/** The path templates of the contract's requests, relative to the root, as an OpenAPI document writes them. */
export function pathTemplate(relativePath: string): string {
  return relativePath
    .replace(/^\/projects\/(?!types$)[^/?]+$/, '/projects/{project_id}')
    .replace(/^\/forensics\/v2\/(?!latest$)[^/]+\/diff$/, '/forensics/v2/{project_id}/diff')
    .replace(/^\/forensics\/v2\/(?!latest$)[^/]+$/, '/forensics/v2/{project_id}')
    .replace(/^\/satellite\/[^/]+\/boundary$/, '/satellite/{project_id}/boundary')
    .replace(/^\/countries\/[^/]+\/updates$/, '/countries/{country_code}/updates')
    .replace(/^\/countries\/[^/]+$/, '/countries/{country_code}')
    .replace(/^\/buyers\/[^/]+\/analytics$/, '/buyers/{buyer_name}/analytics')
    .replace(/^\/buyers\/(?!$)[^/]+$/, '/buyers/{buyer_name}')
    .replace(/^\/api-keys\/(?!usage$)(?!$)[^/]+$/, '/api-keys/{id}')
    .replace(/^\/charts\/(credits_by_transaction_date|credits_retirements_by_vintage)\/[^/]+$/, '/charts/$1/{project_id}');
}

interface OpenApiParameter {
  name?: unknown;
  in?: unknown;
  schema?: unknown;
  description?: unknown;
}

/**
 * A profile from an OpenAPI document served on `origin`, when the document locates the API
 * (a path ending in `/projects/`) under `basePath` (the connection's base URL path); else null.
 */
export function profileFromOpenApi(doc: unknown, origin: string, basePath: string): ServiceProfile | null {
  const paths = (doc as { paths?: unknown } | null)?.paths;
  if (!paths || typeof paths !== 'object') return null;
  const keys = Object.keys(paths);
  const anchor = keys.find((k) => /\/projects\/$/.test(k)) ?? keys.find((k) => /\/credits\/$/.test(k));
  if (!anchor) return null;
  const prefix = anchor.replace(/\/(projects|credits)\/$/, '');
  const base = basePath.replace(/\/+$/, '');
  // The document describes this deployment only if the base URL's path leads to its root.
  if (base && !(`${prefix}/`.startsWith(`${base}/`) || prefix === base)) return null;
  const relative: Record<string, string[]> = {};
  let beneficiaryText = '';
  for (const key of keys) {
    if (!key.startsWith(prefix)) continue;
    const operation = (paths as Record<string, { get?: { parameters?: OpenApiParameter[] } }>)[key]?.get;
    const params = Array.isArray(operation?.parameters) ? operation.parameters : [];
    relative[key.slice(prefix.length) || '/'] = params.filter((p) => p.in === 'query' && typeof p.name === 'string').map((p) => p.name as string);
    for (const p of params) if (p.name === 'beneficiary_search_fields') beneficiaryText += JSON.stringify(p.schema ?? null) + String(p.description ?? '');
  }
  return { apiRoot: `${origin}${prefix}`, source: 'openapi', paths: relative, beneficiaryFields: beneficiaryNames(beneficiaryText) };
}

/** Our beneficiary field names → the server's, when its document spells them the other way. */
function beneficiaryNames(published: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [theirs, ours] of Object.entries(BENEFICIARY_FIELD_ALIASES)) {
    if (published.includes(theirs) && !published.includes(ours)) out[ours] = theirs;
  }
  return out;
}

/** Whether the server offers a path: true/false from its document, null when it publishes none. */
export function offers(profile: ServiceProfile, relativePath: string): boolean | null {
  if (!profile.paths) return null;
  return pathTemplate(relativePath.split('?')[0]!) in profile.paths;
}

/**
 * A query as this server takes it: beneficiary field values in its spelling, and (when its document
 * lists the path's parameters) only parameters it publishes; `dropped` names the others.
 */
export function serverQuery(profile: ServiceProfile, relativePath: string, query: Record<string, unknown>): { query: Record<string, unknown>; dropped: string[] } {
  const out: Record<string, unknown> = { ...query };
  const fields = out.beneficiary_search_fields;
  if (Array.isArray(fields) && Object.keys(profile.beneficiaryFields).length) {
    out.beneficiary_search_fields = fields.map((f) => profile.beneficiaryFields[String(f)] ?? f);
  }
  const published = profile.paths?.[pathTemplate(relativePath)];
  const dropped: string[] = [];
  if (published && published.length) {
    for (const name of Object.keys(out)) {
      if (out[name] !== undefined && !published.includes(name)) {
        dropped.push(name);
        delete out[name];
      }
    }
  }
  return { query: out, dropped };
}
