/** Portfolios: imported holdings files and the flags their screening found. */

export const HOLDING_FIELDS = ['project_id', 'vintage', 'quantity', 'registry', 'serial', 'status', 'note'] as const;
export type HoldingField = (typeof HOLDING_FIELDS)[number];

export type FlagSeverity = 'high' | 'medium' | 'low';

export interface HoldingFlagView {
  rule: string;
  severity: FlagSeverity;
  /** One sentence in words. */
  message: string;
  /** The figures and the ids or URLs they come from. */
  evidence: Record<string, unknown>;
  /** The cache resource the flag comes from. */
  source: string;
}

export interface RejectedHoldingRow {
  row: number;
  value: string;
  reason: string;
}

export interface PortfolioSummary {
  id: number;
  name: string;
  file_name: string | null;
  imported_at: string;
  screened_at: string | null;
  holdings: number;
  matched: number;
  tonnes: number;
  flagged_holdings: number;
  /** Rows of the file not understood, with their row number and reason. */
  unmatched: RejectedHoldingRow[];
  /** Per rule: the holdings it flags and their tonnes. */
  by_rule: Array<{ rule: string; holdings: number; tonnes: number }>;
}

export interface HoldingRow {
  row: number;
  project_id: string;
  /** The cached project the holding matched (null: not in the cache). */
  project_ref: string | null;
  project_name: string | null;
  registry: string | null;
  vintage: number | null;
  quantity: number;
  status: string;
  serial: string | null;
  note: string | null;
  flags: HoldingFlagView[];
}

export interface ScreeningRuleInfo {
  id: string;
  severity: FlagSeverity;
  source: string;
  definition: string;
}

/** An import's answer: the saved portfolio, or the columns the file's headers did not give (nothing saved). */
export interface PortfolioImport {
  portfolio: PortfolioSummary | null;
  headers: string[];
  missing: HoldingField[];
}

export interface PortfolioDetail {
  portfolio: PortfolioSummary;
  rules: ScreeningRuleInfo[];
  holdings: { data: HoldingRow[]; total: number; current_page: number; per_page: number };
}

/** The formats a report is written in. */
export const REPORT_FORMATS = ['pdf', 'html', 'md'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** A report as a file for the host to save or offer for download. */
export interface ReportFile {
  file_name: string;
  mime: string;
  /** Its size in bytes. */
  bytes: number;
  content_base64: string;
}
