import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';

/*
 * The travel guide (/travel/main): before a trip, whether the line works in a country with its roaming zone, how that
 * use is billed, and which zone would cover it (contract/roaming-zones.ts; docs/product/settings.md "Roaming zone").
 * Sophie, in French, reaches it from her line's roaming zone; her zone is read from the API, as the screen reads it.
 */

const SOPHIE = { customerId: 1, contractId: 1 };

const zoneLabels = {
  WORLD_COVERAGE: 'Monde entier',
  EU_INCLUDE_SWISS: 'Union européenne et Suisse',
  EU_WITHOUT_SWISS: 'Union européenne uniquement',
  CALLS_SMS_ONLY: 'Appels et SMS uniquement',
  COVERAGE_NONE: 'Aucun roaming',
} as const;

const worksFully = 'Votre ligne y fonctionne : appels, SMS et internet mobile.';
const doesNotWork = 'Votre ligne n’y fonctionne pas avec sa zone de roaming actuelle.';
const asAtHome = /^Vos appels, SMS et données y comptent dans votre forfait, comme en Belgique\./;
const outOfBundle = /^Vos appels, SMS et données y sont facturés hors forfait, aux tarifs de votre abonnement/;

test('Sophie checks where her line works abroad and what it costs there, and is led to a wider zone (fr)', async ({ page }) => {
  await signIn(page, 'sophie', { path: '/settings/network' });
  await page.getByRole('link', { name: 'Quels pays couvre chaque zone ? Le guide du voyage' }).click();
  await expect(page).toHaveURL(/\/travel\/main$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Voyager à l’étranger' })).toBeVisible();

  const response = await page.request.get(`/api/customer/${SOPHIE.customerId}/contract/${SOPHIE.contractId}/settings`);
  expect(response.ok()).toBe(true);
  const zone = ((await response.json()) as { settings: { roamingType: keyof typeof zoneLabels } }).settings.roamingType;
  // The demo's lines roam in the EU and Switzerland, or worldwide.
  expect(['EU_INCLUDE_SWISS', 'WORLD_COVERAGE']).toContain(zone);
  await expect(page.getByText(`Zone de roaming : « ${zoneLabels[zone]} »`)).toBeVisible();

  const destination = page.getByRole('combobox', { name: 'Destination' });
  await destination.selectOption({ label: 'Italie' });
  const italy = page.getByRole('region', { name: 'Italie' });
  await expect(italy.getByText('Dans la zone Union européenne du roaming.')).toBeVisible();
  await expect(italy.getByText(worksFully)).toBeVisible();
  await expect(italy.getByText(asAtHome)).toBeVisible();

  await destination.selectOption({ label: 'Suisse' });
  const switzerland = page.getByRole('region', { name: 'Suisse' });
  await expect(switzerland.getByText(worksFully)).toBeVisible();
  await expect(switzerland.getByText(outOfBundle)).toBeVisible();

  await destination.selectOption({ label: 'États-Unis' });
  const unitedStates = page.getByRole('region', { name: 'États-Unis' });
  await expect(unitedStates.getByText('Hors de l’Union européenne.', { exact: true })).toBeVisible();
  await expect(unitedStates.getByText(outOfBundle)).toBeVisible();
  if (zone === 'WORLD_COVERAGE') {
    await expect(unitedStates.getByText(worksFully)).toBeVisible();
    return;
  }
  await expect(unitedStates.getByText(doesNotWork)).toBeVisible();
  await expect(unitedStates.getByText(/^Pour tout y utiliser, il faut la zone « Monde entier »\./)).toBeVisible();
  await unitedStates.getByRole('link', { name: 'Changer la zone de roaming' }).click();
  await expect(page).toHaveURL(/\/settings\/network$/);
  await expect(page.getByRole('group', { name: 'Zone de roaming' })).toBeVisible();
});
