import { useTranslation } from 'react-i18next';

/**
 * Translate a validation message coming from a contract schema (a key such as `validation:phone`) or from the
 * server's 400 answer. Unknown keys fall back to a generic "invalid value" rather than showing a raw key.
 * A required field says "needed for the next step" only in the first step of a form that has more
 * (`nextStep: true`); elsewhere it simply says the field is required.
 */
export const useFieldError = ({ nextStep = false }: { nextStep?: boolean } = {}): ((message: string | undefined) => string | undefined) => {
  const { t, i18n } = useTranslation('validation');
  return (message) => {
    if (!message) return undefined;
    let key = message.startsWith('validation:') ? message.slice('validation:'.length) : message;
    if (key === 'required' && nextStep) key = 'requiredNextStep';
    return i18n.exists(key, { ns: 'validation' }) ? t(key as 'required') : t('invalid');
  };
};
