import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { loadChunk } from '#lib/chunk-load';
import { Icon } from '#ui/icons';
import { lineLabel, useShownLine } from '../data/shown-line.ts';

/** The list of lines, loaded when the switcher first opens (react-aria's popover is not in any first frame). */
const LineSwitcherMenu = lazy(async () => ({ default: (await loadChunk(() => import('./line-switcher-menu.tsx'))).LineSwitcherMenu }));

/**
 * The header's line switcher (docs/product/home.md "Which line is shown"): the shown line's number as a button that
 * opens the list of the customer's lines; the choice moves every screen at once (the stored preference they all
 * read). Nothing for a plain user or a customer with one line (docs/product/home.md "Which line is shown": no switcher). It
 * replaces the per-screen "line shown" selects, so the narrow phone header holds only the number and a chevron.
 */
export const LineSwitcher = () => {
  const { t } = useTranslation('nav');
  const result = useShownLine();
  const location = useLocation();
  const trigger = useRef<HTMLButtonElement>(null);
  // Closed by every navigation, as the "more" menu is (docs/product/navigation.md "Router rules").
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  if (result.status !== 'ready' || result.data.choices.length === 0) return null;
  const { choices, shownId } = result.data;
  const shown = choices.find((line) => line.id === shownId);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="line-switcher"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpenOn(open ? null : location.key)}
      >
        <Icon name="phone" size={20} />
        <span className="visually-hidden">{t('line.label')} </span>
        <span className="line-switcher__number">{shown ? lineLabel(shown) : t('line.none')}</span>
        <Icon name="chevronDown" size={16} />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <LineSwitcherMenu triggerRef={trigger} choices={choices} shownId={shownId} onClose={() => setOpenOn(null)} />
        </Suspense>
      ) : null}
    </>
  );
};
