import type { ContractStatus } from '#contract/contracts';

/** SPEC §4: the labels shown are "to be activated" (in delivery), "active" and "terminated"; others are in progress. */
export type StatusLabel = 'IN_DELIVERY' | 'ACTIVATED' | 'TERMINATED' | 'SUSPENDED' | 'CANCELED' | 'pending';

export const statusLabel = (status: ContractStatus): StatusLabel => {
  switch (status) {
    case 'IN_DELIVERY':
    case 'ACTIVATED':
    case 'TERMINATED':
    case 'SUSPENDED':
    case 'CANCELED':
      return status;
    default:
      return 'pending';
  }
};

export const statusTone = (label: StatusLabel): 'success' | 'warning' | 'danger' | undefined => {
  if (label === 'ACTIVATED') return 'success';
  if (label === 'IN_DELIVERY' || label === 'pending') return 'warning';
  if (label === 'TERMINATED' || label === 'SUSPENDED' || label === 'CANCELED') return 'danger';
  return undefined;
};

/** SPEC §3: phone numbers are shown with their leading 0 (the rule lives in lib/format, shared by every feature). */
export { formatPhoneNumber } from '#lib/format';
