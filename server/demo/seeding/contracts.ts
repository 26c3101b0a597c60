import { idCardNumber, luhnCheckDigit, nationalNumber } from '#contract/check-digits';
import { DAY_MS, iso, isoDate } from '../data/calendar.ts';
import { CONTRACT_OPTIONS, CONTRACTS, FORMER_PRODUCTS } from '../data/contracts.ts';
import { PEOPLE } from '../data/customers.ts';
import type { Prng } from '../prng.ts';
import { insertAlertGrid } from '../../lib/alert-data.ts';
import { addressColumns, insertContract, insertContractProduct } from '../../lib/customer-data.ts';
import type { SeedContext } from './context.ts';

/** 19-digit Belgian ICCID (89 telecom, 32 Belgium) with its Luhn digit. */
const iccid = (rng: Prng): string => {
  const payload = `8932${rng.digits(14)}`;
  return payload + luhnCheckDigit(payload);
};

/**
 * The lines (demo/contracts.ts): contract rows with their holder's address and identity numbers, the base
 * product, settings with a random PIN and PUK, the alert grid, former products and options.
 */
export const seedContracts = async ({ db, rng, daysAgo }: SeedContext): Promise<void> => {
  const insertProduct = (contractId: number, productId: number, isBase: number, active: number, billCycleId: number) =>
    insertContractProduct(db, { contract_id: contractId, product_id: productId, is_base: isBase, active, bill_cycle_id: billCycleId });

  const peopleById = new Map(PEOPLE.map((person) => [person.customerId, person]));
  for (const contract of CONTRACTS) {
    const person = peopleById.get(contract.customerId);
    if (!person) throw new Error(`contract ${contract.id} has no customer`);
    const created = daysAgo(contract.ageDays);
    const activated = contract.status === 'ACTIVATED';
    const portIn = contract.scenario === 'port_in';
    // Property order is the order of the random draws: keep it.
    await insertContract(db, {
      id: contract.id,
      customer_id: contract.customerId,
      contract_ref: `C-${String(contract.id).padStart(6, '0')}`,
      order_id: contract.orderRef,
      scenario: contract.scenario,
      type: contract.type,
      msisdn: `047000000${contract.id}`,
      status: contract.status,
      sub_status: contract.subStatus,
      id_card_number: idCardNumber(`59${rng.digits(8)}`),
      national_register_number: nationalNumber(contract.holderBirthDate, contract.holderOrder),
      sim_iccid: iccid(rng),
      other_iccid: portIn ? iccid(rng) : null,
      sim_sent_date: isoDate(activated ? created + 2 * DAY_MS : daysAgo(3)),
      ...addressColumns(person.address),
      dunning_level_reached: contract.dunning ? 1 : 0,
      fraudulent_behaviour: contract.fraudulent ? 1 : 0,
      lead: activated ? 'web' : 'webshop',
      linked_user_id: contract.linkedUserId,
      identification_status: contract.identification,
      port_in_status: portIn ? 'PORT_IN_EXECUTED' : null,
      fraud_status: contract.fraud,
      created_at: iso(created),
      updated_at: iso(activated ? daysAgo(rng.int(1, 30)) : daysAgo(3)),
      activated_at: activated ? iso(created + 3 * DAY_MS) : null,
      port_in_type: portIn ? 'postpaid' : null,
      other_account_number: portIn ? `32${rng.digits(8)}` : null,
      partner_code: contract.type === 'post_complex' ? 'PRO-BE' : null,
      bill_cycle_id: contract.billCycleId,
      product_id: contract.productId,
    });
    await insertProduct(contract.id, contract.productId, 1, 1, contract.billCycleId);

    const settings = contract.settings;
    await db
      .insertInto('contract_settings')
      .values({
        contract_id: contract.id,
        premium_barring: settings.premiumBarring,
        international_barring: settings.internationalBarring ? 1 : 0,
        roaming_type: settings.roaming,
        throttling: settings.throttling,
        pin: rng.digits(4),
        puk: rng.digits(8),
      })
      .execute();

    await insertAlertGrid(db, contract.customerId, contract.id);
  }
  for (const former of FORMER_PRODUCTS) await insertProduct(former.contractId, former.productId, 1, 0, former.billCycleId);

  for (const [contractId, optionId, count] of CONTRACT_OPTIONS) {
    await db.insertInto('contract_options').values({ contract_id: contractId, option_id: optionId, count }).execute();
    const billCycleId = CONTRACTS.find((c) => c.id === contractId)?.billCycleId;
    if (billCycleId === undefined) throw new Error(`option on unknown contract ${contractId}`);
    await insertProduct(contractId, optionId, 0, 1, billCycleId);
  }
};
