import { localDate } from '#contract/calendar';
import { invoicingPatchSchema, invoicingSchema, type InvoicingPatch } from '#contract/customer';
import { normalizeBic, normalizeIban } from '#contract/validators';
import { pullCustomer } from '#data/customer-pull';
import { db } from '#db/db';
import type { InvoicingRow } from '#db/schema';
import { defineMutation, enqueue, type MutationPayload } from '#sync/outbox';

/*
 * The payment details change (PATCH /customer/{id}/invoicing), a queued mutation like the contact change: written
 * locally at once, sent now or when back online, applied once by the server (Idempotency-Key), conditional on the
 * version it was based on (412 when it changed meanwhile), rolled back with the server's message if refused.
 * The outbox finds this declaration by its file name (`invoicing` → rows of type 'invoicing').
 */

/** The queue's entity of a customer's payment details: its changes are sent one after the other. */
export const invoicingEntity = (customerId: number): string => `invoicing:${customerId}`;

const customerIdOf = (payload: MutationPayload): number => Number(payload.params.customerId);

/** Today on the service's calendar (Europe/Brussels, as the server dates it), 'YYYY-MM-DD': the day a mandate is signed. */
const localToday = (): string => localDate(Date.now());

/**
 * The stored row with a change applied, as the server will write it: the parts sent replace the stored ones; a
 * direct debit signed now (a switch, another account) is dated today; bank transfer keeps the account (refunds)
 * and ends the mandate.
 */
export const applyInvoicingPatch = (row: InvoicingRow, body: InvoicingPatch, today: string = localToday()): InvoicingRow => {
  const payment = body.payment;
  let next: InvoicingRow = { ...row };
  if (body.address) {
    const a = body.address;
    next = { ...next, address: { street: a.street, number: a.number, box: a.box || null, city: a.city, zipCode: a.zipCode, country: a.country } };
  }
  if (body.holder) next = { ...next, holder: { ...body.holder } };
  if (payment) {
    const iban = payment.iban ?? (payment.mode === 'BT' ? row.payment.iban : null);
    const bic = payment.bic ?? (payment.mode === 'BT' && payment.iban === undefined ? row.payment.bic : null);
    const signsMandate = payment.mode === 'DD' && (row.payment.mode !== 'DD' || iban !== row.payment.iban || bic !== row.payment.bic);
    const mandateDate = payment.mode === 'BT' ? null : signsMandate ? today : row.payment.mandateDate;
    next = { ...next, payment: { mode: payment.mode, iban, bic, mandateDate } };
  }
  return next;
};

export const mutation = defineMutation({
  type: 'invoicing',
  label: 'invoices:payment.pendingLabel',
  endpoint: 'patchInvoicing',
  tables: () => [db.invoicing],
  apply: async (payload) => {
    const previous = await db.invoicing.get(customerIdOf(payload));
    // The body is the schema's parsed form (checkPaymentForm): parsing again only types it.
    const parsed = invoicingPatchSchema.safeParse(payload.body);
    if (previous && parsed.success) await db.invoicing.put(applyInvoicingPatch(previous, parsed.data));
    return previous ?? null;
  },
  rollback: async (payload, previous) => {
    if (previous) await db.invoicing.put(previous as InvoicingRow);
    else await db.invoicing.delete(customerIdOf(payload));
  },
  settle: async (payload, answer) => {
    const parsed = invoicingSchema.safeParse(answer);
    if (!parsed.success) return;
    // Results may arrive out of order (worker replay and page send): never go back to an older version.
    const current = await db.invoicing.get(customerIdOf(payload));
    if (current && current.lastUpdate > parsed.data.lastUpdate) return;
    await db.invoicing.put({ ...parsed.data, customerId: customerIdOf(payload) });
  },
  advanceVersion: async (payload, version) => {
    await db.invoicing.update(customerIdOf(payload), { lastUpdate: version });
  },
  refresh: async (payload) => {
    await pullCustomer(customerIdOf(payload), { force: true });
  },
  // A retried change is the user's decision to apply it over the current server version.
  rebase: async (payload) => {
    const current = await db.invoicing.get(customerIdOf(payload));
    return { ...payload, body: { ...payload.body, ...(current ? { lastUpdate: current.lastUpdate } : {}) } };
  },
});

/** The payment form's values, as strings and a checkbox (what the inputs hold). */
export type PaymentFormValues = {
  mode: 'DD' | 'BT';
  iban: string;
  bic: string;
  agreement: boolean;
  holderFirstName: string;
  holderLastName: string;
  holderEmail: string;
  street: string;
  number: string;
  box: string;
  zipCode: string;
  city: string;
  country: string;
};

export type PaymentField = keyof PaymentFormValues;

export const paymentFormValues = (row: InvoicingRow): PaymentFormValues => ({
  mode: row.payment.mode,
  iban: row.payment.iban ?? '',
  bic: row.payment.bic ?? '',
  agreement: false,
  holderFirstName: row.holder.firstName,
  holderLastName: row.holder.lastName,
  holderEmail: row.holder.email ?? '',
  street: row.address.street,
  number: row.address.number,
  box: row.address.box ?? '',
  zipCode: row.address.zipCode,
  city: row.address.city,
  country: row.address.country,
});

type PaymentChoice = Pick<PaymentFormValues, 'mode' | 'iban' | 'bic'>;

const samePayment = (row: InvoicingRow, values: PaymentChoice): boolean =>
  values.mode === row.payment.mode &&
  normalizeIban(values.iban) === (row.payment.iban ?? '') &&
  normalizeBic(values.bic) === (row.payment.bic ?? '');

/** Switching to direct debit, or another account for it: the mandate is signed (again), its agreement needed. */
export const signsMandate = (row: InvoicingRow, values: PaymentChoice): boolean => values.mode === 'DD' && !samePayment(row, values);

const ADDRESS_FIELDS: PaymentField[] = ['street', 'number', 'box', 'zipCode', 'city', 'country'];
const HOLDER_FIELDS: PaymentField[] = ['holderFirstName', 'holderLastName', 'holderEmail'];

/** Where a field of the request body is in the form. */
const formFieldOf: Record<string, PaymentField> = {
  'payment.mode': 'mode',
  'payment.iban': 'iban',
  'payment.bic': 'bic',
  'payment.agreement': 'agreement',
  'holder.firstName': 'holderFirstName',
  'holder.lastName': 'holderLastName',
  'holder.email': 'holderEmail',
  'address.street': 'street',
  'address.number': 'number',
  'address.box': 'box',
  'address.zipCode': 'zipCode',
  'address.city': 'city',
  'address.country': 'country',
};

export type PaymentFormCheck = {
  /** Field → translation key of the `validation` namespace. */
  errors: Partial<Record<PaymentField, string>>;
  /** The request for what changed (each part whole), as the server will read it; null when nothing changed. */
  body: InvoicingPatch | null;
};

/**
 * The payment form checked with the contract's schema of the request, the one the server applies
 * (docs/product/validation.md "IBAN and BIC", "Addresses"): the address and the holder always, the payment when it
 * changes (stored details are valid), the mandate agreement when the mandate is signed now. The body carries only the
 * parts that changed, with the version the edit was based on.
 */
export const checkPaymentForm = (row: InvoicingRow, values: PaymentFormValues): PaymentFormCheck => {
  const before = paymentFormValues(row);
  const text = (field: PaymentField) => String(values[field]).trim();
  const changed = (fields: PaymentField[]) => fields.some((field) => text(field) !== String(before[field]).trim());
  const paymentChanged = !samePayment(row, values);
  const draft = {
    address: { street: text('street'), number: text('number'), box: text('box') === '' ? null : text('box'), zipCode: text('zipCode'), city: text('city'), country: text('country') },
    holder: { firstName: text('holderFirstName'), lastName: text('holderLastName'), email: text('holderEmail') },
    ...(paymentChanged
      ? {
          payment: {
            mode: values.mode,
            ...(text('iban') === '' ? {} : { iban: text('iban') }),
            ...(text('bic') === '' ? {} : { bic: text('bic') }),
            ...(values.mode === 'DD' ? { agreement: values.agreement } : {}),
          },
        }
      : {}),
  };
  const result = invoicingPatchSchema.safeParse(draft);
  if (!result.success) {
    const errors: PaymentFormCheck['errors'] = {};
    for (const issue of result.error.issues) {
      const field = formFieldOf[issue.path.join('.')];
      if (field && errors[field] === undefined) errors[field] = issue.message.startsWith('validation:') ? issue.message : 'validation:invalid';
    }
    return { errors, body: null };
  }
  const { address, holder, payment } = result.data;
  const body: InvoicingPatch = {
    ...(changed(ADDRESS_FIELDS) ? { address } : {}),
    ...(changed(HOLDER_FIELDS) ? { holder } : {}),
    ...(paymentChanged ? { payment } : {}),
  };
  return { errors: {}, body: Object.keys(body).length === 0 ? null : { ...body, lastUpdate: row.lastUpdate } };
};

/**
 * Save the payment details: a queued change (optimistic in Dexie, Idempotency-Key, replayed until the server
 * answers). Offline: saved locally and shown as pending; sent when back online. Returns false when nothing changed.
 */
export const savePaymentDetails = async (customerId: number, row: InvoicingRow, values: PaymentFormValues): Promise<boolean> => {
  const { body } = checkPaymentForm(row, values);
  if (!body) return false;
  await enqueue(mutation, { entity: invoicingEntity(customerId), params: { customerId }, body });
  return true;
};
