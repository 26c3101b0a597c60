import { defaultOperator, type OperatorDetails } from '#contract/operator';
import { formatBelgianPhone, phoneHref } from '#contract/phone';

/*
 * The operator's details in the app (contract/operator.ts): set at build time from the same variables the server
 * reads (vite.config.ts), so the header, the titles, the footer, the help and every "call us" name one product and
 * one number. Pure strings: the login route may read it.
 */
export const operator: OperatorDetails = {
  productName: import.meta.env.VITE_PRODUCT_NAME ?? defaultOperator.productName,
  legalName: import.meta.env.VITE_OPERATOR_LEGAL_NAME ?? defaultOperator.legalName,
  serviceNumber: import.meta.env.VITE_CUSTOMER_SERVICE_PHONE ?? defaultOperator.serviceNumber,
};

/**
 * The values every translation may name without being handed them (i18next's `defaultVariables`):
 * `{{productName}}`, `{{legalName}}`, `{{serviceNumber}}` ("0800 12 345") and `{{serviceHref}}` (its tel: link).
 */
export const operatorVariables = {
  productName: operator.productName,
  legalName: operator.legalName,
  serviceNumber: formatBelgianPhone(operator.serviceNumber),
  serviceHref: phoneHref(operator.serviceNumber),
} as const;
