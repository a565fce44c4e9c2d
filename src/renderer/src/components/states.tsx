/** Loading, empty and error states that say what to do next. */
import type { ReactNode } from 'react';
import { ContractError, ERROR_EXPLANATIONS } from '../../../shared/errors';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <strong>{title}</strong>
      {children ? <div className="state-hint">{children}</div> : null}
    </div>
  );
}

/** Explains an error in words a user acts on, from its contract code. */
export function explainError(error: unknown): { title: string; hint: string | null } {
  if (error instanceof ContractError) {
    const hint = ERROR_EXPLANATIONS[error.code] ?? null;
    const retry = error.retryAfterSeconds ? ` Resumes in about ${Math.ceil(error.retryAfterSeconds)} s.` : '';
    return { title: error.message, hint: hint ? hint + retry : retry || null };
  }
  return { title: error instanceof Error ? error.message : String(error), hint: null };
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { title, hint } = explainError(error);
  return (
    <div className="state state-error" role="alert">
      <strong>{title}</strong>
      {hint ? <div className="state-hint">{hint}</div> : null}
      {onRetry ? (
        <button type="button" className="btn" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
