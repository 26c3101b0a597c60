import type activation from '../../locales/fr/activation.json';
import type auth from '../../locales/fr/auth.json';
import type common from '../../locales/fr/common.json';
import type consent from '../../locales/fr/consent.json';
import type consumption from '../../locales/fr/consumption.json';
import type customer from '../../locales/fr/customer.json';
import type errors from '../../locales/fr/errors.json';
import type home from '../../locales/fr/home.json';
import type invoices from '../../locales/fr/invoices.json';
import type login from '../../locales/fr/login.json';
import type nav from '../../locales/fr/nav.json';
import type offers from '../../locales/fr/offers.json';
import type orders from '../../locales/fr/orders.json';
import type settings from '../../locales/fr/settings.json';
import type subscription from '../../locales/fr/subscription.json';
import type support from '../../locales/fr/support.json';
import type system from '../../locales/fr/system.json';
import type validation from '../../locales/fr/validation.json';

/** Translation keys typed from the default language: a key that fr lacks does not compile. */
export type Resources = {
  activation: typeof activation;
  auth: typeof auth;
  common: typeof common;
  consent: typeof consent;
  consumption: typeof consumption;
  customer: typeof customer;
  errors: typeof errors;
  home: typeof home;
  invoices: typeof invoices;
  login: typeof login;
  nav: typeof nav;
  offers: typeof offers;
  orders: typeof orders;
  settings: typeof settings;
  subscription: typeof subscription;
  support: typeof support;
  system: typeof system;
  validation: typeof validation;
};

declare module 'i18next' {
  // i18next's type extension point is an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
