/** The holding fields in words, as the mapping dialog and the table name them. */
import type { HoldingField } from '../../../../shared/contract';

export const FIELD_LABELS: Record<HoldingField, string> = {
  project_id: 'Project ID',
  vintage: 'Vintage',
  quantity: 'Quantity (tCO2e)',
  registry: 'Registry',
  serial: 'Serial numbers',
  status: 'Status (held or retired)',
  note: 'Note',
};
