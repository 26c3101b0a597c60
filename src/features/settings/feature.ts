import { chunk, type FeatureBudgets, type FeatureDeclaration, type Routes } from '#lib/feature-declaration';
import type consent from '../../../locales/fr/consent.json';
import type settings from '../../../locales/fr/settings.json';

/* The profile and its sections (docs/product/settings.md "The profile screen"), and the cookie consent's texts. */

// The profile's cookie section reads the consent texts.
const screens = chunk(() => import('./components/settings-screens.tsx'), ['settings', 'consent']);

const routes = {
  // The profile's account page; the auth feature adds the password change under it.
  accountMain: { path: '/account/main', screen: screens.screen('AccountPage') },
  settingsMain: { path: '/settings/main', screen: screens.screen('SettingsPage') },
  settingsAlerts: { path: '/settings/alerts', screen: screens.screen('AlertsPage') },
  settingsContact: { path: '/settings/contact', screen: screens.screen('ContactPage') },
  // The profile's sections, each on its own page (the profile itself stays one short page).
  settingsLimits: { path: '/settings/limits', screen: screens.screen('LimitsPage') },
  settingsNetwork: { path: '/settings/network', screen: screens.screen('NetworkPage') },
  settingsCodes: { path: '/settings/sim-codes', screen: screens.screen('SimCodesPage') },
  settingsPrivacy: { path: '/settings/privacy', screen: screens.screen('PrivacyPage') },
} as const satisfies Routes;

export const feature: FeatureDeclaration = {
  routes,
};

export const budgets: FeatureBudgets = {
  // With the consent dialog (1.1 KB) the settings open from the consent banner. 32 since the settings are rows with
  // icons, roaming and premium blocking are switches and each limit has presets and a spend bar (issue 43 point 4).
  'components/settings-screens.tsx': { customer: 32 },
};

declare module '#lib/feature-declaration' {
  interface Features {
    // `consent`: the cookie consent's texts alone: a first visitor's consent prompt loads them, not the whole settings.
    settings: { routes: typeof routes; texts: { settings: typeof settings; consent: typeof consent } };
  }
}
