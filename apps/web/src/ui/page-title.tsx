import type { ReactNode } from 'react';

/** The heading row of a page: its title and the page's main actions. */
export function PageTitle({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <div className="os-page-title">
      <h1>{title}</h1>
      {extra && <div>{extra}</div>}
    </div>
  );
}
