import { useId, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button';
import { saveConsent } from '../data/consent.ts';

/*
 * The cookie consent dialog and its choices, one module (one chunk): a first visitor's prompt loads it before the
 * app's first render (consent-prompt.tsx), the profile's cookie section reads its choices, and the prerendered
 * login page of a first visitor has it in its first paint (src/app/prerender.tsx).
 */

export type CookieChoice = { statistic: boolean; marketing: boolean };

const optional = ['statistic', 'marketing'] as const;

/**
 * The three cookie categories (docs/product/settings.md "Cookies and consent"): the necessary ones always on, the two
 * others by choice.
 */
export const CookieChoices = ({
  value,
  onChange,
  legend,
}: {
  value: CookieChoice;
  onChange: (next: CookieChoice) => void;
  legend: ReactNode;
}) => {
  const { t } = useTranslation('consent');
  const id = useId();
  return (
    <fieldset className="choice-group">
      <legend>{legend}</legend>
      <label className="choice">
        <input type="checkbox" checked disabled aria-describedby={`${id}-necessary`} />
        <span className="choice__text">
          <span>{t('cookies.necessary')}</span>
          <span id={`${id}-necessary`} className="choice__hint">
            {t('cookies.necessaryHint')}
          </span>
        </span>
      </label>
      {optional.map((key) => (
        <label key={key} className="choice">
          <input
            type="checkbox"
            checked={value[key]}
            aria-describedby={`${id}-${key}`}
            onChange={(event) => onChange({ ...value, [key]: event.target.checked })}
          />
          <span className="choice__text">
            <span>{t(`cookies.${key}`)}</span>
            <span id={`${id}-${key}`} className="choice__hint">
              {t(`cookies.${key}Hint`)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
};

const noOptionalCookies: CookieChoice = { statistic: false, marketing: false };

/** The dialog's heading id: one consent dialog at a time (the prerendered one, then the app's). */
const titleId = 'consent-title';

/**
 * The consent dialog (docs/product/settings.md "Cookies and consent"), a native <dialog>: its text, the three cookie
 * categories and the three decisions. The three decisions look the same (docs/product/settings.md
 * "Cookies and consent": refusing is as easy and as visible as accepting, as the Belgian data protection authority
 * asks), one under the other at full width. Without `onDecide` (the prerendered page, before the app runs) the
 * decisions are disabled: only the app can store one. `open`: the prerendered page's dialog is open from its markup;
 * the app's opens as a modal (ConsentModal below).
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
    // Closing it is a decision: neither Escape nor a click outside closes it (closedby, and ConsentModal for
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

/**
 * The cookie consent modal (docs/product/settings.md "Cookies and consent"): necessary cookies always on, statistics
 * and marketing by choice. A native modal <dialog> (showModal): the rest of the page is inert and the focus stays in
 * it. It stays until a decision is made (closing it is a decision: Escape and a click outside do nothing), and never
 * comes back once one exists; the choice can be changed on /settings/main.
 */
export const ConsentModal = () => {
  const ref = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(true);
  const decided = useRef(false);

  // Opened in the commit that mounts it, before the browser paints: the prerendered dialog it replaces and this
  // one are never both missing from a frame.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return undefined;
    const show = () => {
      if (dialog.open) return;
      dialog.showModal();
      dialog.focus();
    };
    // Browsers without `closedby` send Escape as a cancel request: refused. Chromium may still close the dialog
    // on a second Escape without a click in between (it lets the user leave a page that traps them): it opens again.
    const onCancel = (event: Event) => event.preventDefault();
    const onClose = () => {
      if (!decided.current) show();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    show();
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
    };
  }, [open]);

  const decide = (decision: CookieChoice) => {
    decided.current = true;
    saveConsent(decision);
    ref.current?.close();
    setOpen(false);
  };
  return open ? <ConsentDialog ref={ref} onDecide={decide} /> : null;
};
