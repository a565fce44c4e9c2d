/** The navigation badge of Changes: how many changes the syncs found since the user last opened the view. */
import { useEffect, useState } from 'react';
import { CHANGE_KINDS } from '../../../shared/contract';
import { carbon, useContractData } from '../data';
import { changesSeenRun } from '../stores/changes-seen';

export function ChangesBadge() {
  const summary = useContractData(() => carbon.changes.summary({}), 'changes-badge');
  const [seen, setSeen] = useState(changesSeenRun);
  useEffect(() => {
    const update = () => setSeen(changesSeenRun());
    window.addEventListener('carbon-desk.changes-seen', update);
    return () => window.removeEventListener('carbon-desk.changes-seen', update);
  }, []);
  const s = summary.data;
  if (!s?.runs || s.runs.to <= seen) return null;
  const n = CHANGE_KINDS.reduce((sum, k) => sum + s.counts[k], 0);
  if (n === 0) return null;
  const label = n > 999 ? '999+' : String(n);
  return (
    <span className={`nav-badge${s.watched ? ' has-watched' : ''}`} data-testid="changes-badge" title={`${n} changes since the last sync${s.watched ? `, ${s.watched} to watched items` : ''}`}>
      {label}
    </span>
  );
}
