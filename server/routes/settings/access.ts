import { settingsAccess, type SettingsArea } from '#contract/line-settings';
import { ApiError } from '../../lib/api-error.ts';
import type { ResolvedSession } from '../../lib/sessions.ts';

/** Who placed an order (docs/product/roles.md "Who placed an order"): the owner O, an admin A, a user U. */
export const initiatorOf = (auth: ResolvedSession): { type: 'O' | 'A' | 'U'; ref: string } => ({
  type: auth.user.role === 'owner' ? 'O' : auth.user.role === 'admin' ? 'A' : 'U',
  ref: auth.user.guid,
});

/**
 * Settings belong to the account holder (contract/line-settings.ts `settingsAccess`): a plain user reads them and is
 * told to ask the holder (403 settingsReadOnly; privacy answers privacyForbidden, docs/product/settings.md "Privacy").
 */
export const requireEditor = (auth: ResolvedSession, area: SettingsArea): void => {
  if (settingsAccess(auth.user.role, area) === 'edit') return;
  if (area === 'privacy') throw new ApiError(403, 'privacyForbidden', 'This setting cannot be changed');
  throw new ApiError(403, 'settingsReadOnly', 'Only the account holder may change this setting');
};
