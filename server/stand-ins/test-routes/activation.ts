import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { idCardNumber, luhnCheckDigit, nationalNumber } from '#contract/check-digits';
import type { Endpoint } from '#contract/endpoints';
import { languageSchema } from '#contract/common';
import { writeTransaction } from '../../db/engine.ts';
import { insertSimSale } from '../../lib/activation-data.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { hashPasswordAsync } from '../../lib/password.ts';
import type { Router } from '../../lib/contract-route.ts';
import { randomCode } from '../../lib/tokens.ts';

/**
 * Test-only (TEST_MODE=1, under /api/test): a fresh SIM sale to a new customer without an account, in the state a
 * browser test needs, so that each test activates its own order however often the suite runs.
 */
export const activationTestEndpoints = {
  simSale: {
    method: 'POST',
    base: 'api',
    path: '/activation/sim-sales',
    body: z.object({
      state: z.enum(['ready', 'identification', 'returned']).default('ready'),
      language: languageSchema.default('fr'),
    }),
    response: z.object({
      orderRef: z.string(),
      code: z.string(),
      iccid: z.string(),
      uuid: z.string(),
      customerNumber: z.string(),
      msisdn: z.string(),
      email: z.string(),
      birthDate: z.string(),
      /** Identity numbers that pass the checks for this holder (a browser test types them). */
      idCardNumber: z.string(),
      nationalNumber: z.string(),
    }),
  },
} as const satisfies Record<string, Endpoint>;

const DAY = 86_400_000;

export const registerActivationTestRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;
  router.testRoute(activationTestEndpoints.simSale, async ({ body }) => {
    const now = clock.now();
    const code = randomCode();
    const codeHash = await hashPasswordAsync(code);
    return writeTransaction(db, async (tx) => {
      // Ids above the demo data's, so a test's customer never meets a demo one.
      const next = async (table: 'customers' | 'contracts') =>
        Math.max(
          1000,
          (
            await tx
              .selectFrom(table)
              .select((eb) => eb.fn.max('id').as('id'))
              .executeTakeFirst()
          )?.id ?? 0,
        ) + 1;
      const customerId = await next('customers');
      const contractId = await next('contracts');
      const payload = `8932${String(contractId).padStart(14, '0')}`;
      const iccid = payload + luhnCheckDigit(payload);
      const product = await tx
        .selectFrom('products')
        .select('id')
        .where('type', '=', 'BASE')
        .orderBy('price_cents')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      const billCycle = await tx.selectFrom('bill_cycles').select('id').orderBy('id').limit(1).executeTakeFirst();
      if (!product || !billCycle) throw new Error('the catalogue is empty');
      const sale = {
        customerId,
        customerGuid: randomUUID(),
        contactGuid: randomUUID(),
        mobileId: `MT${String(customerId).padStart(8, '0')}`,
        firstName: 'Test',
        lastName: `Client ${customerId}`,
        birthDate: '1998-01-08',
        email: `sim-${customerId}@example.be`,
        language: body.language,
        address: { street: 'Rue de la Loi', number: '16', city: 'Bruxelles', zip: '1000' },
        contractId,
        msisdn: `0468${String(contractId).padStart(6, '0')}`,
        iccid,
        productId: product.id,
        billCycleId: billCycle.id,
        status: 'IN_DELIVERY',
        subStatus: body.state === 'returned' ? 'SIM_DELIVERY_FAILED' : 'SIM_SENT',
        identificationStatus: body.state === 'identification' ? 'NEED_IDENTIFICATION' : 'OK',
        orderRef: `O-${String(9_000_000_000 + contractId)}`,
        uuid: randomUUID(),
        codeHash,
        codeExpiresAt: new Date(now.getTime() + 30 * DAY).toISOString(),
        createdAt: new Date(now.getTime() - 3 * DAY).toISOString(),
        simSentAt: new Date(now.getTime() - 2 * DAY).toISOString(),
      } as const;
      await insertSimSale(tx, sale);
      return {
        orderRef: sale.orderRef,
        code,
        iccid,
        uuid: sale.uuid,
        customerNumber: sale.mobileId,
        msisdn: sale.msisdn,
        email: sale.email,
        birthDate: sale.birthDate,
        idCardNumber: idCardNumber(`59${String(customerId).padStart(8, '0')}`),
        nationalNumber: nationalNumber(sale.birthDate, 37),
      };
    });
  });
};
