import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button';
import { CookieChoices, type CookieChoice } from './cookie-choices.tsx';

const noOptionalCookies: CookieChoice = { statistic: false, marketing: false };

/**
 * The consent modal's content (SPEC §2): its text, the three cookie categories and the three decisions. Without
 * `onDecide` (the prerendered page, before the app runs) the decisions are disabled: only the app can store one.
 */
export const ConsentForm = ({ title, onDecide }: { title: ReactNode; onDecide?: (decision: CookieChoice) => void }) => {
  const { t } = useTranslation('settings');
  const [choice, setChoice] = useState<CookieChoice>(noOptionalCookies);
  const inert = onDecide === undefined;
  return (
    <>
      {title}
      <p>{t('cookies.modalText')}</p>
      <CookieChoices value={choice} onChange={setChoice} legend={t('cookies.modalLegend')} />
      <div className="dialog__actions">
        <Button variant="secondary" isDisabled={inert} onPress={() => onDecide?.(noOptionalCookies)}>
          {t('cookies.refuseAll')}
        </Button>
        <Button variant="secondary" isDisabled={inert} onPress={() => onDecide?.(choice)}>
          {t('cookies.saveChoice')}
        </Button>
        <Button isDisabled={inert} onPress={() => onDecide?.({ statistic: true, marketing: true })}>
          {t('cookies.acceptAll')}
        </Button>
      </div>
    </>
  );
};

/**
 * The consent modal as static HTML, for the login page a first visitor gets (src/app/prerender.tsx): on screen with
 * the first paint, in the markup of the app's modal (consent-modal.tsx), which replaces it in the app's first commit.
 */
export const PrerenderedConsent = () => {
  const { t } = useTranslation('settings');
  return (
    <div className="modal-overlay">
      <div className="modal consent-modal">
        <section className="dialog" role="dialog" aria-modal="true" aria-labelledby="consent-title">
          <ConsentForm title={<h2 id="consent-title">{t('cookies.modalTitle')}</h2>} />
        </section>
      </div>
    </div>
  );
};
