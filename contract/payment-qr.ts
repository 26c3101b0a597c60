import { structuredCommunicationDigits } from './structured-communication.ts';

/*
 * The payload of the European Payments Council's QR code for a SEPA credit transfer (EPC069-12, "Quick Response
 * Code: Guidelines to Enable Data Capture for the Initiation of a SEPA Credit Transfer", version 002), which
 * Belgian banking apps scan to fill in a transfer. One element per line, in this order:
 *
 *   1 service tag BCD · 2 version 002 · 3 character set 1 (UTF-8) · 4 identification SCT · 5 BIC of the
 *   beneficiary's bank (8 or 11 characters; optional in 002 inside the EEA, always given here) · 6 beneficiary
 *   name (≤ 70) · 7 IBAN (≤ 34) · 8 amount "EUR" + 0.01 to 999999999.99 with a decimal point · 9 purpose code
 *   (≤ 4) · 10 structured remittance reference (≤ 35) · 11 unstructured remittance text (≤ 140) · 12 beneficiary
 *   to originator information (≤ 70).
 *
 * Elements 10 and 11 exclude each other. Lines end with LF; the last element given is not followed by a
 * separator (empty trailing elements are left out); the whole payload is at most 331 bytes. The code itself is
 * drawn with error correction level M.
 *
 * A Belgian structured communication is a structured reference (element 10): its 12 digits, as a Belgian bank
 * files it (the "BBA" creditor reference of a SEPA transfer), not the +++…+++ display form.
 *
 * Pure and dependency-free: the bills screen (QR on screen) and the server (QR in the invoice PDF) build the
 * same payload from the same data.
 */

export const EPC_SERVICE_TAG = 'BCD';
export const EPC_VERSION = '002';
/** Character set 1: UTF-8. */
export const EPC_CHARSET = '1';
export const EPC_IDENTIFICATION = 'SCT';
export const EPC_MAX_BYTES = 331;
/** The error correction level the guidelines require. */
export const EPC_ERROR_CORRECTION = 'M';
export const EPC_MIN_CENTS = 1;
export const EPC_MAX_CENTS = 99_999_999_999;

export type CreditTransfer = {
  bic: string;
  name: string;
  iban: string;
  /** Euro cents; null leaves the amount for the payer to fill in. */
  amountCents: number | null;
  purpose?: string;
  /** Structured remittance reference (element 10). */
  reference?: string;
  /** Unstructured remittance text (element 11). */
  text?: string;
  information?: string;
};

export type EpcField = keyof CreditTransfer | 'remittance' | 'size';

/** A transfer that cannot be encoded; `field` names the element at fault. */
export class EpcError extends Error {
  readonly field: EpcField;
  constructor(field: EpcField, message: string) {
    super(message);
    this.name = 'EpcError';
    this.field = field;
  }
}

/** 1234 → "EUR12.34": integer arithmetic, so no floating-point rounding ever shows up in a payment. */
export const epcAmount = (cents: number): string => {
  if (!Number.isInteger(cents) || cents < EPC_MIN_CENTS || cents > EPC_MAX_CENTS) {
    throw new EpcError('amountCents', `amount must be between ${EPC_MIN_CENTS} and ${EPC_MAX_CENTS} cents`);
  }
  return `EUR${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
};

const compactUpper = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

const text = (field: EpcField, value: string | undefined, max: number): string => {
  const trimmed = (value ?? '').trim();
  if (/[\r\n]/.test(trimmed)) throw new EpcError(field, `${field} must be on one line`);
  if (trimmed.length > max) throw new EpcError(field, `${field} is longer than ${max} characters`);
  return trimmed;
};

const byteLength = (value: string): number => new TextEncoder().encode(value).length;

/** The QR code's text for a credit transfer; throws EpcError naming the element that breaks a rule. */
export const epcPayload = (transfer: CreditTransfer): string => {
  const bic = compactUpper(transfer.bic);
  if (!/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) throw new EpcError('bic', 'BIC must have 8 or 11 characters');
  const name = text('name', transfer.name, 70);
  if (name === '') throw new EpcError('name', 'the beneficiary name is required');
  const iban = compactUpper(transfer.iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) throw new EpcError('iban', 'IBAN is not well formed');
  const amount = transfer.amountCents === null ? '' : epcAmount(transfer.amountCents);
  const purpose = text('purpose', transfer.purpose, 4);
  if (purpose !== '' && !/^[A-Z0-9]{1,4}$/.test(purpose)) throw new EpcError('purpose', 'purpose is a code of up to 4 letters or digits');
  const reference = text('reference', transfer.reference, 35);
  const remittance = text('text', transfer.text, 140);
  if (reference !== '' && remittance !== '') throw new EpcError('remittance', 'a structured reference and a text exclude each other');
  const information = text('information', transfer.information, 70);

  const elements = [
    EPC_SERVICE_TAG,
    EPC_VERSION,
    EPC_CHARSET,
    EPC_IDENTIFICATION,
    bic,
    name,
    iban,
    amount,
    purpose,
    reference,
    remittance,
    information,
  ];
  while (elements.at(-1) === '') elements.pop();
  const payload = elements.join('\n');
  if (byteLength(payload) > EPC_MAX_BYTES) throw new EpcError('size', `the payload is longer than ${EPC_MAX_BYTES} bytes`);
  return payload;
};

/**
 * The elements of a version 002 payload, or null when it is not one (tests, and reading a code back).
 * @internal Exported for its tests (knip --production).
 */
export const parseEpcPayload = (payload: string): CreditTransfer | null => {
  const lines = payload.split(/\r?\n/);
  const [tag, version, charset, identification, bic = '', name = '', iban = '', amount = '', purpose, reference, remittance, information] =
    lines;
  if (tag !== EPC_SERVICE_TAG || version !== EPC_VERSION || charset !== EPC_CHARSET || identification !== EPC_IDENTIFICATION) return null;
  if (lines.length > 12) return null;
  const money = /^EUR(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount);
  if (amount !== '' && !money) return null;
  const amountCents = money ? Number(money[1]) * 100 + Number((money[2] ?? '').padEnd(2, '0')) : null;
  return {
    bic,
    name,
    iban,
    amountCents,
    ...(purpose ? { purpose } : {}),
    ...(reference ? { reference } : {}),
    ...(remittance ? { text: remittance } : {}),
    ...(information ? { information } : {}),
  };
};

export type Creditor = { name: string; iban: string; bic: string };

/**
 * What to scan to pay `amountCents` to the creditor with a Belgian structured communication (any accepted
 * form): the communication goes as its 12 digits in the structured reference. Throws EpcError('reference') for
 * a communication whose check digits do not hold.
 */
export const belgianTransferPayload = (creditor: Creditor, amountCents: number, communication: string): string => {
  const digits = structuredCommunicationDigits(communication);
  if (digits === null) throw new EpcError('reference', 'not a valid Belgian structured communication');
  return epcPayload({ bic: creditor.bic, name: creditor.name, iban: creditor.iban, amountCents, reference: digits });
};
