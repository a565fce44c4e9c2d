/** The totals of a list's filtered set (computed in the cache), in one line above its table. */
import { formatNumber } from '../format';

export interface Total {
  label: string;
  value: number | null | undefined;
  unit?: string;
  /** A second, quieter part after the value ("in 1,204 transactions"). */
  detail?: string;
  testId?: string;
}

export function TotalsStrip({ totals, label }: { totals: Total[] | null; label: string }) {
  return (
    <div className="totals-strip" role="status" aria-label={label} data-testid="totals-strip">
      {totals === null ? (
        <span className="muted">Totals…</span>
      ) : (
        totals.map((t) => (
          <span key={t.label} className="total" data-testid={t.testId}>
            <span className="total-label">{t.label}</span> <strong className="total-value">{formatNumber(t.value)}</strong>
            {t.unit ? <span className="total-unit"> {t.unit}</span> : null}
            {t.detail ? <span className="total-detail muted"> {t.detail}</span> : null}
          </span>
        ))
      )}
    </div>
  );
}
