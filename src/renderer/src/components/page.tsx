import type { ReactNode } from 'react';

/** A view's frame: title, optional actions on the right, then the content. */
export function Page({ title, subtitle, actions, children }: { title: string; subtitle?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="page" aria-label={title}>
      <header className="page-header">
        <div>
          <h1>{title}</h1>
          {subtitle ? <div className="page-subtitle">{subtitle}</div> : null}
        </div>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </header>
      <div className="page-body">{children}</div>
    </section>
  );
}
