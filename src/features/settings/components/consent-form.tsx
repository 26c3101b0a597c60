import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button';
import { CookieChoices, type CookieChoice } from './cookie-choices.tsx';

const noOptionalCookies: CookieChoice = { statistic: false, marketing: false };

/** The dialog's heading id: one consent dialog at a time (the prerendered one, then the app's). */
const titleId = 'consent-title';

/**
 * The consent dialog (SPEC §2), a native <dialog>: its text, the three cookie categories and the three decisions.
 * The three decisions look the same (docs/product/settings.md "Cookies and consent": refusing is as easy and as visible as
 * accepting, as the Belgian data protection authority asks), one under the other at full width. Without
 * `onDecide` (the prerendered page, before the app runs) the decisions are disabled: only the app can store one.
 * `open`: the prerendered page's dialog is open from its markup; the app's opens as a modal (consent-modal.tsx).
 */
export const ConsentDialog = ({
  onDecide,
  open,
  ref,
}: {
  onDecide?: (decision: CookieChoice) => void;
  open?: boolean;
  ref?: Ref<HTMLDialogElement>;
}) => {
  const { t } = useTranslation('consent');
  const [choice, setChoice] = useState<CookieChoice>(noOptionalCookies);
  const inert = onDecide === undefined;
  return (
    // Closing it is a decision: neither Escape nor a click outside closes it (closedby, and consent-modal.tsx for
    // browsers without it). tabIndex: the dialog itself takes the focus when it opens, so that a screen reader
    // starts with its title and text.
    <dialog ref={ref} className="consent-modal" aria-labelledby={titleId} open={open} closedby="none" tabIndex={-1}>
      <div className="dialog">
        <h2 id={titleId}>{t('cookies.modalTitle')}</h2>
        <p>{t('cookies.modalText')}</p>
        <CookieChoices value={choice} onChange={setChoice} legend={t('cookies.modalLegend')} />
        <div className="consent-modal__actions">
          <Button block isDisabled={inert} onPress={() => onDecide?.(noOptionalCookies)}>
            {t('cookies.refuseAll')}
          </Button>
          <Button block isDisabled={inert} onPress={() => onDecide?.(choice)}>
            {t('cookies.saveChoice')}
          </Button>
          <Button block isDisabled={inert} onPress={() => onDecide?.({ statistic: true, marketing: true })}>
            {t('cookies.acceptAll')}
          </Button>
        </div>
      </div>
    </dialog>
  );
};

/**
 * The consent dialog as static HTML, for the login page a first visitor gets (src/app/prerender.tsx): open in the
 * first paint, over a backdrop of its own (a dialog opened by its markup is not modal and has no ::backdrop), in
 * the place and look of the app's modal dialog, which replaces it in the app's first commit.
 */
export const PrerenderedConsent = () => (
  <>
    <div className="consent-backdrop" />
    <ConsentDialog open />
  </>
);
