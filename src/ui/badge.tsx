import type { ReactNode } from 'react';

export const Badge = ({ tone, children }: { tone?: 'success' | 'warning' | 'danger'; children: ReactNode }) => (
  <span className="badge" data-tone={tone}>
    {children}
  </span>
);
