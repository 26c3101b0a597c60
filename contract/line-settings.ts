/*
 * The rules of a line's settings (docs/product/settings.md "Out-of-bundle limits and alerts", "Roaming zone",
 * "Data speed", "Premium services blocking", "Line changes and when they apply"), without zod: the settings screen,
 * its queued changes and the server's routes ask the same functions, so a form and the server refuse the same change
 * for the same reason.
 */

/**
 * The values of a line's settings (docs/product/settings.md "Roaming zone", "Data speed",
 * "Premium services blocking").
 */
export const roamingTypes = ['WORLD_COVERAGE', 'EU_INCLUDE_SWISS', 'EU_WITHOUT_SWISS', 'CALLS_SMS_ONLY', 'COVERAGE_NONE'] as const;
export type RoamingType = (typeof roamingTypes)[number];
/** docs/product/settings.md "Data speed" tiers: 512 kbps, 2 Mbps, 5 Mbps, 100 Mbps, none. */
export const throttlingTiers = ['512K', '2M', '5M', '100M', 'NONE'] as const;
/** docs/product/settings.md "Premium services blocking" variants; `none` blocks nothing. */
export const premiumBarrings = ['none', 'all', 'info', 'game', 'payment', 'erotic'] as const;
export type PremiumBarring = (typeof premiumBarrings)[number];

/**
 * The premium categories (docs/product/settings.md "Premium services blocking": adult, news, gaming, mobility and
 * parking) each variant blocks.
 */
export const premiumCategories = ['adult', 'news', 'gaming', 'mobility', 'parking'] as const;
export type PremiumCategory = (typeof premiumCategories)[number];
export const blockedCategories: Readonly<Record<PremiumBarring, readonly PremiumCategory[]>> = {
  none: [],
  all: premiumCategories,
  info: ['news'],
  game: ['gaming'],
  payment: ['mobility', 'parking'],
  erotic: ['adult'],
};

export const safeguardTypes = ['OSG', 'PSG', 'DSG'] as const;
export type SafeguardType = (typeof safeguardTypes)[number];

/** Order-line resource names agreed with the order history: SAFEGUARD lines, values in cents as strings. */
export const safeguardResources = ['OSG_LIMIT', 'OSG_ALERT', 'PSG_LIMIT', 'PSG_ALERT', 'DSG_LIMIT', 'DSG_ALERT'] as const;
export type SafeguardResource = (typeof safeguardResources)[number];
/** SETTING lines: ROAMING (a roaming type), THROTTLING (a tier), PREMIUM_BARRING (a variant), INTERNATIONAL_BARRING (`0`/`1`). */
export const settingResources = ['ROAMING', 'THROTTLING', 'PREMIUM_BARRING', 'INTERNATIONAL_BARRING'] as const;
export type SettingResource = (typeof settingResources)[number];
export type LineResource = SafeguardResource | SettingResource;

export const isSafeguardResource = (resource: string): resource is SafeguardResource =>
  (safeguardResources as readonly string[]).includes(resource);

/** `OSG_LIMIT` → OSG and the limit form; `PSG_ALERT` → PSG and the alert form. */
export const safeguardResourceParts = (resource: SafeguardResource): { type: SafeguardType; form: 'LIMIT' | 'ALERT' } => {
  const [type, form] = resource.split('_') as [SafeguardType, 'LIMIT' | 'ALERT'];
  return { type, form };
};

export const safeguardResource = (type: SafeguardType, form: 'LIMIT' | 'ALERT'): SafeguardResource => `${type}_${form}`;

// ---------------------------------------------------------------------------------------------------------------
// When a change takes effect (docs/product/settings.md "Line changes and when they apply")
// ---------------------------------------------------------------------------------------------------------------

/** A limit change is active within 2 minutes. */
export const LIMIT_CHANGE_DELAY_MS = 2 * 60_000;
/** A roaming change takes up to 4 hours: the visited networks are told one by one. */
export const ROAMING_CHANGE_DELAY_MS = 4 * 3_600_000;

/**
 * How long after the request a change is applied: roaming up to 4 hours, everything else (limits, alerts, throttling,
 * barring: switches of the line's own profile) within 2 minutes.
 */
export const changeDelayMs = (resource: LineResource): number => (resource === 'ROAMING' ? ROAMING_CHANGE_DELAY_MS : LIMIT_CHANGE_DELAY_MS);

// ---------------------------------------------------------------------------------------------------------------
// Who may change what (docs/product/roles.md "What each role may do")
// ---------------------------------------------------------------------------------------------------------------

export type SettingsArea = 'line' | 'alerts' | 'privacy';
export type SettingsAccess = 'edit' | 'read' | 'none';

/**
 * Line settings, alert choices and privacy belong to the account holder: an owner or an admin changes them; a plain
 * user reads those of its own line and is told to ask the holder (docs/product/roles.md "Plain user"); role `none`
 * has no access at all.
 */
export const settingsAccess = (role: string, _area: SettingsArea): SettingsAccess =>
  role === 'owner' || role === 'admin' ? 'edit' : role === 'user' ? 'read' : 'none';

// ---------------------------------------------------------------------------------------------------------------
// Which line may change (docs/product/settings.md "Which lines can change")
// ---------------------------------------------------------------------------------------------------------------

/**
 * docs/product/home.md "Blockages": a general block, a block by credit check or deposit, and a block by fraud each
 * count as a blockage.
 */
export const blockingSubStatuses = ['BLOCKED', 'BLOCKED_CREDIT_CHECK', 'BLOCKED_GRAYDON_DEPOSIT', 'BLOCKED_FRAUD'] as const;
const closedStatuses = ['TERMINATED', 'CANCELED'];

export type LineState = {
  status: string;
  subStatus: string | null;
  fraudulentBehaviour: boolean;
  dunningLevelReached: boolean;
};

/**
 * Why a line's settings cannot change at all: a blocked line (docs/product/settings.md "Which lines can change"), or
 * a terminated or cancelled one.
 */
export type LineRefusal = 'contractBlocked' | 'contractClosed';

export const lineRefusal = (line: LineState): LineRefusal | null => {
  if (closedStatuses.includes(line.status)) return 'contractClosed';
  if (line.fraudulentBehaviour || (blockingSubStatuses as readonly string[]).includes(line.subStatus ?? '')) return 'contractBlocked';
  return null;
};

/** Roaming zones from the narrowest to the widest. */
const roamingReach: Readonly<Record<RoamingType, number>> = {
  COVERAGE_NONE: 0,
  CALLS_SMS_ONLY: 1,
  EU_WITHOUT_SWISS: 2,
  EU_INCLUDE_SWISS: 3,
  WORLD_COVERAGE: 4,
};

/**
 * Whether a change lets the line cost more than before: a higher limit, a wider roaming zone, premium services
 * unblocked, international calls unblocked. Values are the order line's strings (cents, enum values, `0`/`1`).
 * An alert threshold or a speed tier never changes what the line may cost.
 */
export const raisesExposure = (resource: LineResource, oldValue: string | null, newValue: string): boolean => {
  switch (resource) {
    case 'OSG_LIMIT':
    case 'PSG_LIMIT':
    case 'DSG_LIMIT':
      return oldValue === null || Number(newValue) > Number(oldValue);
    case 'ROAMING':
      return oldValue === null || (roamingReach[newValue as RoamingType] ?? 0) > (roamingReach[oldValue as RoamingType] ?? 0);
    case 'PREMIUM_BARRING': {
      const before = new Set(blockedCategories[(oldValue ?? 'none') as PremiumBarring] ?? []);
      const after = new Set(blockedCategories[newValue as PremiumBarring] ?? []);
      return [...before].some((category) => !after.has(category));
    }
    case 'INTERNATIONAL_BARRING':
      return oldValue === '1' && newValue === '0';
    default:
      return false;
  }
};

/**
 * docs/product/settings.md "Which lines can change": contract changes are blocked on dunning. A line with unpaid
 * invoices past the dunning level may still lower its exposure (a lower limit, a narrower roaming zone, more
 * blocking), never raise it.
 */
export const dunningRefuses = (line: LineState, resource: LineResource, oldValue: string | null, newValue: string): boolean =>
  line.dunningLevelReached && raisesExposure(resource, oldValue, newValue);

// ---------------------------------------------------------------------------------------------------------------
// Amounts (docs/product/settings.md "Out-of-bundle limits and alerts": safeguard amounts arrive in cents and are
// shown divided by 100)
// ---------------------------------------------------------------------------------------------------------------

/**
 * A euro amount typed by the customer → cents, or null when it is not one: digits with an optional decimal comma
 * or point and at most 2 decimals, an optional euro sign, spaces as thousands separators ("25", "25,5", "1 000 €").
 */
export const parseEuroCents = (text: string): number | null => {
  const cleaned = text.replace(/\s|\u00a0|\u202f/g, '').replace(/€$/, '');
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const euros = Number(match[1]);
  const cents = match[2] === undefined ? 0 : Number(match[2].padEnd(2, '0'));
  return euros * 100 + cents;
};

export type SafeguardAmounts = { current: number; alert: number | null; max: number };

/** Why an amount is refused for a limit or an alert: above the line's maximum, or an alert above its limit. */
export type AmountRefusal = 'limitAboveMax' | 'alertAboveLimit' | 'negative';

/**
 * The bounds of a safeguard change, in cents: a limit from 0 to the line's maximum; an alert from 0 to the limit it
 * warns about (the limit the line will have once its waiting change applies, when one waits).
 */
export const amountRefusal = (
  form: 'LIMIT' | 'ALERT',
  cents: number,
  safeguard: SafeguardAmounts,
  pendingLimit: number | null = null,
): AmountRefusal | null => {
  if (!Number.isInteger(cents) || cents < 0) return 'negative';
  if (form === 'LIMIT') return cents > safeguard.max ? 'limitAboveMax' : null;
  return cents > (pendingLimit ?? safeguard.current) ? 'alertAboveLimit' : null;
};
