import type { ReactNode } from 'react';

/** A console page's title and the quiet line under it. */
export function PageHeader({ title, intro }: { title: ReactNode; intro: ReactNode }) {
  return (
    <header className="console-page__header">
      <h1>{title}</h1>
      <p className="muted">{intro}</p>
    </header>
  );
}
