import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths, withQuery } from '#lib/route-paths';
import { useOnline } from '#ui/use-online';
import { energyPortalUrl, useEnergyEntry } from '../data/energy-link.ts';

/**
 * The "energy" entry of the navigation (docs/product/offers.md "The energy entry"): an owner with a confirmed link
 * logs in to the energy portal in one click (a single-use token from POST /user/relog); an owner without one goes to
 * the link page; everyone else gets the portal's plain link. Never not-found.
 */
export const EnergyNavEntry = ({ label }: { label: string }) => {
  const { t, i18n } = useTranslation(['nav', 'errors', 'common']);
  const entry = useEnergyEntry();
  const online = useOnline();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  if (entry?.kind === 'link') {
    return <NavLink to={paths.linkAccounts}>{label}</NavLink>;
  }
  if (entry?.kind !== 'one-click') {
    return (
      // The portal opens in the page's language (a portal that does not know `lang` ignores it).
      <a href={withQuery(energyPortalUrl, { lang: i18n.language })} target="_blank" rel="noopener noreferrer">
        {label}
        <span className="visually-hidden"> {t('nav:energyNewTab')}</span>
      </a>
    );
  }

  const open = async () => {
    // Opened now, inside the click, so that no popup blocker stops it; it gets its address once the token is there.
    const opened = window.open('about:blank', '_blank');
    setState({ busy: true, error: null });
    // The calls load with the first click (the navigation's first frame does without the API client).
    const outcome = await import('../data/energy-calls.ts').then(
      ({ oneClickEnergyUrl }) => oneClickEnergyUrl(),
      () => ({ ok: false as const, code: 'serverError', fields: [] }),
    );
    if (outcome.ok) {
      setState({ busy: false, error: null });
      if (opened) {
        opened.opener = null;
        opened.location.href = outcome.url;
      } else {
        window.location.assign(outcome.url);
      }
      return;
    }
    opened?.close();
    setState({ busy: false, error: outcome.code });
  };

  return (
    <>
      <button
        type="button"
        className="nav-button"
        aria-disabled={!online || state.busy ? true : undefined}
        aria-describedby={!online ? 'energy-offline' : undefined}
        onClick={() => {
          if (online && !state.busy) void open();
        }}
      >
        {label}
        <span className="visually-hidden"> {t('nav:energyNewTab')}</span>
      </button>
      {!online ? (
        <span id="energy-offline" className="visually-hidden">
          {t('common:onlineOnly')}
        </span>
      ) : null}
      {state.error ? (
        <span role="alert" className="nav-error">
          {t('nav:energyFailed', {
            reason: t(`errors:${state.error}` as 'errors:serverError', { defaultValue: t('errors:serverError') }),
          })}
        </span>
      ) : null}
    </>
  );
};
