import { dunningRefuses, type LineState } from '#contract/line-settings';

/*
 * The settings screen's quick controls over the line's rules (contract/line-settings.ts): roaming and premium
 * blocking as on/off switches, spending limits as preset amounts, and how much of a limit this cycle has used. Pure:
 * tested as tables (tests/features/settings/line-controls.test.ts). The server still checks every change.
 */

/** The settings a switch turns on and off; the finer choices (a zone, one category) stay below it. */
export type SwitchResource = 'ROAMING' | 'PREMIUM_BARRING';

/**
 * The zone roaming comes back in when switched on: the European Union and Switzerland, where Belgian customers
 * travel most and roam at home prices; a wider or narrower zone is chosen below the switch.
 */
export const ROAMING_ON_ZONE = 'EU_INCLUDE_SWISS';

/** Whether the switch shows on: roaming anywhere but "none"; premium blocking of every category. */
export const switchIsOn = (resource: SwitchResource, value: string): boolean =>
  resource === 'ROAMING' ? value !== 'COVERAGE_NONE' : value === 'all';

/** The value a switch asks for when it moves to `on`. */
export const switchValue = (resource: SwitchResource, on: boolean): string =>
  resource === 'ROAMING' ? (on ? ROAMING_ON_ZONE : 'COVERAGE_NONE') : on ? 'all' : 'none';

/**
 * Whether the switch may move from the line's value (the one it will have once its waiting change applies): not when
 * the move raises what the line may cost on a line in dunning (docs/product/settings.md "Which lines can change":
 * roaming back on, premium services unblocked).
 */
export const switchRefusedByDunning = (line: LineState, resource: SwitchResource, value: string): boolean =>
  dunningRefuses(line, resource, value, switchValue(resource, !switchIsOn(resource, value)));

/** The amounts offered in one tap, in cents: € 0 (nothing out of the bundle), 10, 20, 50 and 100. */
export const LIMIT_PRESETS: readonly number[] = [0, 1_000, 2_000, 5_000, 10_000];

/**
 * The presets a limit offers, in rising order: those within the line's maximum, the maximum itself, and the line's own
 * limit (so that the one it has is always there, pressed); on a line in dunning only those that do not raise the limit
 * (the current one, or the one it will have). The amount field beside them takes any other value, checked as before.
 */
export const limitPresets = (max: number, limit: number, dunning: boolean): number[] => {
  const offered = new Set(LIMIT_PRESETS.filter((cents) => cents <= max));
  if (max > 0) offered.add(max);
  if (limit >= 0 && limit <= max) offered.add(limit);
  return [...offered].filter((cents) => !dunning || cents <= limit).toSorted((a, b) => a - b);
};

export type SpendLevel = 'ok' | 'alert' | 'reached';

/**
 * This cycle's out-of-bundle spend against the limit: the bar's filled share (0 to 1) and its level: reached at the
 * limit (or beyond, when costs arrived late), past the alert threshold, or fine. A limit of 0 is reached by any spend
 * and shows an empty bar without it.
 */
export const spendAgainstLimit = (spent: number, limit: number, alert: number | null): { share: number; level: SpendLevel } => {
  const share = limit <= 0 ? (spent > 0 ? 1 : 0) : Math.min(1, Math.max(0, spent / limit));
  const level: SpendLevel = spent > 0 && spent >= limit ? 'reached' : alert !== null && alert > 0 && spent >= alert ? 'alert' : 'ok';
  return { share, level };
};
