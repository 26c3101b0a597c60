/*
 * The app's small outline icons (settings rows, the header's line switcher), drawn inline as the tab bar's are
 * (app/layouts/nav-icons.tsx): no icon font, no request, no style attribute (the CSP has no 'unsafe-inline'), in the
 * text's colour. Decorative: the text beside each one names what it stands for.
 */

export type IconName =
  | 'phone'
  | 'chevronRight'
  | 'chevronDown'
  | 'check'
  | 'contact'
  | 'payment'
  | 'alerts'
  | 'limits'
  | 'network'
  | 'codes'
  | 'privacy'
  | 'password'
  | 'language';

const shapes: Readonly<Record<IconName, string>> = {
  // A handset's outline with its speaker line.
  phone: 'M8 2.5h8a1.5 1.5 0 0 1 1.5 1.5v16a1.5 1.5 0 0 1-1.5 1.5H8A1.5 1.5 0 0 1 6.5 20V4A1.5 1.5 0 0 1 8 2.5zM10.5 18.5h3',
  chevronRight: 'M9 5l7 7-7 7',
  chevronDown: 'M6 9l6 6 6-6',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  // A person.
  contact: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20.5c.8-3.6 3.8-5.5 7.5-5.5s6.7 1.9 7.5 5.5',
  // A bank card.
  payment: 'M3.5 6.5h17v11h-17zM3.5 10h17M7 14.5h4',
  // A bell.
  alerts: 'M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15zM10 20.5a2 2 0 0 0 4 0',
  // A gauge with its needle.
  limits: 'M4 17a8 8 0 1 1 16 0M12 17l4-5.5M4 17h16',
  // A globe.
  network: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z',
  // A padlock.
  codes: 'M6 11h12v9.5H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3M12 15v2',
  // A shield.
  privacy: 'M12 3l7.5 3v5.5c0 4.5-3.2 8.2-7.5 9.5-4.3-1.3-7.5-5-7.5-9.5V6z',
  // A key.
  password: 'M14.5 9.5a4.5 4.5 0 1 0-3.9 4.5L9 15.5v2H7v2H4.5V17l5.9-5.9M15.5 8.5h.01',
  // Two speech bubbles.
  language: 'M4 5h10v7H8l-4 3zM10 15v1.5h6l4 3V10h-4',
};

export const Icon = ({ name, size = 24, className = 'icon' }: { name: IconName; size?: number; className?: string }) => (
  <svg className={className} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
    <path d={shapes[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
