/** The latest AI forensic news feed: category filter, entry cap, new-this-week, week and year. */
import { useMemo } from 'react';
import { latestFeedQuery, LATEST_FEED_DEFAULT_LIMIT } from '../../../../shared/api/params';
import { InvalidParams, useUrlFilters } from '../../components/filters';
import { formatNumber } from '../../components/format';
import { Page } from '../../components/page';
import { Empty, ErrorState, Loading } from '../../components/states';
import { carbon, useContractData } from '../../data';
import { ForensicEntryCard } from './forensic-entry-card';
import { feedCategories, sortByFirstSeen } from './forensic-entries';
import { ForensicTabs } from './forensic-tabs';
import './forensics.css';
import { ExportButton } from '../../components/export';
import { NotOfferedNotice } from '../../components/not-offered-notice';

const CAPS = [10, 25, 50, 100, 200];

export function LatestFeed() {
  const { filters, invalid, key, patch, clear } = useUrlFilters(latestFeedQuery);
  const feed = useContractData(() => carbon.forensics.latest(filters), `latest:${key}`);
  // categories come from an unfiltered feed at the maximum cap, so choosing one does not hide the others
  const vocabulary = useContractData(() => carbon.forensics.latest({ limit: 200 }), 'latest:vocabulary');
  const categories = useMemo(() => feedCategories(vocabulary.data?.entries ?? [], filters.category), [vocabulary.data, filters.category]);
  const entries = useMemo(() => sortByFirstSeen(feed.data?.entries ?? []), [feed.data]);
  const limit = filters.limit ?? LATEST_FEED_DEFAULT_LIMIT;

  return (
    <Page
      title="Forensics"
      subtitle={
        feed.data ? (
          <span data-testid="feed-summary">
            Week {feed.data.week} of {feed.data.year} · <strong>{formatNumber(feed.data.new_this_week_count)}</strong> new this week · {formatNumber(feed.data.total_count)} entries in all
          </span>
        ) : (
          'AI forensic news about projects'
        )
      }
      actions={
        <>
          <label className="inline-field">
            Category
            <select value={filters.category ?? ''} onChange={(e) => patch({ category: e.target.value || undefined })} data-testid="feed-category">
              <option value="">All categories</option>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <label className="inline-field">
            Show
            <select value={limit} onChange={(e) => patch({ limit: Number(e.target.value) === LATEST_FEED_DEFAULT_LIMIT ? undefined : Number(e.target.value) })} data-testid="feed-limit">
              {CAPS.map((n) => (
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
      {feed.data && entries.length === 0 ? (
        <Empty title={filters.category ? `No entries in “${filters.category}”` : 'The forensic feed is empty'}>Sync the forensic feed, or choose another category.</Empty>
      ) : null}
      {entries.length ? (
        <div className="forensic-feed" aria-busy={feed.loading} data-testid="forensic-feed">
          {entries.map((e) => (
            <ForensicEntryCard key={e.id} entry={e} showProject />
          ))}
          <div className="muted feed-foot">
            Showing {formatNumber(entries.length)} of at most {limit} entries.
          </div>
        </div>
      ) : null}
    </Page>
  );
}
