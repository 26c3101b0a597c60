import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { saveConsent, useConsent } from '../data/consent.ts';
import { CookieChoices, type CookieChoice } from './consent-dialog.tsx';

/**
 * The cookie choices, changeable at any time (docs/product/settings.md "Cookies and consent": the decision of the
 * consent modal, kept 365 days).
 */
export const CookieSettings = () => {
  const { t } = useTranslation('consent');
  const headingId = useId();
  const consent = useConsent();
  const [edited, setEdited] = useState<CookieChoice | null>(null);
  const [saved, setSaved] = useState(false);
  const value = edited ?? { statistic: consent?.statistic ?? false, marketing: consent?.marketing ?? false };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    saveConsent(value);
    setEdited(null);
    setSaved(true);
  };
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('cookies.title')}</h2>
      <form className="card" onSubmit={submit}>
        <p className="muted">{consent ? t('cookies.decided') : t('cookies.undecided')}</p>
        <CookieChoices
          value={value}
          legend={<span className="visually-hidden">{t('cookies.title')}</span>}
          onChange={(next) => {
            setEdited(next);
            setSaved(false);
          }}
        />
        {saved ? <Alert tone="success">{t('cookies.saved')}</Alert> : null}
        <Button type="submit">{t('cookies.save')}</Button>
      </form>
    </section>
  );
};
