/**
 * `integrity_signal`: the holding's project has an integrity signal in the cache (a kind of
 * docs/integrity-signals.md: the registry's own numbers do not add up). A signal of a vintage flags
 * the holdings of that vintage and those without one; a project-wide signal flags every holding of
 * the project.
 */
import type { ScreeningRule } from '../screening-rule';

export const integritySignal: ScreeningRule = {
  id: 'integrity_signal',
  severity: 'high',
  source: 'integrity_signals',
  definition: 'The project has an integrity signal computed from the cached registry data (for the holding\'s vintage, for the project as a whole, or for any vintage when the holding names none).',
  flags(db, portfolioId) {
    const rows = db.prepare(`
      SELECT h.row, s.project_id, s.kind, s.vintage, s.figures, s.transaction_ids
      FROM holdings h JOIN integrity_signals s ON s.project_id = h.project_ref
      WHERE h.portfolio_id = ? AND (s.vintage IS NULL OR h.vintage IS NULL OR s.vintage = h.vintage)
      ORDER BY h.row, s.kind, s.vintage`).all(portfolioId) as Array<{ row: number; project_id: string; kind: string; vintage: number | null; figures: string; transaction_ids: string }>;
    // One flag per holding (the flags' key): every signal of its project that concerns it, in its evidence.
    const byRow = new Map<number, typeof rows>();
    for (const s of rows) byRow.set(s.row, [...(byRow.get(s.row) ?? []), s]);
    return [...byRow.entries()].map(([row, signals]) => {
      const first = signals[0]!;
      const named = signals.map((s) => (s.vintage === null ? s.kind : `${s.kind} (vintage ${s.vintage})`));
      return {
        row,
        rule: 'integrity_signal',
        severity: 'high' as const,
        message: `The registry data of ${first.project_id} carries ${signals.length === 1 ? 'the integrity signal' : `${signals.length} integrity signals:`} ${named.join(', ')}.`,
        evidence: {
          signals: signals.map((s) => ({ kind: s.kind, vintage: s.vintage, ...(JSON.parse(s.figures) as Record<string, unknown>) })),
          transaction_ids: [...new Set(signals.flatMap((s) => JSON.parse(s.transaction_ids) as number[]))].slice(0, 20).join(', '),
        },
        source: 'integrity_signals',
      };
    });
  },
};
