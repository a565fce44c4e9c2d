/**
 * One export's life in the renderer: start it, follow `export.progress` events (and poll
 * export.status as a fallback, so a missed event never leaves it "running"), cancel it, and when it
 * is done hand the file over: the web host downloads it through the browser; in Electron the file
 * is already where the user chose in the save dialog.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExportJob, ExportStartInput } from '../../../../shared/contract';
import { carbon } from '../../bridge';
import { readSessionToken } from '../../bridge/http-bridge';

export type ExportView =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'running' | 'done' | 'failed' | 'cancelled'; job: ExportJob }
  | { phase: 'error'; error: unknown };

const POLL_MS = 700;

/** Asks the browser to download a finished web-host export (the session cookie, or a token when the page has one, authorises it). */
export function downloadExport(job: ExportJob): void {
  if (!job.downloadUrl) return;
  const url = new URL(job.downloadUrl, window.location.origin);
  const token = readSessionToken();
  if (token) url.searchParams.set('token', token);
  const a = document.createElement('a');
  a.href = url.toString();
  a.download = job.fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function useExport() {
  const [view, setView] = useState<ExportView>({ phase: 'idle' });
  const current = useRef<string | null>(null);
  const handedOver = useRef<Set<string>>(new Set());

  const settle = useCallback((job: ExportJob) => {
    if (job.exportId !== current.current) return;
    setView({ phase: job.state, job });
    if (job.state === 'done' && !handedOver.current.has(job.exportId)) {
      handedOver.current.add(job.exportId);
      downloadExport(job);
    }
  }, []);

  useEffect(
    () =>
      carbon.on('export.progress', (p) => {
        if (p.exportId !== current.current) return;
        setView((v) => ('job' in v && v.job.exportId === p.exportId && v.phase === 'running' ? { phase: 'running', job: { ...v.job, rows: p.rows, totalRows: p.totalRows } } : v));
        if (p.state !== 'running') void carbon.export.status({ exportId: p.exportId }).then(settle, () => undefined);
      }),
    [settle],
  );

  const running = view.phase === 'running' ? view.job.exportId : null;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      void carbon.export.status({ exportId: running }).then((job) => {
        if (job.state === 'running') setView((v) => (v.phase === 'running' && v.job.exportId === job.exportId ? { phase: 'running', job } : v));
        else settle(job);
      }, () => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, settle]);

  const start = useCallback(async (input: ExportStartInput) => {
    setView({ phase: 'starting' });
    try {
      const job = await carbon.export.start(input);
      current.current = job.exportId;
      if (job.state === 'running') setView({ phase: 'running', job });
      else settle(job);
    } catch (error) {
      setView({ phase: 'error', error });
    }
  }, [settle]);

  const cancel = useCallback(async () => {
    const id = current.current;
    if (!id) return;
    try {
      settle(await carbon.export.cancel({ exportId: id }));
    } catch (error) {
      setView({ phase: 'error', error });
    }
  }, [settle]);

  const reset = useCallback(() => {
    current.current = null;
    setView({ phase: 'idle' });
  }, []);

  return { view, start, cancel, reset };
}
