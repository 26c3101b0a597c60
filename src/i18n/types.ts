import type common from '../../locales/fr/common.json';
import type customer from '../../locales/fr/customer.json';
import type errors from '../../locales/fr/errors.json';
import type nav from '../../locales/fr/nav.json';
import type validation from '../../locales/fr/validation.json';
import type { Features, Merged } from '#lib/feature-declaration';

/**
 * The namespaces no feature owns: the start-up's (`common`), the main layout's (`nav`), what the signed-in screens
 * share (`customer`: a line's status, pay now, the pending changes), and the messages of wrong input and failed calls
 * every form and call speaks with (`validation`, `errors`). Each feature declares its own in its `feature.ts`.
 */
type SharedTexts = {
  common: typeof common;
  customer: typeof customer;
  errors: typeof errors;
  nav: typeof nav;
  validation: typeof validation;
};

/** Translation keys typed from the default language: a key that fr lacks does not compile. */
export type Resources = SharedTexts & Merged<Features[keyof Features] extends { texts: infer T } ? T : never>;

/** A text namespace: a file `locales/<lang>/<namespace>.json` in each language. */
export type Namespace = Extract<keyof Resources, string>;

declare module 'i18next' {
  // i18next's type extension point is an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
