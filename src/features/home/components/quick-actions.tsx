import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, withQuery } from '#lib/route-paths';
import { quickActionKeys, type QuickActionKey } from '../data/hero-rules.ts';

/** The icon of each action (24 × 24, drawn in the text's colour): a card, a globe, a gauge. */
const icons: Record<QuickActionKey, string> = {
  pay: 'M3 6.5A2.5 2.5 0 0 1 5.5 4h13A2.5 2.5 0 0 1 21 6.5v11a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 3 17.5zM5 9h14V6.5a.5.5 0 0 0-.5-.5h-13a.5.5 0 0 0-.5.5zm0 3v5.5a.5.5 0 0 0 .5.5h13a.5.5 0 0 0 .5-.5V12zm2 3h5v2H7z',
  roaming:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20m6.9 9h-3a15.7 15.7 0 0 0-1.3-5.8A8 8 0 0 1 18.9 11M12 4.1c.9 1.1 1.8 3.3 2 6.9h-4c.2-3.6 1.1-5.8 2-6.9M4.1 13h3a15.7 15.7 0 0 0 1.3 5.8A8 8 0 0 1 4.1 13m3-2h-3a8 8 0 0 1 4.3-5.8A15.7 15.7 0 0 0 7.1 11m4.9 8.9c-.9-1.1-1.8-3.3-2-6.9h4c-.2 3.6-1.1 5.8-2 6.9m2.6-1.1a15.7 15.7 0 0 0 1.3-5.8h3a8 8 0 0 1-4.3 5.8',
  limits:
    'M12 4a10 10 0 0 0-8.7 15h17.4A10 10 0 0 0 12 4m7.4 13H4.6A8 8 0 1 1 19.4 17M11 12.3 15.6 8l1.4 1.4-4.3 4.6A1.5 1.5 0 1 1 11 12.3',
};

/**
 * Home's quick actions (issue 43 point 1): pay (the bills, where the open total is paid; never for a plain user),
 * the roaming zone and the out-of-bundle limits of the line shown (its settings, `?contractId=` selecting it). Links,
 * not buttons: each leads to a screen.
 */
export const QuickActions = memo(function QuickActions({ plainUser, contractId }: { plainUser: boolean; contractId: number | null }) {
  const { t } = useTranslation('home');
  const targets: Record<QuickActionKey, string> = {
    pay: paths.bills,
    roaming: withQuery(paths.settingsNetwork, { contractId }),
    limits: withQuery(paths.settingsLimits, { contractId }),
  };
  const keys = quickActionKeys({ plainUser, hasLine: contractId !== null });
  if (keys.length === 0) return null;
  return (
    <nav className="quick-actions" aria-label={t('quick.title')}>
      <ul>
        {keys.map((key) => (
          <li key={key}>
            <Link to={targets[key]} className="quick-actions__link">
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={icons[key]} />
              </svg>
              <span>{t(`quick.${key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
});
