import type { AuthUser } from '#contract/auth';
import type { SessionRow } from '#db/schema';

/** The stored session descriptor of a user as the API describes it (pure: the start-up adopts with it too). */
export const sessionFromUser = (user: AuthUser, expiresAt: string, now = Date.now()): SessionRow => ({
  id: 'current',
  userId: user.id,
  userGuid: user.guid,
  customerId: user.customer_id,
  role: user.role,
  scope: user.scope,
  msisdn: user.msisdn,
  email: user.email,
  energyRef: user.energy_ref,
  language: user.language.app,
  firstName: user.personal_data.first_name,
  lastName: user.personal_data.last_name,
  birthDate: user.personal_data.birth_date,
  expiresAt: Date.parse(expiresAt),
  loggedInAt: now,
});
