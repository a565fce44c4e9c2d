/**
 * <ExportButton table query>: exports what the view shows (its filters and sort) from the local
 * cache. A small panel offers the format (CSV or XLSX; projects also GeoJSON of their boundaries), a UTF-8
 * byte-order mark for Excel, shows progress (rows of total) with Cancel, and says where the file
 * went. Works offline: nothing but the cache is read.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ExportFormat, ExportTable } from '../../../../shared/contract';
import { isElectron } from '../../bridge';
import { formatNumber } from '../format';
import { explainError } from '../states';
import { exportInput, formatsFor } from './export-query';
import { useExport } from './use-export';
import './export.css';

export interface ExportButtonProps {
  table: ExportTable;
  /** The view's current filters and sort (the list method's query). */
  query: Record<string, unknown>;
  /** Rows the view shows, when known (shown on the button of the panel). */
  total?: number | null;
  label?: string;
  testId?: string;
}

const FORMAT_LABEL: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'XLSX', geojson: 'GeoJSON (boundaries)' };

export function ExportButton({ table, query, total = null, label = 'Export', testId = 'export' }: ExportButtonProps) {
  const formats = formatsFor(table);
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<ExportFormat>(formats[0]!);
  const [bom, setBom] = useState(false);
  const { view, start, cancel, reset } = useExport();
  const panelId = useId();
  const box = useRef<HTMLDivElement>(null);
  const busy = view.phase === 'starting' || view.phase === 'running';

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!busy && box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !busy) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, busy]);

  const job = 'job' in view ? view.job : null;
  const problem =
    view.phase === 'failed' ? { title: `Export failed: ${view.job.error ?? 'unknown error'}`, hint: null }
    : view.phase === 'error' ? explainError(view.error)
    : null;
  const percent = job && job.totalRows ? Math.min(100, Math.round((job.rows / job.totalRows) * 100)) : null;

  return (
    <div className="export" ref={box} data-testid={testId}>
      <button type="button" className="btn" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)} data-testid={`${testId}-toggle`}>
        {busy ? `Exporting… ${percent === null ? '' : `${percent}%`}` : label}
      </button>
      {open ? (
        <div className="export-panel card" id={panelId} role="dialog" aria-label={`Export ${table.replace(/-/g, ' ')}`}>
          {formats.length > 1 ? (
            <div className="export-row">
              <span className="export-label">Format</span>
              <div className="seg" role="group" aria-label="Format">
                {formats.map((f) => (
                  <button key={f} type="button" aria-pressed={format === f} disabled={busy} onClick={() => setFormat(f)} data-testid={`${testId}-format-${f}`}>
                    {FORMAT_LABEL[f]}
                  </button>
                ))}
              </div>
            </div>
          ) : (
            <div className="export-row">
              <span className="export-label">Format</span>
              <span>{FORMAT_LABEL[formats[0]!]}</span>
            </div>
          )}
          {format === 'csv' ? (
            <label className="export-row export-check">
              <input type="checkbox" checked={bom} disabled={busy} onChange={(e) => setBom(e.target.checked)} data-testid={`${testId}-bom`} />
              <span>
                Add a byte-order mark <span className="export-hint">(Excel then reads accents and symbols correctly)</span>
              </span>
            </label>
          ) : format === 'geojson' ? (
            <p className="export-hint">Every cached boundary of the filtered projects, one FeatureCollection, with satellite metrics as properties.</p>
          ) : (
            <p className="export-hint">One sheet, numbers as numbers. A sheet holds at most 1,048,575 rows and a cell 32,767 characters: longer texts are cut and counted.</p>
          )}
          <p className="export-hint">
            {format === 'geojson'
              ? 'Geometries are checked (closed rings, coordinate ranges, winding) before writing.'
              : `Current filters and sort; ${total === null ? 'every matching row' : `${formatNumber(total)} rows`}. Lists are joined with “;”.`}
          </p>

          {view.phase === 'running' || view.phase === 'starting' ? (
            <div className="export-progress" data-testid={`${testId}-progress`}>
              <div className="export-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent ?? undefined} aria-label="Export progress">
                <div className="export-bar-fill" style={{ width: `${percent ?? 0}%` }} />
              </div>
              <span className="num">
                {job ? `${formatNumber(job.rows)}${job.totalRows === null ? '' : ` of ${formatNumber(job.totalRows)}`} rows` : 'Starting…'}
              </span>
            </div>
          ) : null}
          {view.phase === 'done' ? (
            <div className="export-result" role="status" data-testid={`${testId}-done`}>
              <strong>
                Exported {formatNumber(view.job.rows)} {view.job.format === 'geojson' ? 'boundaries' : 'rows'}
              </strong>
              <span className="mono export-file">{isElectron && view.job.path ? view.job.path : view.job.fileName}</span>
              {view.job.skipped.length ? (
                <span className="export-warn">
                  {view.job.skipped.length} boundar{view.job.skipped.length === 1 ? 'y was' : 'ies were'} left out: invalid geometry ({view.job.skipped.slice(0, 5).join(', ')}
                  {view.job.skipped.length > 5 ? ', …' : ''})
                </span>
              ) : null}
              {view.job.changedCells?.cells ? (
                <span className="export-warn" data-testid={`${testId}-changed-cells`}>
                  {formatNumber(view.job.changedCells.cells)} cell{view.job.changedCells.cells === 1 ? '' : 's'} could not be kept whole in XLSX ({view.job.changedCells.examples.slice(0, 3).join('; ')}
                  {view.job.changedCells.cells > 3 ? '; …' : ''}): the CSV export keeps them exactly.
                </span>
              ) : null}
            </div>
          ) : null}
          {view.phase === 'cancelled' ? <div className="export-result" role="status">Export cancelled; no file was written.</div> : null}
          {problem ? (
            <div className="export-error" role="alert" data-testid={`${testId}-error`}>
              {problem.title}
              {problem.hint ? <div className="export-hint">{problem.hint}</div> : null}
            </div>
          ) : null}

          <div className="export-actions">
            {busy ? (
              <button type="button" className="btn btn-danger" onClick={() => void cancel()} disabled={view.phase === 'starting'} data-testid={`${testId}-cancel`}>
                Cancel
              </button>
            ) : (
              <>
                <button type="button" className="btn" onClick={() => (reset(), setOpen(false))}>
                  Close
                </button>
                <button type="button" className="btn btn-primary" onClick={() => void start(exportInput(table, format, query, bom))} data-testid={`${testId}-start`}>
                  {view.phase === 'done' ? 'Export again' : 'Export'}
                </button>
              </>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
