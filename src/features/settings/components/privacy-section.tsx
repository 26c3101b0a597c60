import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { Spinner } from '#ui/spinner';
import { privacyEntity, savePrivacy } from '../data/privacy.mutation.ts';
import type { SettingsPageData } from '../data/use-settings-page.ts';

/**
 * Privacy (docs/product/settings.md "Privacy": the sales and marketing consents): the holder's choices; where they may
 * not change, the message of the same heading,
 * 'Vous ne pouvez pas modifier ce paramètre.'. A plain user is told they belong to the holder.
 */
const consents = ['sales', 'marketing'] as const;

export const PrivacySection = ({ data }: { data: SettingsPageData }) => {
  const { t } = useTranslation(['settings', 'common', 'errors']);
  const headingId = useId();
  const [values, setValues] = useState<{ sales: boolean; marketing: boolean } | null>(null);
  const [notice, setNotice] = useState<'saved' | 'queued' | 'unchanged' | null>(null);
  const privacy = data.privacy;
  const refused = data.waiting.filter((w) => w.entity === privacyEntity(data.customerId) && w.state === 'rejected').at(-1);

  // The form follows the stored consents (a pull, a rollback) until the user changes a box.
  const shown = values ?? (privacy ? { sales: privacy.sales, marketing: privacy.marketing } : { sales: false, marketing: false });
  const editable = privacy?.editable === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!privacy || (shown.sales === privacy.sales && shown.marketing === privacy.marketing)) {
      setNotice('unchanged');
      return;
    }
    await savePrivacy(data.customerId, shown);
    setValues(null);
    setNotice(navigator.onLine ? 'saved' : 'queued');
  };

  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings:privacy.title')}</h2>
      {data.isPlain ? (
        <p className="card">{t('settings:privacy.holderOnly')}</p>
      ) : !privacy ? (
        <Spinner label={t('common:loading')} />
      ) : (
        <form className="card" onSubmit={(event) => void submit(event)}>
          <fieldset className="choice-group" disabled={!editable} aria-describedby={editable ? undefined : `${headingId}-locked`}>
            <legend className="visually-hidden">{t('settings:privacy.title')}</legend>
            {consents.map((key) => (
              <label key={key} className="choice">
                <input
                  type="checkbox"
                  checked={shown[key]}
                  onChange={(event) => {
                    setValues({ ...shown, [key]: event.target.checked });
                    setNotice(null);
                  }}
                />
                <span className="choice__text">
                  <span>{t(`settings:privacy.${key}`)}</span>
                  <span className="choice__hint">{t(`settings:privacy.${key}Hint`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {!editable ? (
            <p id={`${headingId}-locked`} className="field__description">
              {t('errors:privacyForbidden')}
            </p>
          ) : null}
          {refused ? (
            <Alert tone="error">
              {t(`errors:${refused.error?.code ?? 'serverError'}` as 'errors:serverError', { defaultValue: t('errors:serverError') })}
            </Alert>
          ) : null}
          {notice === 'saved' ? <Alert tone="success">{t('settings:privacy.saved')}</Alert> : null}
          {notice === 'queued' ? <Alert tone="info">{t('settings:privacy.queued')}</Alert> : null}
          {notice === 'unchanged' ? <Alert tone="info">{t('settings:privacy.unchanged')}</Alert> : null}
          <Button type="submit" isDisabled={!editable}>
            {t('settings:privacy.save')}
          </Button>
        </form>
      )}
    </section>
  );
};
