import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, languages, type Language } from '#contract/language';
import { setLanguage } from '#i18n/i18n';
import { formatPhoneNumber, maskIban } from '#lib/format';
import { Alert } from '#ui/alert';
import type { SettingsPageData } from '../data/use-settings-page.ts';

/** Saves the language on the account (POST /user/language, a queued change of the session): given by the app. */
export type SaveLanguage = (language: Language) => Promise<void>;

/**
 * The profile overview (docs/product/settings.md "The profile screen"): contact, address and language, with the ways
 * to change them. A plain user sees its own name and number; the holder's contact and address are not its data
 * (docs/product/roles.md "Plain user").
 */
export const ProfileOverview = ({ data, saveLanguage }: { data: SettingsPageData; saveLanguage: SaveLanguage }) => {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const headingId = useId();
  const languageId = useId();
  const [saved, setSaved] = useState(false);
  const { contact, invoicing, session, isPlain } = data;
  const name = isPlain ? `${session.firstName} ${session.lastName}`.trim() : contact ? `${contact.firstName} ${contact.lastName}` : '';
  const phone = isPlain ? session.msisdn : (contact?.mobile ?? contact?.phone ?? data.contract?.msisdn ?? null);
  const email = isPlain ? session.email : (contact?.email ?? null);
  const address = !isPlain && invoicing ? invoicing.address : null;
  const none = t('settings:profile.none');
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'fr';

  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings:profile.title')}</h2>
      <div className="card">
        <dl className="facts">
          <dt>{t('settings:profile.name')}</dt>
          <dd>{name || none}</dd>
          <dt>{t('settings:profile.email')}</dt>
          <dd>{email ?? none}</dd>
          <dt>{t('settings:profile.phone')}</dt>
          <dd>{phone ? formatPhoneNumber(phone) : none}</dd>
          {!isPlain ? (
            <>
              <dt>{t('settings:profile.address')}</dt>
              <dd>
                {address
                  ? `${address.street} ${address.number}${address.box ? ` ${t('settings:profile.box', { box: address.box })}` : ''}, ${address.zipCode} ${address.city}`
                  : none}
              </dd>
              {invoicing?.payment.iban ? (
                <>
                  <dt>{t('settings:profile.account')}</dt>
                  <dd className="nowrap">{maskIban(invoicing.payment.iban)}</dd>
                </>
              ) : null}
            </>
          ) : null}
        </dl>
        <div className="field">
          <label htmlFor={languageId}>{t('settings:profile.language')}</label>
          <select
            id={languageId}
            value={current}
            aria-describedby={`${languageId}-hint`}
            onChange={(event) => {
              const lang = event.target.value;
              if (!isLanguage(lang)) return;
              setSaved(false);
              void setLanguage(lang)
                .then(() => saveLanguage(lang))
                .then(() => setSaved(true));
            }}
          >
            {languages.map((lng) => (
              <option key={lng} value={lng} lang={lng}>
                {t(`common:languages.${lng}`)}
              </option>
            ))}
          </select>
          <span id={`${languageId}-hint`} className="field__description">
            {t('settings:profile.languageHint')}
          </span>
        </div>
        {saved ? <Alert tone="success">{t('settings:profile.languageSaved')}</Alert> : null}
      </div>
    </section>
  );
};
