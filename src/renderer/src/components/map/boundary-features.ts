/**
 * Boundaries come from the service and are untrusted: every feature is checked against the
 * RFC 7946 schema (`boundaryFeatureSchema`) before it reaches Leaflet. Valid features are kept,
 * invalid ones are counted and the first reason is reported, so one bad polygon costs nothing else.
 */
import { boundaryFeatureSchema, type Boundary } from '../../../../shared/api/resources';
import { toRiskKey, type RiskKey } from './risk-levels';

export type BoundaryFeature = Boundary['features'][number];

export interface CheckedBoundaries {
  features: BoundaryFeature[];
  rejected: number;
  /** A sentence for the user when something was rejected (or the whole value was not GeoJSON). */
  problem: string | null;
}

const EMPTY: CheckedBoundaries = { features: [], rejected: 0, problem: null };

export function checkBoundaries(value: unknown): CheckedBoundaries {
  if (value === null || value === undefined) return EMPTY;
  const collection = value as { type?: unknown; features?: unknown };
  let candidates: unknown[];
  if (collection && collection.type === 'FeatureCollection' && Array.isArray(collection.features)) candidates = collection.features;
  else if (collection && collection.type === 'Feature') candidates = [collection];
  else return { features: [], rejected: 0, problem: 'The boundary is not a GeoJSON FeatureCollection and was not drawn.' };

  const features: BoundaryFeature[] = [];
  let rejected = 0;
  let firstReason: string | null = null;
  candidates.forEach((candidate, index) => {
    const parsed = boundaryFeatureSchema.safeParse(candidate);
    if (parsed.success) {
      features.push(parsed.data);
      return;
    }
    rejected += 1;
    if (!firstReason) {
      const issue = parsed.error.issues[0];
      firstReason = `feature ${index + 1}: ${issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : 'invalid'}`;
    }
  });
  const problem = rejected
    ? `${rejected} of ${candidates.length} boundary feature${candidates.length === 1 ? '' : 's'} ${rejected === 1 ? 'is' : 'are'} not valid GeoJSON and ${rejected === 1 ? 'was' : 'were'} not drawn (${firstReason}).`
    : null;
  return { features, rejected, problem };
}

/** The project a boundary feature belongs to: `properties.project_id`, else the feature id. */
export function projectIdOf(feature: BoundaryFeature, fallback: string | null = null): string | null {
  const fromProps = feature.properties?.['project_id'];
  if (typeof fromProps === 'string' && fromProps) return fromProps;
  if (typeof feature.id === 'string' && feature.id) return feature.id;
  if (typeof feature.id === 'number') return String(feature.id);
  return fallback;
}

export function riskOf(feature: BoundaryFeature, override?: string | null): RiskKey {
  return toRiskKey(override ?? feature.properties?.['risk_level']);
}

/** How many features of each risk level (for the legend). */
export function countByRisk(features: readonly BoundaryFeature[], override?: string | null): Record<RiskKey, number> {
  const counts: Record<RiskKey, number> = { VERY_LOW: 0, LOW: 0, MEDIUM: 0, HIGH: 0, UNKNOWN: 0 };
  for (const f of features) counts[riskOf(f, override)] += 1;
  return counts;
}
