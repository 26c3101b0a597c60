/*
 * Who runs the product, as customers read it (docs/product/operations.md "Configuration"): the product's one name
 * (the same in every language: it is a name, not a phrase to translate), the operator's legal name (the footer, the
 * invoices, the payment details) and the one customer-service number (help, every "call us", e-mails).
 *
 * One source for the app and the server: the server reads PRODUCT_NAME, CREDITOR_NAME and CUSTOMER_SERVICE_PHONE
 * at start (server/config.ts), the app build reads the same variables (vite.config.ts hands them to the app as
 * VITE_* values). Zod-free: the login route and the service worker may read it.
 */

import { formatBelgianPhone } from './phone.ts';

export type OperatorDetails = {
  /** The product's name: manifest, page titles, header, e-mails. */
  productName: string;
  /** The operator's legal name: footer, invoices, payment details. */
  legalName: string;
  /** Customer service, national digits (`080012345`). */
  serviceNumber: string;
};

export const defaultOperator: OperatorDetails = {
  productName: 'MyMega',
  legalName: 'Mega Mobile SA',
  serviceNumber: '080012345',
};

/** A Belgian number in national digits: a customer dials it from the app, it must be one (0 and 8 or 9 digits). */
export const serviceNumberPattern = /^0\d{8,9}$/;

/** The signature under every e-mail: the product and where to call, in no language (names and a number). */
export const mailSignature = (operator: OperatorDetails): string =>
  `\n\n— ${operator.productName} · ${formatBelgianPhone(operator.serviceNumber)}`;

/**
 * The operator's details from the environment (PRODUCT_NAME, CREDITOR_NAME, CUSTOMER_SERVICE_PHONE), for the app's
 * build: the server validates the same variables with its configuration schema (server/config.ts) and refuses to
 * start on a bad value; the build refuses to build on one.
 * @internal Used by the build (vite.config.ts), which is not production code to knip.
 */
export const operatorFromEnv = (env: Readonly<Record<string, string | undefined>>): OperatorDetails => {
  const pick = (value: string | undefined, fallback: string) => (value && value.trim() !== '' ? value.trim() : fallback);
  const serviceNumber = pick(env.CUSTOMER_SERVICE_PHONE, defaultOperator.serviceNumber).replace(/[\s./-]/g, '');
  if (!serviceNumberPattern.test(serviceNumber)) {
    throw new Error(`CUSTOMER_SERVICE_PHONE=${JSON.stringify(env.CUSTOMER_SERVICE_PHONE)}: expected a Belgian number in its national form`);
  }
  return {
    productName: pick(env.PRODUCT_NAME, defaultOperator.productName),
    legalName: pick(env.CREDITOR_NAME, defaultOperator.legalName),
    serviceNumber,
  };
};

/**
 * Texts kept on the server (the FAQ) name customer service as `{{serviceNumber}}` and the product as
 * `{{productName}}`, like the app's translations: filled with the configured values when served, so no text in the
 * database holds a number that the configuration could change.
 */
export const fillOperatorDetails = (text: string, operator: OperatorDetails): string =>
  text.replaceAll('{{serviceNumber}}', formatBelgianPhone(operator.serviceNumber)).replaceAll('{{productName}}', operator.productName);
