/**
 * The reader of every kind of item the service sends, with the fields that identify it: an item
 * without them cannot be stored (it would have no row to live in) and is skipped; every other field
 * is read liberally (item-intake.ts).
 */
import {
  apiKeySchema, countryProfileSchema, countryUpdateSchema, creditTransactionSchema, forensicEntrySchema, forensicMemoSchema,
  forensicStatsSchema, legacyForensicSchema, projectSchema, satelliteMetricsSchema,
} from '../../shared/api';
import { EXCERPT_CHARS, itemReader } from './item-intake';
import { plainCreditTransaction } from './plain-credit';

/** `excerptChars`: where a skipped item's excerpt is cut (Infinity for readers without the key: see finishSkipped). */
export function createItemReaders(redact: (text: string) => string, excerptChars = EXCERPT_CHARS) {
  return {
    apiKey: itemReader(apiKeySchema, ['id', 'key_prefix'], redact, undefined, excerptChars),
    project: itemReader(projectSchema, ['project_id'], redact, undefined, excerptChars),
    creditTransaction: itemReader(creditTransactionSchema, ['id'], redact, plainCreditTransaction, excerptChars),
    legacyForensic: itemReader(legacyForensicSchema, ['id', 'project_id'], redact, undefined, excerptChars),
    forensicEntry: itemReader(forensicEntrySchema, ['id', 'project_id'], redact, undefined, excerptChars),
    memo: itemReader(forensicMemoSchema, ['project_id'], redact, undefined, excerptChars),
    stats: itemReader(forensicStatsSchema, [], redact, undefined, excerptChars),
    satelliteMetrics: itemReader(satelliteMetricsSchema, ['project_id'], redact, undefined, excerptChars),
    countryProfile: itemReader(countryProfileSchema, ['country_code'], redact, undefined, excerptChars),
    countryUpdate: itemReader(countryUpdateSchema, ['id', 'country_code'], redact, undefined, excerptChars),
  };
}
export type ItemReaders = ReturnType<typeof createItemReaders>;
