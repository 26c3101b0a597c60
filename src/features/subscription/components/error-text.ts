import { useTranslation } from 'react-i18next';

/** What a failed call says: its code and the server's message (the API client's ApiError, or any Error). */
export type ErrorLike = { code?: string; message?: string } | null | undefined;

/**
 * The server's message in the customer's language: the error catalogue's text for its code (docs/product/errors.md
 * "Error catalogue"), else the message the server wrote, else the unknown-order error ("contact an agent").
 */
export const useErrorText = () => {
  const { t, i18n } = useTranslation('errors');
  return (error: ErrorLike): string => {
    const code = error?.code;
    const known = code !== undefined && i18n.exists(`errors:${code}`);
    return known ? (t as unknown as (key: string) => string)(code) : error?.message || t('unknownOrderError');
  };
};
