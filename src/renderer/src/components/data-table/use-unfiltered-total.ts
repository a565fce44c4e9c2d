import { useEffect, useState } from 'react';
import type { Page } from '../../../../shared/api';

/** The total of a list with no filter (the M of "N of M"), read once with a one-row page. */
export function useUnfilteredTotal(fetchOneRow: () => Promise<Page<unknown>>): number | null {
  const [total, setTotal] = useState<number | null>(null);
  useEffect(() => {
    let alive = true;
    fetchOneRow()
      .then((p) => alive && setTotal(p.pagination.total_entries))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
    // read once per mount: the fetcher is a fixed call of the view
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return total;
}
