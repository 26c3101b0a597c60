import type { ReactNode } from 'react';

/** A screen's title and body. Screens that later issues fill show their title and the navigation until then. */
export const TitledPage = ({ title, children }: { title: string; children?: ReactNode }) => (
  <div className="page">
    <header className="page__header">
      <h1>{title}</h1>
    </header>
    {children}
  </div>
);
