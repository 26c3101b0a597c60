import { useTranslation } from 'react-i18next';
import { isLanguage, languages } from '#contract/language';
import { saveLanguagePreference } from '#features/auth/data/language.ts';
import { setLanguage } from '#i18n/i18n';

/**
 * The language header (docs/product/navigation.md "Layouts"): a native select, so it works with every keyboard and
 * screen reader.
 */
export const LanguageSwitcher = () => {
  const { t, i18n } = useTranslation('common');
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t('language')}</span>
      <select
        // Named so that a choice made on the prerendered page, before the app ran, is carried over.
        name="language"
        value={i18n.resolvedLanguage ?? 'fr'}
        onChange={(event) => {
          const lang = event.target.value;
          if (isLanguage(lang)) void setLanguage(lang).then(() => saveLanguagePreference(lang));
        }}
      >
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {t(`languages.${lng}`)}
          </option>
        ))}
      </select>
    </label>
  );
};
