/**
 * Buttons that write a report from the cache (PDF, HTML or Markdown) and hand it to the browser's
 * or the desktop app's download: the back end composes the file, this saves it as it came.
 */
import { useState } from 'react';
import type { ReportFile, ReportFormat } from '../../../../shared/contract';
import { downloadFile } from '../download-file';
import './report.css';

const LABELS: Record<ReportFormat, string> = { pdf: 'PDF', html: 'HTML', md: 'Markdown' };

/** Saves a report file as the back end wrote it. */
export function saveReportFile(file: ReportFile): void {
  downloadFile(Uint8Array.from(atob(file.content_base64), (c) => c.charCodeAt(0)), file.file_name, file.mime);
}

export function ReportButtons({ make, testId, label = 'Report' }: { make: (format: ReportFormat) => Promise<ReportFile>; testId: string; label?: string }) {
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (format: ReportFormat) => {
    setBusy(format);
    setError(null);
    try {
      saveReportFile(await make(format));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <span className="report-buttons" role="group" aria-label={label} data-testid={testId}>
      <span className="muted">{label}:</span>
      {(Object.keys(LABELS) as ReportFormat[]).map((f) => (
        <button key={f} type="button" className="btn" disabled={busy !== null} onClick={() => void run(f)} data-testid={`${testId}-${f}`}>
          {busy === f ? `${LABELS[f]}…` : LABELS[f]}
        </button>
      ))}
      {error ? <span className="report-error" role="alert">{error}</span> : null}
    </span>
  );
}
