import type { AuthUser } from '#contract/auth';
import { db } from '#db/db';
import { readDevice } from './device.ts';
import { sessionFromUser } from './session-row.ts';

/**
 * The session of a first visit's page (GET /user/me's answer, which the server checked with the contract's schema
 * before it drew the page: app/first-visit.tsx), adopted without the API client and the schemas that session.ts
 * loads: a phone's start spends no long task on them. Only on a device that holds no other user's data and no
 * waiting change; otherwise false, and session.ts adopts it as any other answer (it wipes another user's data).
 */
export const adoptFirstVisitSession = async (answer: unknown): Promise<boolean> => {
  if (typeof answer !== 'object' || answer === null) return false;
  const { user, expires_at: expiresAt } = answer as { user?: AuthUser; expires_at?: unknown };
  if (typeof user?.guid !== 'string' || typeof expiresAt !== 'string') return false;
  const [device, waiting, stored] = await Promise.all([readDevice(), db.pendingMutations.count(), db.session.get('current')]);
  if ((device?.userGuid && device.userGuid !== user.guid) || waiting > 0 || stored) return false;
  const session = sessionFromUser(user, expiresAt);
  if (session.expiresAt <= Date.now()) return false;
  await db.session.put(session);
  return true;
};
