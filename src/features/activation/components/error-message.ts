import { useTranslation } from 'react-i18next';
import { errorCodes } from '#contract/errors';

const known: ReadonlySet<string> = new Set(errorCodes);

/**
 * The sentence for a failed activation call: the catalogue's message for its code (docs/product/activation.md
 * "Activation messages"), the given fallback for an unknown code or a server error (the activation's
 * "something went wrong, check number and code").
 */
export const useErrorMessage = (): ((code: string, status: number, fallback: 'activationGeneric' | 'serverError') => string) => {
  const { t } = useTranslation('errors');
  return (code, status, fallback) => {
    if (code === 'network' || code === 'timeout') return t(code);
    if (status >= 500 || !known.has(code) || code === 'invalidParameters') return t(fallback);
    return t(code as 'serverError');
  };
};
