import type { ReactNode } from 'react';

/** The error, not-found and empty states of the content screens. */
export function StatusMessage({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="status-message" aria-labelledby="status-title">
      <h1 id="status-title">{title}</h1>
      {children && <p>{children}</p>}
      {action}
    </section>
  );
}
