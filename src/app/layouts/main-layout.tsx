import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { isPlainUser } from '#contract/roles';
import { useSession } from '#features/auth/data/session-live.ts';
import { loadChunk } from '#lib/chunk-load';
import { EnergyNavEntry } from '#features/offers/components/energy-entry.tsx';
import { LineSwitcher } from '#features/home/components/line-switcher.tsx';
import { paths } from '#lib/route-paths';
import { Button } from '#ui/button';
import { Spinner } from '#ui/spinner';
import { PendingChangesIndicator } from '../pending-changes.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { isTabIcon, NavIcon } from './nav-icons.tsx';
import { LogoutButton, LogoutConfirmation } from './logout-entry.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { BrandMark } from '#ui/brand-mark';

// The profile page's logout entry, lent by the router with the layout (ui/shell-parts.tsx).
export { LogoutButton };

type NavKey = 'home' | 'consumption' | 'bills' | 'subscription' | 'profile' | 'offers' | 'energy' | 'support';
type NavItem = { key: NavKey; to: string };

/** Main navigation entries of docs/product/navigation.md "Main navigation", in order; logout closes the list. */
const navItems: readonly NavItem[] = [
  { key: 'home', to: paths.home },
  { key: 'consumption', to: paths.consumptionMain },
  { key: 'bills', to: paths.bills },
  { key: 'subscription', to: paths.subscriptionMain },
  { key: 'profile', to: paths.settingsMain },
  { key: 'offers', to: paths.offersMain },
  // Where "energy" leads depends on who is logged in (EnergyNavEntry): never to not-found.
  { key: 'energy', to: paths.linkAccounts },
  { key: 'support', to: paths.supportMain },
];
/** On phones the first four sit in the tab bar; the rest go under "more". */
const tabCount = 4;

/** The "more" menu's popover, loaded when it first opens (more-menu.tsx). */
const MoreMenu = lazy(async () => ({ default: (await loadChunk(() => import('./more-menu.tsx'))).MoreMenu }));

const NavEntry = ({ item, label, withIcon = false }: { item: NavItem; label: string; withIcon?: boolean }) =>
  item.key === 'energy' ? (
    <EnergyNavEntry label={label} />
  ) : (
    <NavLink to={item.to} end={item.to === paths.home}>
      {withIcon && isTabIcon(item.key) ? (
        <>
          <NavIcon name={item.key} />
          <span className="tabbar__label">{label}</span>
        </>
      ) : (
        label
      )}
    </NavLink>
  );

export const MainLayout = () => {
  const { t } = useTranslation(['nav', 'common']);
  const session = useSession();
  const location = useLocation();
  // docs/product/navigation.md "Router rules": modals and menus close on every navigation: the menu is open only for
  // the location it opened on.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const moreOpen = openOn === location.key;
  const setMoreOpen = (open: boolean) => setOpenOn(open ? location.key : null);
  const moreTrigger = useRef<HTMLButtonElement>(null);
  // The phone's logout lives outside the "more" menu: the menu closes first, then the dialog opens alone.
  const [logoutOpen, setLogoutOpen] = useState(false);
  // Energy: owners log in with one click (or link accounts first); everyone else gets the plain link
  // (docs/product/roles.md "Owner-only rights").
  // A plain user's navigation holds only what he may use (docs/product/roles.md "Plain user"): the bills are the
  // holder's, so no "bills" entry leading to a page that says so.
  const plain = session.status === 'ready' && session.data !== null && isPlainUser(session.data);
  const items = navItems.filter((item) => (item.key !== 'energy' || session.status === 'ready') && !(plain && item.key === 'bills'));
  return (
    <div className="main-layout">
      <a className="skip-link" href="#main">
        {t('common:skipToContent')}
      </a>
      <OfflineBanner />
      <header className="app-header">
        <NavLink to={paths.home} className="brand">
          <BrandMark />
          {t('common:appName')}
        </NavLink>
        <nav className="desktop-nav" aria-label={t('nav:main')}>
          <ul>
            {items.map((item) => (
              <li key={item.key}>
                <NavEntry item={item} label={t(`nav:${item.key}`)} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="app-header__tools">
          {/* The one line switcher: every screen shows the line chosen here (docs/product/home.md "Which line is shown"). */}
          <LineSwitcher />
          <PendingChangesIndicator />
          {/* The phone's header keeps its room: the language is chosen in Profile (and on the login page). */}
          <span className="desktop-only">
            <LanguageSwitcher />
          </span>
          <span className="desktop-only">
            <LogoutButton />
          </span>
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<Spinner label={t('common:loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="app-footer">
        <p>{t('common:footer.copyright', { year: new Date().getFullYear() })}</p>
      </footer>
      <nav className="tabbar" aria-label={t('nav:main')}>
        <ul>
          {items.slice(0, tabCount).map((item) => (
            <li key={item.key}>
              {/* The tab's short name under its icon; the header and the "more" menu keep the full names. */}
              <NavEntry item={item} label={isTabIcon(item.key) ? t(`nav:tab.${item.key}`) : t(`nav:${item.key}`)} withIcon />
            </li>
          ))}
          <li>
            <Button
              variant="ghost"
              ref={moreTrigger}
              aria-haspopup="dialog"
              aria-expanded={moreOpen}
              onPress={() => setMoreOpen(!moreOpen)}
            >
              <NavIcon name="more" />
              <span className="tabbar__label">{t('nav:more')}</span>
            </Button>
            {moreOpen ? (
              <Suspense fallback={null}>
                <MoreMenu triggerRef={moreTrigger} onOpenChange={setMoreOpen} label={t('nav:moreTitle')}>
                  <ul>
                    {items.slice(tabCount).map((item) => (
                      <li key={item.key}>
                        <NavEntry item={item} label={t(`nav:${item.key}`)} />
                      </li>
                    ))}
                    <li>
                      <Button
                        variant="ghost"
                        onPress={() => {
                          setMoreOpen(false);
                          setLogoutOpen(true);
                        }}
                      >
                        {t('nav:logout')}
                      </Button>
                    </li>
                  </ul>
                </MoreMenu>
              </Suspense>
            ) : null}
          </li>
        </ul>
      </nav>
      <LogoutConfirmation isOpen={logoutOpen} onOpenChange={setLogoutOpen} />
    </div>
  );
};
