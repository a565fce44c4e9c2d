/** A titled group of a filter panel: the title in a narrow column on the left, the fields packed beside it. */
import type { ReactNode } from 'react';

export function FilterGroup({ title, children, flags }: { title: string; children: ReactNode; flags?: ReactNode }) {
  return (
    <div className="filter-group">
      <h4 className="filter-group-title">{title}</h4>
      <div className="filter-group-fields">
        {children}
        {flags ? <div className="filter-flags">{flags}</div> : null}
      </div>
    </div>
  );
}
