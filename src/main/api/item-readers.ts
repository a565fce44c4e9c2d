/**
 * The reader of every kind of item the service sends, with the fields that identify it: an item
 * without them cannot be stored (it would have no row to live in) and is skipped; every other field
 * is read liberally (item-intake.ts).
 */
import {
  apiKeySchema, countryProfileSchema, countryUpdateSchema, creditTransactionSchema, forensicEntrySchema, forensicMemoSchema,
  forensicStatsSchema, legacyForensicSchema, projectSchema, satelliteMetricsSchema,
} from '../../shared/api';
import { itemReader } from './item-intake';
import { plainCreditTransaction } from './plain-credit';

export function createItemReaders(redact: (text: string) => string) {
  return {
    apiKey: itemReader(apiKeySchema, ['id', 'key_prefix'], redact),
    project: itemReader(projectSchema, ['project_id'], redact),
    creditTransaction: itemReader(creditTransactionSchema, ['id'], redact, plainCreditTransaction),
    legacyForensic: itemReader(legacyForensicSchema, ['id', 'project_id'], redact),
    forensicEntry: itemReader(forensicEntrySchema, ['id', 'project_id'], redact),
    memo: itemReader(forensicMemoSchema, ['project_id'], redact),
    stats: itemReader(forensicStatsSchema, [], redact),
    satelliteMetrics: itemReader(satelliteMetricsSchema, ['project_id'], redact),
    countryProfile: itemReader(countryProfileSchema, ['country_code'], redact),
    countryUpdate: itemReader(countryUpdateSchema, ['id', 'country_code'], redact),
  };
}
export type ItemReaders = ReturnType<typeof createItemReaders>;
