import { call } from '#api/client';
import { endpoints } from '#contract/endpoints';

/** Whether the API is back from maintenance. Offline: false (the page stays). */
export const isServiceAvailable = async (): Promise<boolean> => {
  try {
    const answer = await call(endpoints.status, { silent: true });
    return answer.status === 'ok';
  } catch {
    return false;
  }
};
