import { z } from 'zod';
import { activationCodeSchema, activationIdentifierSchema } from './validators.ts';

/** SIM activation without login: customer number, order number or phone number, and the 6-digit code. */
export const activateOrderRequestSchema = z.object({
  identifier: activationIdentifierSchema,
  code: activationCodeSchema,
});
export const activateOrderResponseSchema = z.object({
  contractId: z.number().int(),
  mode: z.enum(['new_number', 'port_in']),
  subStatus: z.string(),
});
