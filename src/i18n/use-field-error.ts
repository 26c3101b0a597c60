import { useTranslation } from 'react-i18next';

/**
 * Translate a validation message coming from a contract schema (a key such as `validation:phone`) or from the
 * server's 400 answer. Unknown keys fall back to a generic "invalid value" rather than showing a raw key.
 */
export const useFieldError = (): ((message: string | undefined) => string | undefined) => {
  const { t, i18n } = useTranslation('validation');
  return (message) => {
    if (!message) return undefined;
    const key = message.startsWith('validation:') ? message.slice('validation:'.length) : message;
    return i18n.exists(key, { ns: 'validation' }) ? t(key as 'required') : t('invalid');
  };
};
