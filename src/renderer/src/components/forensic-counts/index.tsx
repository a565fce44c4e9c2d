/** The one line every screen shows for its count of forensic entries (forensics.counts, in forensic-count-words.ts). */
import type { ForensicCounts } from '../../../../shared/contract';
import { carbon, useContractData } from '../../data';
import { forensicCountWords } from './forensic-count-words';

export { forensicCountWords, isoWeekNow, newFlagLabel } from './forensic-count-words';

/** The counts of the cache, read once per cache change. */
export function useForensicCounts(category?: string) {
  return useContractData(() => carbon.forensics.counts(category ? { category } : {}), `forensic-counts:${category ?? ''}`);
}

/** "6,913 forensic entries at the service · the 200 newest cached in the feed · 5,594 in the cached dossiers of 412 projects". */
export function ForensicCountLine({ counts, withNew = false }: { counts: ForensicCounts | null | undefined; withNew?: boolean }) {
  if (!counts) return <span className="muted">Counting forensic entries…</span>;
  const w = forensicCountWords(counts);
  return (
    <span className="forensic-count" data-testid="forensic-count">
      <strong data-testid="forensic-count-service" data-value={counts.service?.entries ?? ''}>{w.service}</strong>
      {withNew && w.newThisWeek ? <> ({w.newThisWeek})</> : null} · <span data-testid="forensic-count-feed" data-value={counts.feed.entries}>{w.feed}</span> ·{' '}
      <span data-testid="forensic-count-dossiers" data-value={counts.dossiers.entries}>{w.dossiers}</span>
    </span>
  );
}
