import { idCardNumber, luhnCheckDigit, nationalNumber } from '#contract/check-digits';
import { DAY_MS, iso, isoDate } from '../demo/calendar.ts';
import {
  CONTRACT_OPTIONS,
  CONTRACTS,
  FORMER_PRODUCTS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  notificationActive,
} from '../demo/contracts.ts';
import { PEOPLE } from '../demo/customers.ts';
import type { Prng } from '../prng.ts';
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
export const seedContracts = ({ db, rng, daysAgo }: SeedContext): void => {
  const insertContract = db.prepare(`INSERT INTO contracts (id, customer_id, contract_ref, order_id, scenario, type, msisdn,
    status, sub_status, id_card_number, national_register_number, sim_iccid, other_iccid, sim_sent_date, street, number,
    box, city, zip_code, country, dunning_level_reached, fraudulent_behaviour, lead, linked_user_id,
    identification_status, port_in_status, fraud_status, created_at, updated_at, activated_at, port_in_type,
    other_account_number, partner_code, bill_cycle_id, product_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertContractProduct = db.prepare(
    'INSERT INTO contract_products (contract_id, product_id, is_base, active, bill_cycle_id) VALUES (?, ?, ?, ?, ?)',
  );
  const insertSetting = db.prepare(`INSERT INTO contract_settings (contract_id, premium_barring, international_barring,
    roaming_type, throttling, pin, puk) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const insertNotification = db.prepare(
    'INSERT INTO notification_settings (customer_id, contract_id, type, channel, active) VALUES (?, ?, ?, ?, ?)',
  );

  const peopleById = new Map(PEOPLE.map((person) => [person.customerId, person]));
  for (const contract of CONTRACTS) {
    const person = peopleById.get(contract.customerId);
    if (!person) throw new Error(`contract ${contract.id} has no customer`);
    const a = person.address;
    const created = daysAgo(contract.ageDays);
    const activated = contract.status === 'ACTIVATED';
    const portIn = contract.scenario === 'port_in';
    insertContract.run(
      contract.id,
      contract.customerId,
      `C-${String(contract.id).padStart(6, '0')}`,
      contract.orderRef,
      contract.scenario,
      contract.type,
      `047000000${contract.id}`,
      contract.status,
      contract.subStatus,
      idCardNumber(`59${rng.digits(8)}`),
      nationalNumber(contract.holderBirthDate, contract.holderOrder),
      iccid(rng),
      portIn ? iccid(rng) : null,
      isoDate(activated ? created + 2 * DAY_MS : daysAgo(3)),
      a.street,
      a.number,
      a.box,
      a.city,
      a.zip,
      a.country,
      contract.dunning ? 1 : 0,
      contract.fraudulent ? 1 : 0,
      activated ? 'web' : 'webshop',
      contract.linkedUserId,
      contract.identification,
      portIn ? 'PORT_IN_EXECUTED' : null,
      contract.fraud,
      iso(created),
      iso(activated ? daysAgo(rng.int(1, 30)) : daysAgo(3)),
      activated ? iso(created + 3 * DAY_MS) : null,
      portIn ? 'postpaid' : null,
      portIn ? `32${rng.digits(8)}` : null,
      contract.type === 'post_complex' ? 'PRO-BE' : null,
      contract.billCycleId,
      contract.productId,
    );
    insertContractProduct.run(contract.id, contract.productId, 1, 1, contract.billCycleId);

    const settings = contract.settings;
    insertSetting.run(
      contract.id,
      settings.premiumBarring,
      settings.internationalBarring ? 1 : 0,
      settings.roaming,
      settings.throttling,
      rng.digits(4),
      rng.digits(8),
    );

    for (const type of NOTIFICATION_TYPES) {
      for (const channel of NOTIFICATION_CHANNELS) {
        insertNotification.run(contract.customerId, contract.id, type, channel, notificationActive(type, channel) ? 1 : 0);
      }
    }
  }
  for (const former of FORMER_PRODUCTS) insertContractProduct.run(former.contractId, former.productId, 1, 0, former.billCycleId);

  const insertContractOption = db.prepare('INSERT INTO contract_options (contract_id, option_id, count) VALUES (?, ?, ?)');
  for (const [contractId, optionId, count] of CONTRACT_OPTIONS) {
    insertContractOption.run(contractId, optionId, count);
    const billCycleId = CONTRACTS.find((c) => c.id === contractId)?.billCycleId;
    if (billCycleId === undefined) throw new Error(`option on unknown contract ${contractId}`);
    insertContractProduct.run(contractId, optionId, 0, 1, billCycleId);
  }
};
