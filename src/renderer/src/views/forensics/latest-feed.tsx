/**
 * The latest AI forensic news feed as cached: newest first, a page at a time, by category. Its
 * counts come from forensics.counts (the one definition every screen uses): what the service has,
 * what of it the cache holds, and how many are new in the feed's week.
 */
import { useMemo } from 'react';
import { z } from 'zod';
import { int, latestFeedQuery } from '../../../../shared/api/params';
import { ForensicCountLine, forensicCountWords, isoWeekNow, newFlagLabel, useForensicCounts } from '../../components/forensic-counts';
import { InvalidParams, useUrlFilters } from '../../components/filters';
import { formatNumber } from '../../components/format';
import { Page } from '../../components/page';
import { Empty, ErrorState, Loading } from '../../components/states';
import { carbon, useContractData } from '../../data';
import { ForensicEntryCard } from './forensic-entry-card';
import { feedCategories } from './forensic-entries';
import { ForensicTabs } from './forensic-tabs';
import './forensics.css';
import { ExportButton } from '../../components/export';
import { NotOfferedNotice } from '../../components/not-offered-notice';

const PAGE_SIZES = [10, 25, 50, 100] as const;
export const FEED_PAGE_SIZE = 25;

/** The feed's view state in the URL: category, entries per page (`limit`) and the page. */
const feedPageQuery = latestFeedQuery.extend({ page: int().pipe(z.number().min(1).max(10_000)).optional() });

export function LatestFeed() {
  const { filters, invalid, key, patch, clear } = useUrlFilters(feedPageQuery);
  const perPage = filters.limit ?? FEED_PAGE_SIZE;
  const page = filters.page ?? 1;
  const counts = useForensicCounts(filters.category);
  const feed = useContractData(
    () => carbon.forensics.latest({ ...(filters.category ? { category: filters.category } : {}), limit: perPage, offset: (page - 1) * perPage }),
    `latest:${key}`,
  );
  // categories come from the whole cached feed, so choosing one does not hide the others
  const vocabulary = useContractData(() => carbon.forensics.latest({ limit: 200 }), 'latest:vocabulary');
  const categories = useMemo(() => feedCategories(vocabulary.data?.entries ?? [], filters.category), [vocabulary.data, filters.category]);
  const entries = feed.data?.entries ?? [];
  const cached = counts.data?.feed.entries ?? null;
  const pages = cached === null ? null : Math.max(1, Math.ceil(cached / perPage));
  const words = counts.data ? forensicCountWords(counts.data) : null;
  const newLabel = feed.data ? newFlagLabel({ week: feed.data.week, year: feed.data.year }, isoWeekNow()) : 'New this week';
  const first = (page - 1) * perPage + 1;

  return (
    <Page
      title="Forensics"
      subtitle={
        <span data-testid="feed-summary">
          <ForensicCountLine counts={counts.data} />
          {words?.newAtService ? <span className="feed-new"> · {words.newAtService}</span> : null}
        </span>
      }
      actions={
        <>
          <label className="inline-field">
            Category
            <select value={filters.category ?? ''} onChange={(e) => patch({ category: e.target.value || undefined, page: undefined })} data-testid="feed-category">
              <option value="">All categories</option>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <label className="inline-field">
            Per page
            <select value={perPage} onChange={(e) => patch({ limit: Number(e.target.value) === FEED_PAGE_SIZE ? undefined : Number(e.target.value), page: undefined })} data-testid="feed-limit">
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n} entries
                </option>
              ))}
            </select>
          </label>
          <ExportButton table="forensic-entries" query={filters.category ? { category: filters.category } : {}} testId="export-forensic-entries" />
        </>
      }
    >
      <NotOfferedNotice jobs={['forensicsLatest']} what="forensic news" />
      <ForensicTabs />
      <InvalidParams invalid={invalid} onDrop={(keys) => clear(keys as never)} />
      {feed.loading && !feed.data ? <Loading label="Loading the forensic feed…" /> : null}
      {feed.error ? <ErrorState error={feed.error} onRetry={feed.reload} /> : null}
      {feed.data && entries.length === 0 && page === 1 ? (
        <Empty title={filters.category ? `No entries in “${filters.category}”` : 'The forensic feed is empty'}>Sync the forensic feed, or choose another category.</Empty>
      ) : null}
      {feed.data && entries.length === 0 && page > 1 ? (
        <Empty title={`There is no page ${page}`}>
          <button type="button" className="btn" onClick={() => patch({ page: undefined })}>
            Go to the first page
          </button>
        </Empty>
      ) : null}
      {entries.length ? (
        <div className="forensic-feed" aria-busy={feed.loading} data-testid="forensic-feed">
          {entries.map((e) => (
            <ForensicEntryCard key={e.id} entry={e} showProject newLabel={newLabel} />
          ))}
          <nav className="feed-pager" aria-label="Feed pages" data-testid="feed-pager">
            <button type="button" className="btn" disabled={page <= 1} onClick={() => patch({ page: page - 1 === 1 ? undefined : page - 1 })}>
              ← Newer
            </button>
            <span className="muted" data-testid="feed-page-range">
              Entries {formatNumber(first)}–{formatNumber(first + entries.length - 1)} of the {cached === null ? '…' : formatNumber(cached)} cached
              {filters.category ? ` in “${filters.category}”` : ''} · page {formatNumber(page)} of {pages === null ? '…' : formatNumber(pages)}
            </span>
            <button type="button" className="btn" disabled={pages === null || page >= pages} onClick={() => patch({ page: page + 1 })}>
              Older →
            </button>
          </nav>
        </div>
      ) : null}
    </Page>
  );
}
