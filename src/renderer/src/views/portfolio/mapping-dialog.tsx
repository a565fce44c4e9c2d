/**
 * The mapping dialog: for each field the file's headers did not give, a choice of the file's
 * headers; the answer re-imports the file. A native modal <dialog>: focus stays inside, Escape cancels.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { HoldingField } from '../../../../shared/contract';
import { FIELD_LABELS } from './field-labels';
import type { PendingMapping } from './use-portfolio-import';

export function MappingDialog({ pending, busy, onSubmit, onCancel }: {
  pending: PendingMapping | null;
  busy: boolean;
  onSubmit(mapping: Partial<Record<HoldingField, string>>): void;
  onCancel(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [choice, setChoice] = useState<Partial<Record<HoldingField, string>>>({});
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (pending && !d.open) d.showModal();
    if (!pending && d.open) d.close();
    setChoice({});
  }, [pending]);
  const complete = pending ? pending.missing.every((f) => choice[f]) : false;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (complete) onSubmit(choice);
  };
  return (
    <dialog
      ref={ref}
      className="portfolio-dialog"
      aria-labelledby="mapping-title"
      data-testid="mapping-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      {pending ? (
        <form onSubmit={submit}>
          <h2 id="mapping-title">{pending.missing.length === 1 ? 'Which column holds this field?' : 'Which columns hold these fields?'}</h2>
          <p className="muted">
            {pending.file_name}’s headers do not name {pending.missing.length === 1 ? 'this field' : 'these fields'}. Choose the column for each; nothing is saved until the file is read.
          </p>
          <div className="mapping-fields">
            {pending.missing.map((field, i) => (
              <label key={field} className="mapping-field">
                <span>{FIELD_LABELS[field]}</span>
                <select
                  autoFocus={i === 0}
                  value={choice[field] ?? ''}
                  onChange={(e) => setChoice((c) => ({ ...c, [field]: e.target.value || undefined }))}
                  data-testid={`mapping-${field}`}
                >
                  <option value="">Choose a column…</option>
                  {pending.headers.map((h, j) => (
                    <option key={`${j}:${h}`} value={h}>
                      {h || `(column ${j + 1}, no header)`}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={onCancel} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy || !complete}>
              {busy ? 'Importing…' : 'Import with these columns'}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
