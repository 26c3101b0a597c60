import type { PayNowResult } from '#data/online-payments';
import { loadOnCall } from '#lib/load-on-call';

/*
 * « Payer maintenant » in home's unpaid-invoice modal (docs/product/home.md "Alert modals"): the payment of the open
 * total. The payment module and the API client under it load on the first press, so that home's first frame does
 * without them (lib/load-on-call.ts). Online only: the modal disables the button offline.
 */

const start = loadOnCall(async () => (await import('#data/online-payments')).startOnlinePayment);

export const payOpenTotal = async (customerId: number, idempotencyKey: string, language: string): Promise<PayNowResult> => {
  try {
    return await start(customerId, 'openTotal', idempotencyKey, language);
  } catch {
    // The module could not be loaded (offline between the check and the press, or a new version deployed).
    return { error: 'chunkLoad' };
  }
};
