import type { ReactNode } from 'react';

export type AlertProps = {
  tone: 'error' | 'warning' | 'info' | 'success';
  children: ReactNode;
  /** `alert` interrupts screen readers; use it for errors that block the user's task. */
  role?: 'alert' | 'status';
};

export const Alert = ({ tone, children, role = tone === 'error' ? 'alert' : 'status' }: AlertProps) => (
  <div className="alert" data-tone={tone} role={role}>
    {children}
  </div>
);
