/*
 * The phone tab bar's icons (docs/product/navigation.md "Main navigation"): one simple outline over each label, as
 * operator apps show them, so a tab is found at a glance and the labels may be short. Drawn inline (no icon font, no
 * request) in the text's colour: the active tab's colour is the icon's. Decorative: the label names the tab.
 */

type IconName = 'home' | 'consumption' | 'bills' | 'subscription' | 'more';

const paths: Readonly<Record<IconName, string>> = {
  // A house.
  home: 'M3 10.5 12 3l9 7.5M5.5 8.5V20h5v-6h3v6h5V8.5',
  // Bars of a chart.
  consumption: 'M4 20h16M7 20v-6M12 20V6M17 20v-10',
  // A bill with its lines.
  bills: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3',
  // A SIM card.
  subscription: 'M8 3h7l4 4v14H8a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM9.5 11h6v6h-6zM12.5 11v6M9.5 14h6',
  // Three dots.
  more: 'M5 12h.01M12 12h.01M19 12h.01',
};

export const isTabIcon = (name: string): name is IconName => name in paths;

export const NavIcon = ({ name }: { name: IconName }) => (
  <svg className="nav-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path
      d={paths[name]}
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'more' ? 3 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
