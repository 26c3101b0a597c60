import type { Insertable } from 'kysely';
import type { UsageRecords } from '#server/db/schema';

/** One national text sent in a bundle at `eventTime`: the smallest usage record the history counts. */
export const textRecord = (contractId: number, eventTime: number): Insertable<UsageRecords> => ({
  contract_id: contractId,
  service_cat: 'sms',
  messages: 1,
  is_oob: 0,
  resource_impact: 0,
  resource_unit: 'EUR_CENT',
  service_used: 1,
  service_unit: 'sms',
  incoming: 0,
  destination: 'national',
  event_time: eventTime,
});
