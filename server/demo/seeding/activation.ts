import { DAY_MS, iso } from '../data/calendar.ts';
import {
  ACTIVATION_CODE_VALID_DAYS,
  ACTIVATION_CODES,
  DONOR_LINES,
  EXISTING_SIM_ORDERS,
  FAILED_PORT_IN,
  SIM_SALES,
} from '../data/activation.ts';
import { DEMO_IDS } from '../data/ids.ts';
import { findSimOrderByContract } from '../../lib/activation-orders.ts';
import { portInAnswered, setNextStep } from '../../lib/activation-provisioning.ts';
import { requestPortIn } from '../../lib/activation-requests.ts';
import { insertDonorLine, insertSimOrder, insertSimSale } from '../../lib/activation-sale.ts';
import type { SeedContext } from './context.ts';

/**
 * SIM activation (demo/activation.ts): the activation codes (stored hashed like the routes store theirs), the
 * follow-up of every SIM order, the customers without an account and their orders in each state, and the other
 * operators' lines.
 */
export const seedActivationCodes = async (s: SeedContext): Promise<void> => {
  const { db, nowMs, daysAgo, hashes } = s;
  const rng = s.rngFor('activation');
  const expiresAt = iso(nowMs + ACTIVATION_CODE_VALID_DAYS * DAY_MS);
  const saleRefs = new Set<string>(SIM_SALES.map((sale) => sale.order.orderRef));

  for (const code of ACTIVATION_CODES) {
    if (saleRefs.has(code.orderRef)) continue;
    await db
      .insertInto('activation_codes')
      .values({
        order_ref: code.orderRef,
        contract_id: code.contractId,
        code_hash: hashes.activationCodeOf(code.orderRef),
        attempts: 0,
        expires_at: expiresAt,
        used_at: null,
        created_at: iso(daysAgo(code.ageDays)),
      })
      .execute();
  }

  // The lines of contracts.ts waiting for activation: the card's number is fixed (printed on the demo's card),
  // and their follow-up starts at the order.
  for (const order of EXISTING_SIM_ORDERS) {
    const contract = await db
      .selectFrom('contracts')
      .select(['created_at', 'sim_sent_date', 'identification_status', 'order_id'])
      .where('id', '=', order.contractId)
      .executeTakeFirst();
    if (!contract?.order_id) throw new Error(`no demo contract ${order.contractId} with an order`);
    await db.updateTable('contracts').set({ sim_iccid: order.iccid }).where('id', '=', order.contractId).execute();
    await insertSimOrder(db, {
      uuid: order.uuid,
      contractId: order.contractId,
      orderRef: contract.order_id,
      createdAt: contract.created_at,
      identificationStatus: contract.identification_status,
      simSentAt: contract.sim_sent_date === null ? null : `${contract.sim_sent_date}T09:00:00.000Z`,
      returned: false,
    });
  }

  for (const sale of SIM_SALES) {
    const created = daysAgo(sale.ageDays);
    await insertSimSale(db, {
      customerId: sale.customerId,
      customerGuid: rng.uuid(),
      contactGuid: rng.uuid(),
      mobileId: `MT${String(sale.customerId).padStart(8, '0')}`,
      firstName: sale.firstName,
      lastName: sale.lastName,
      birthDate: sale.birthDate,
      email: `${sale.firstName}.${sale.lastName}@example.be`.toLowerCase(),
      language: sale.language,
      address: sale.address,
      contractId: sale.contractId,
      msisdn: sale.order.msisdn,
      iccid: sale.order.iccid,
      productId: DEMO_IDS.products.mobileS,
      billCycleId: DEMO_IDS.billCycles.day1,
      status: 'IN_DELIVERY',
      subStatus: sale.state === 'returned' ? 'SIM_DELIVERY_FAILED' : 'SIM_SENT',
      identificationStatus: sale.state === 'identification' ? 'NEED_IDENTIFICATION' : 'OK',
      orderRef: sale.order.orderRef,
      uuid: sale.order.uuid,
      codeHash: hashes.activationCodeOf(sale.order.orderRef),
      codeExpiresAt: expiresAt,
      createdAt: iso(created),
      simSentAt: iso(daysAgo(sale.simSentAgeDays)),
    });
    if (sale.state === 'failedPortIn') {
      // The transfer asked for two days ago, refused by the other operator an hour later.
      const order = await findSimOrderByContract(db, sale.contractId);
      if (!order) throw new Error(`no SIM order for ${sale.contractId}`);
      const requested = new Date(daysAgo(FAILED_PORT_IN.ageDays));
      await requestPortIn(
        db,
        order,
        { msisdn: FAILED_PORT_IN.msisdn, type: 'postpaid', otherAccountNumber: FAILED_PORT_IN.accountNumber, otherIccid: null },
        requested,
      );
      const requestedOrder = await findSimOrderByContract(db, sale.contractId);
      if (!requestedOrder) throw new Error(`no SIM order for ${sale.contractId}`);
      await portInAnswered(db, requestedOrder, 'dataMismatch', iso(requested.getTime() + 3_600_000));
      await setNextStep(db, order.id, null);
    }
  }

  for (const line of DONOR_LINES) {
    await insertDonorLine(db, {
      msisdn: line.msisdn,
      operator: line.operator,
      type: line.type,
      account_number: line.accountNumber,
      iccid: line.iccid,
    });
  }
};
