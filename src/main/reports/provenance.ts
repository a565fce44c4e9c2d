/**
 * Where a report's figures come from: the connection (name and base URL), the last complete sync,
 * each resource's freshness, the app version and the definitions of what was applied. Any report
 * built from the cache carries one.
 */
import type { Block } from './report-document';

export interface ResourceFreshness {
  resource: string;
  state: string;
  last_complete_pass: string | null;
  last_update: string | null;
}

export interface Provenance {
  connection: string;
  base_url: string | null;
  /** The newest time every resource synced had completed a pass (null: some resource never has). */
  last_complete_sync: string | null;
  resources: ResourceFreshness[];
  app_version: string;
  generated_at: string;
  definitions: Array<{ id: string; definition: string }>;
}

export interface ProvenanceInput {
  connection: { name: string; baseUrl: string | null };
  checkpoints: Array<{ job: string; state: string; last_success_at: string | null; last_full_success_at: string | null }>;
  appVersion: string;
  now: string;
  definitions: Array<{ id: string; definition: string }>;
}

export function provenance(input: ProvenanceInput): Provenance {
  const offered = input.checkpoints.filter((c) => c.state !== 'unsupported');
  const complete = offered.length > 0 && offered.every((c) => c.last_full_success_at !== null);
  const last = complete ? offered.map((c) => c.last_full_success_at as string).sort().at(0) ?? null : null;
  return {
    connection: input.connection.name,
    base_url: input.connection.baseUrl,
    last_complete_sync: last,
    resources: input.checkpoints.map((c) => ({ resource: c.job, state: c.state, last_complete_pass: c.last_full_success_at, last_update: c.last_success_at })),
    app_version: input.appVersion,
    generated_at: input.now,
    definitions: input.definitions,
  };
}

/** The provenance block as report blocks. */
export function provenanceBlocks(p: Provenance): Block[] {
  return [
    { kind: 'heading', level: 2, text: 'Provenance' },
    { kind: 'list', items: [
      `Connection: ${p.connection}${p.base_url ? ` (${p.base_url})` : ''}`,
      `Last complete sync: ${p.last_complete_sync ?? 'not every resource has completed a pass'}`,
      `Carbon Desk ${p.app_version}, generated ${p.generated_at}, offline from the cache`,
    ] },
    { kind: 'table', columns: ['resource', 'state', 'last complete pass', 'last update'], rows: p.resources.map((r) => [r.resource, r.state, r.last_complete_pass ?? '—', r.last_update ?? '—']) },
    { kind: 'heading', level: 3, text: 'Definitions' },
    { kind: 'list', items: p.definitions.map((d) => `${d.id}: ${d.definition}`) },
  ];
}
