/** Asks before a portfolio is removed (native modal <dialog>: Escape cancels). */
import { useEffect, useRef } from 'react';
import type { PortfolioSummary } from '../../../../shared/contract';
import { formatNumber } from '../../components/format';

export function RemoveDialog({ portfolio, onConfirm, onCancel }: { portfolio: PortfolioSummary | null; onConfirm(p: PortfolioSummary): void; onCancel(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (portfolio && !d.open) d.showModal();
    if (!portfolio && d.open) d.close();
  }, [portfolio]);
  return (
    <dialog
      ref={ref}
      className="portfolio-dialog"
      aria-labelledby="remove-portfolio-title"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      {portfolio ? (
        <>
          <h2 id="remove-portfolio-title">Remove {portfolio.name}?</h2>
          <p>
            Its {formatNumber(portfolio.holdings)} holdings and their flags are removed from this connection’s cache. The file itself is not touched.
          </p>
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={onCancel} autoFocus>
              Cancel
            </button>
            <button type="button" className="btn btn-danger-fill" onClick={() => onConfirm(portfolio)}>
              Remove
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
