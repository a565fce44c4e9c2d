/**
 * The values a messy market (`--messy`) uses beyond the known vocabularies: registries, categories,
 * project types, statuses and transaction types no client ships with, as real registry data has.
 * The service accepts them in its filters and publishes them in its OpenAPI document.
 */
export const MESSY_VALUES = {
  registries: ['cercarbono', 'biocarbon-registry'],
  /** project_id prefix of the extra registries. */
  registryPrefix: { cercarbono: 'CDC', 'biocarbon-registry': 'BCR' } as Record<string, string>,
  categories: ['blue-carbon', 'mineralization'],
  /** Project types of the extra categories, and extra types of known categories. */
  projectTypes: {
    'blue-carbon': ['Mangrove Restoration', 'Seagrass Conservation'],
    mineralization: ['Concrete Mineralization'],
    'land-use': ['Peatland Rewetting'],
    'ghg-management': ['Methane Leak Repair'],
  } as Record<string, string[]>,
  statuses: ['under-validation', 'withdrawn', 'on-hold'],
  transactionTypes: ['transfer', 'buffer-contribution'],
  riskLevels: ['CRITICAL', 'NOT_ASSESSED'],
  forensicStatuses: ['timeout'],
  forensicCategories: ['biodiversity', 'supply-chain'],
  corcDurabilities: ['10+'],
  article6AuthorizationTypes: ['Domestic use'],
  clipTypes: ['podcast', 'video'],
  marketImpacts: ['Mixed', 'Too early to tell'],
} as const;
