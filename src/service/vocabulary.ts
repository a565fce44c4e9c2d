/**
 * The service's query vocabulary: which parameter names and values it accepts. The routes declare
 * their query schemas with the names of `src/shared/api/params.ts` (the `standard` vocabulary); this
 * module derives the schema actually served from them:
 * - a messy market (`--messy`) adds its extra registries, categories, statuses, transaction types,
 *   risk levels… to every enumerated parameter, so everything it serves can be filtered on;
 * - the `offsetsdb` vocabulary speaks like CarbonPlan's OffsetsDB API: `beneficiary_search_fields`
 *   takes `retirement_account`, `retirement_note`, `retirement_reason` (instead of
 *   `retirement_beneficiary_account/_note/_reason`) and ignores names it does not know, so a request
 *   naming only unknown fields searches nothing and matches every row; `category`, `transaction_type`
 *   take any string (no enum); `registry` also accepts `cercarbono`.
 * Routes and the OpenAPI document both read the derived schemas, so what is published is what is served.
 */
import { z } from 'zod';
import { repeated } from '../shared/api/params';
import type { BeneficiarySearchField } from '../shared/api/values';
import { MESSY_VALUES } from './messy/messy-values';
import type { QuerySchema } from './routes/route';

export const VOCABULARIES = ['standard', 'offsetsdb'] as const;
export type VocabularyName = (typeof VOCABULARIES)[number];

/** OffsetsDB's beneficiary search field names and the column each searches (as our field names). */
export const OFFSETSDB_BENEFICIARY_FIELDS: Record<string, BeneficiarySearchField> = {
  retirement_beneficiary_harmonized: 'retirement_beneficiary_harmonized',
  retirement_beneficiary: 'retirement_beneficiary',
  retirement_account: 'retirement_beneficiary_account',
  retirement_note: 'retirement_beneficiary_note',
  retirement_reason: 'retirement_beneficiary_reason',
};

/** Values a messy market adds per enumerated parameter name. */
const MESSY_EXTRAS: Record<string, readonly string[]> = {
  registry: MESSY_VALUES.registries,
  category: MESSY_VALUES.categories,
  transaction_type: MESSY_VALUES.transactionTypes,
  corc_durability: MESSY_VALUES.corcDurabilities,
  article6_authorization_types: MESSY_VALUES.article6AuthorizationTypes,
  risk_level: MESSY_VALUES.riskLevels,
  status: MESSY_VALUES.forensicStatuses,
};
/** Values the offsetsdb vocabulary adds (OffsetsDB's own registry list). */
const OFFSETSDB_EXTRAS: Record<string, readonly string[]> = { registry: ['cercarbono'] };
/** Enumerated parameters that OffsetsDB takes as free strings. */
const OFFSETSDB_OPEN = new Set(['category', 'transaction_type']);

/** Descriptions published in the OpenAPI document, by parameter name. */
const DESCRIPTIONS: Record<string, string> = {
  current_page: 'Page number',
  per_page: 'Items per page',
  sort: 'Sorting parameters: `field_name` or `+field_name` for ascending, `-field_name` for descending order; repeat for more keys.',
  search: 'Case-insensitive substring search',
  registry: 'Registry name',
  country: 'Country name',
  protocol: 'Protocol name',
  category: 'Category name',
  project_type: 'Project type',
  project_id: 'Project ID',
  transaction_type: 'Transaction type',
  vintage: 'Vintage',
  vintage_min: 'Earliest vintage (inclusive)',
  vintage_max: 'Latest vintage (inclusive)',
  beneficiary_search: 'Case-insensitive search string, searched in the beneficiary_search_fields only.',
};

export interface EnumInfo {
  values: readonly string[];
  repeated: boolean;
}

/** The enum values of a field schema, if it is an enum or a repeatable enum. */
export function enumOf(field: z.ZodTypeAny): EnumInfo | undefined {
  const js = z.toJSONSchema(field, { io: 'output', unrepresentable: 'any' }) as { type?: string; enum?: string[]; items?: { enum?: string[] } };
  if (js.type === 'array' && js.items?.enum) return { values: js.items.enum, repeated: true };
  if (js.enum) return { values: js.enum, repeated: false };
  return undefined;
}

const union = (a: readonly string[], b: readonly string[]) => [...a, ...b.filter((v) => !a.includes(v))];

export class Vocabulary {
  private readonly derived = new WeakMap<QuerySchema, QuerySchema>();

  constructor(readonly name: VocabularyName = 'standard', readonly messy = false) {}

  /** The schema a route's query is validated with (and published as) in this vocabulary. */
  query(schema: QuerySchema): QuerySchema {
    let out = this.derived.get(schema);
    if (!out) {
      out = this.derive(schema);
      this.derived.set(schema, out);
    }
    return out;
  }

  description(param: string): string | undefined {
    if (param === 'beneficiary_search_fields') {
      const names = this.name === 'offsetsdb' ? Object.keys(OFFSETSDB_BENEFICIARY_FIELDS) : Object.values(OFFSETSDB_BENEFICIARY_FIELDS);
      return `Beneficiary fields to search in. Valid fields are: ${names.map((n) => `\`${n}\``).join(', ')}`;
    }
    return DESCRIPTIONS[param];
  }

  private derive(schema: QuerySchema): QuerySchema {
    const overrides: Record<string, z.ZodTypeAny> = {};
    for (const [key, field] of Object.entries(schema.shape)) {
      if (key === 'beneficiary_search_fields' && this.name === 'offsetsdb') {
        overrides[key] = offsetsDbBeneficiaryFields();
        continue;
      }
      const info = enumOf(field as z.ZodTypeAny);
      if (!info) continue;
      if (this.name === 'offsetsdb' && OFFSETSDB_OPEN.has(key)) {
        overrides[key] = info.repeated ? repeated(z.string().max(200)) : z.string().max(200).optional();
        continue;
      }
      let values = info.values;
      if (this.messy && MESSY_EXTRAS[key]) values = union(values, MESSY_EXTRAS[key]);
      if (this.name === 'offsetsdb' && OFFSETSDB_EXTRAS[key]) values = union(values, OFFSETSDB_EXTRAS[key]);
      if (values === info.values) continue;
      const item = z.enum(values as [string, ...string[]]);
      overrides[key] = info.repeated ? repeated(item) : item.optional();
    }
    return Object.keys(overrides).length ? schema.extend(overrides) : schema;
  }
}

/**
 * OffsetsDB's `beneficiary_search_fields`: any strings; the known names map to the columns they
 * search and unknown names are dropped (an empty list then searches nothing: no condition at all).
 */
function offsetsDbBeneficiaryFields() {
  return repeated(z.string().max(200)).transform((names) =>
    names?.map((n) => OFFSETSDB_BENEFICIARY_FIELDS[n]).filter((f): f is BeneficiarySearchField => f !== undefined));
}
