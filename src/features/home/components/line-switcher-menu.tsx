import type { RefObject } from 'react';
import { Dialog, Heading, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useNavigate, useLocation } from 'react-router';
import { Icon } from '#ui/icons';
import { lineLabel, showLine, type ShownLineChoice } from '../data/shown-line.ts';

type LineSwitcherMenuProps = {
  triggerRef: RefObject<HTMLElement | null>;
  choices: readonly ShownLineChoice[];
  shownId: number | null;
  onClose: () => void;
};

/**
 * The switcher's list (line-switcher.tsx), mounted while it is open: react-aria's popover and dialog (focus kept
 * inside, Escape, a press outside closes, focus back to the number). One button a line, 44 px high; the shown one is
 * marked current. A `?contractId=` in the address is dropped on a choice, so that a reload keeps the line chosen.
 */
export const LineSwitcherMenu = ({ triggerRef, choices, shownId, onClose }: LineSwitcherMenuProps) => {
  const { t } = useTranslation('nav');
  const navigate = useNavigate();
  const location = useLocation();
  const choose = async (id: number) => {
    onClose();
    if (id === shownId) return;
    await showLine(id);
    const search = new URLSearchParams(location.search);
    if (search.has('contractId')) {
      search.delete('contractId');
      const query = search.toString();
      await navigate({ pathname: location.pathname, search: query ? `?${query}` : '' }, { replace: true });
    }
  };
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      className="popover line-switcher__popover"
      placement="bottom end"
    >
      <Dialog className="line-switcher__dialog">
        <Heading slot="title" className="line-switcher__title">
          {t('line.choose')}
        </Heading>
        <ul className="line-switcher__list">
          {choices.map((line) => (
            <li key={line.id}>
              <button
                type="button"
                className="line-switcher__choice"
                aria-current={line.id === shownId ? 'true' : undefined}
                onClick={() => void choose(line.id)}
              >
                <Icon name="phone" size={20} />
                <span>{lineLabel(line)}</span>
                {line.id === shownId ? <Icon name="check" size={20} className="icon line-switcher__check" /> : null}
              </button>
            </li>
          ))}
        </ul>
      </Dialog>
    </Popover>
  );
};
