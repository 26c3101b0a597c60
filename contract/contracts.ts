import { z } from 'zod';

export const contractStatuses = [
  'ACTIVATED',
  'COMPLETED',
  'INCOMPLETE',
  'CONFIRMED',
  'CANCELED',
  'IN_VALIDATION',
  'IN_DELIVERY',
  'SUSPENDED',
  'TERMINATED',
  'IDENTIFICATION',
  'UNKNOWN',
] as const;
export const contractStatusSchema = z.enum(contractStatuses);
export type ContractStatus = z.infer<typeof contractStatusSchema>;

export const contractSubStatuses = [
  'STARTED',
  'COMPLETED_PARTNER',
  'CUSTOMER_COMPLETED',
  'CUSTOMER_CONFIRMED',
  'ORDER_COMPLETED',
  'ORDER_VALIDATED',
  'BLOCKED',
  'BLOCKED_CREDIT_CHECK',
  'BLOCKED_GRAYDON_DEPOSIT',
  'BLOCKED_FRAUD',
  'BLOCKED_IDENTIFICATION',
  'SIM_SENT',
  'SIM_DELIVERY_FAILED',
  'PORT_IN_REQUESTED',
  'PORT_IN_ACCEPTED',
  'PORT_IN_EXECUTED',
  'PORT_IN_FAILED',
  'ACTIVATION_REQUESTED',
  'ACTIVATION_EXECUTED',
  'ACTIVATION_FAILED',
  'ACTIVATED',
  'TERMINATED',
  'PORTED_OUT',
  'SUSPENDED',
] as const;
export const contractSubStatusSchema = z.enum(contractSubStatuses);
export type ContractSubStatus = z.infer<typeof contractSubStatusSchema>;

export const identificationStatuses = ['OK', 'NOT_PASSED', 'NOK', 'NEED_IDENTIFICATION', 'NEED_VALIDATION', 'REFUSED'] as const;
export const identificationStatusSchema = z.enum(identificationStatuses);
export const identityDocumentTypes = ['belgianIdCard', 'belgianResidentCard', 'otherId'] as const;
export const contractTypes = ['prepaid', 'post_simple', 'post_complex'] as const;
export const contractTypeSchema = z.enum(contractTypes);

/** A bill cycle (docs/product/consumption.md "Periods"). */
export const billCycleSchema = z.object({
  id: z.number().int(),
  startDay: z.number().int().min(1).max(31),
  frequencyUnit: z.enum(['DAY', 'WEEK', 'MONTH', 'YEAR']),
  frequencyDuration: z.number().int().min(1),
});
export type BillCycleDto = z.infer<typeof billCycleSchema>;

export const addressSchema = z.object({
  street: z.string(),
  number: z.string(),
  box: z.string().nullable(),
  city: z.string(),
  zipCode: z.string(),
  country: z.string(),
});

export const contractProductRefSchema = z.object({
  id: z.number().int(),
  is_base: z.boolean(),
  bill_cycle_id: z.number().int().nullable(),
});

/** A line's contract (docs/product/home.md "Lines", "Line status"), as the server sends it. */
export const contractSchema = z.object({
  id: z.number().int(),
  contract_id: z.string(),
  order_id: z.string().nullable(),
  scenario: z.string().nullable(),
  type: contractTypeSchema,
  msisdn: z.string().nullable(),
  status: contractStatusSchema,
  sub_status: contractSubStatusSchema.nullable(),
  id_card_number: z.string().nullable(),
  national_register_number: z.string().nullable(),
  sim_iccid: z.string().nullable(),
  other_iccid: z.string().nullable(),
  sim_sent_date: z.string().nullable(),
  address: addressSchema.nullable(),
  active_products: z.array(contractProductRefSchema),
  inactive_products: z.array(contractProductRefSchema),
  bill_cycle: billCycleSchema.nullable(),
  dunning_level_reached: z.boolean(),
  fraudulent_behaviour: z.boolean(),
  lead: z.string().nullable(),
  linked_user: z
    .object({ id: z.number().int(), guid: z.string(), first_name: z.string(), last_name: z.string(), msisdn: z.string().nullable() })
    .nullable(),
  order_validation: z.object({
    identification: z.object({ status: identificationStatusSchema.nullable() }),
    port_in: z.object({ status: z.string().nullable() }),
    fraud: z.object({ status: z.string().nullable() }),
  }),
  created_at: z.string(),
  updated_at: z.string(),
  activated_at: z.string().nullable(),
  port_in_type: z.string().nullable(),
  other_account_number: z.string().nullable(),
  partner_code: z.string().nullable(),
});
export type ContractDto = z.infer<typeof contractSchema>;
