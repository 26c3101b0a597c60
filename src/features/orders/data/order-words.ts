import {
  contractResources,
  safeguardResources,
  settingResources,
  type ContractResource,
  type SafeguardResource,
  type SettingResource,
} from '#contract/orders';
import { premiumBarrings, roamingTypes, throttlingTiers } from '#contract/settings';
import type { OrderLineRow } from '#db/schema';
import { orderFailure } from '#lib/order-failure';

/*
 * Every order line of the history in words a customer understands (docs/product/subscription.md "Order history",
 * "Order states"): the kinds of all the areas that write orders (plans and options here, limits and settings by the
 * settings area, requests about the line by customer service and the SIM activation), their values, their states, who
 * placed them and why one failed. Pure: it returns what to say (a key of the `orders` namespace and its values, or a
 * text to show as it is); the screen translates. Tested as a table.
 */

export type Words =
  | { key: 'resource.product'; values: { name: string } }
  | { key: 'resource.option'; values: { name: string } }
  | { key: `resource.safeguard.${SafeguardResource}` }
  | { key: `resource.setting.${SettingResource}` }
  | { key: `resource.contract.${ContractResource}` }
  | { key: 'value.count'; values: { count: number } }
  | { key: 'value.none' }
  | { key: 'value.money'; values: { cents: number } }
  | { key: `value.roaming.${(typeof roamingTypes)[number]}` }
  | { key: `value.throttling.${(typeof throttlingTiers)[number]}` }
  | { key: `value.premium.${(typeof premiumBarrings)[number]}` }
  | { key: 'value.barring.on' | 'value.barring.off' }
  | { text: string };

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T => value !== null && (list as readonly string[]).includes(value);

/** What the line is about. */
export const resourceWords = (line: Pick<OrderLineRow, 'kind' | 'resourceName'>): Words => {
  const name = line.resourceName;
  switch (line.kind) {
    case 'PRODUCT':
      return { key: 'resource.product', values: { name } };
    case 'OPTION':
      return { key: 'resource.option', values: { name } };
    case 'SAFEGUARD':
      return isOneOf(safeguardResources, name) ? { key: `resource.safeguard.${name}` } : { text: name };
    case 'SETTING':
      return isOneOf(settingResources, name) ? { key: `resource.setting.${name}` } : { text: name };
    case 'CONTRACT':
      return isOneOf(contractResources, name) ? { key: `resource.contract.${name}` } : { text: name };
  }
};

/** The old or new value of a line, or null when it has none. */
export const valueWords = (line: Pick<OrderLineRow, 'kind' | 'resourceName'>, value: string | null): Words | null => {
  if (value === null || value === '') return null;
  switch (line.kind) {
    case 'OPTION': {
      const count = Number(value);
      if (!Number.isInteger(count)) return { text: value };
      return count === 0 ? { key: 'value.none' } : { key: 'value.count', values: { count } };
    }
    case 'SAFEGUARD': {
      // Limits and alerts travel in cents (docs/product/settings.md "Out-of-bundle limits and alerts").
      const cents = Number(value);
      return Number.isFinite(cents) ? { key: 'value.money', values: { cents } } : { text: value };
    }
    case 'SETTING':
      if (line.resourceName === 'ROAMING' && isOneOf(roamingTypes, value)) return { key: `value.roaming.${value}` };
      if (line.resourceName === 'THROTTLING' && isOneOf(throttlingTiers, value)) return { key: `value.throttling.${value}` };
      if (line.resourceName === 'PREMIUM_BARRING' && isOneOf(premiumBarrings, value)) return { key: `value.premium.${value}` };
      if (line.resourceName === 'INTERNATIONAL_BARRING' && (value === '0' || value === '1')) {
        return { key: value === '1' ? 'value.barring.on' : 'value.barring.off' };
      }
      return { text: value };
    default:
      return { text: value };
  }
};

/** docs/product/subscription.md "Order states": PENDING and QUEUED display as in progress, SUCCESS as active. */
export const statusWord = (status: OrderLineRow['status']): 'inProgress' | 'canceled' | 'failed' | 'active' =>
  status === 'PENDING' || status === 'QUEUED' ? 'inProgress' : status === 'CANCELED' ? 'canceled' : status === 'FAILED' ? 'failed' : 'active';

export const statusTone = (status: OrderLineRow['status']): 'success' | 'warning' | 'danger' | undefined =>
  status === 'SUCCESS' ? 'success' : status === 'FAILED' ? 'danger' : status === 'CANCELED' ? undefined : 'warning';

/**
 * Why a line failed, in words (docs/product/subscription.md "Order history"; the rule is lib/order-failure.ts, which
 * the closed order's view of the optimize screen reads too).
 */
export const failureWords = (error: OrderLineRow['error']): { key: 'failure.debt' | 'failure.unknown' } | { key: 'failure.code'; values: { code: string } } | { text: string } => {
  const failure = orderFailure(error);
  switch (failure.kind) {
    case 'debt':
      return { key: 'failure.debt' };
    case 'unknown':
      return { key: 'failure.unknown' };
    case 'code':
      return { key: 'failure.code', values: { code: failure.code } };
    case 'text':
      return { text: failure.text };
  }
};
