import { call } from '#api/client';
import { isLanguage } from '#contract/language';
import { endpoints } from '#contract/endpoints';

/** POST /page-view (public): best effort, silent; the server counts it only with the statistics consent cookie. */
export const sendPageView = async (route: string, language: string): Promise<void> => {
  try {
    await call(endpoints.pageView, { body: { route, lang: isLanguage(language) ? language : 'fr' }, silent: true });
  } catch {
    // Offline or refused: a statistic is not worth a retry or a message.
  }
};
