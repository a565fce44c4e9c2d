/** Credit transaction rows as the service serves them, with the parent project's category, type, SDGs and certifications. */
import type { CreditTransaction } from '../../shared/api/resources';

export interface CreditRow {
  id: number;
  project_id: string;
  quantity: number;
  vintage: number | null;
  transaction_date: string | null;
  transaction_type: string;
  retirement_account: string | null;
  retirement_beneficiary: string | null;
  retirement_reason: string | null;
  retirement_note: string | null;
  retirement_beneficiary_harmonized: string | null;
  p_category: string | null;
  p_project_type: string | null;
  p_sdg_goals: string | null;
  p_certifications: string | null;
}

/** Columns to select around a credits subquery `c` joined to `projects p`. */
export const CREDIT_SELECT = `c.id, c.project_id, c.quantity, c.vintage, c.transaction_date, c.transaction_type, c.retirement_account,
  c.retirement_beneficiary, c.retirement_reason, c.retirement_note, c.retirement_beneficiary_harmonized,
  p.category AS p_category, p.project_type AS p_project_type, p.sdg_goals AS p_sdg_goals, p.certifications AS p_certifications`;

export const mapCredit = (r: CreditRow): CreditTransaction => ({
  id: r.id,
  quantity: r.quantity,
  vintage: r.vintage,
  transaction_date: r.transaction_date,
  transaction_type: r.transaction_type,
  retirement_account: r.retirement_account,
  retirement_beneficiary: r.retirement_beneficiary,
  retirement_reason: r.retirement_reason,
  retirement_note: r.retirement_note,
  retirement_beneficiary_harmonized: r.retirement_beneficiary_harmonized,
  projects: [{ project_id: r.project_id, category: r.p_category, project_type: r.p_project_type }],
  sdg_goals: r.p_sdg_goals ? (JSON.parse(r.p_sdg_goals) as number[]) : [],
  certifications: r.p_certifications ? (JSON.parse(r.p_certifications) as string[]) : [],
});
