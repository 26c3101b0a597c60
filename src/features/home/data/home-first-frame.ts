import { whenFirstAnswersStored } from '#lib/first-answers';
import { keepForFirstFrame } from '#lib/first-frame';
import { readContractUsage, usageFrameKey } from './use-home-usage.ts';
import { homeFrameKey, readHome } from './use-home.ts';

/**
 * Home's stored rows for its first frame (lib/first-frame.ts), read while the route loads: the customer, the
 * contracts and the selected contract's usage. An offline start then paints home complete in one render.
 */
export const readHomeFirstFrame = async (): Promise<void> => {
  // A first visit's page: its answers are stored by the route's guard first (lib/first-answers.ts).
  await whenFirstAnswersStored();
  const home = await keepForFirstFrame(homeFrameKey, readHome);
  const data = home?.data;
  if (!data || data.selectedContractId === null) return;
  const { customerId } = data.session;
  const contractId = data.selectedContractId;
  await keepForFirstFrame(usageFrameKey(customerId, contractId), () => readContractUsage(customerId, contractId));
};
