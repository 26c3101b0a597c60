import { formatBelgianPhone } from '#contract/phone';
import type { Language } from '#contract/common';
import type { LineResource, SafeguardType } from '#contract/line-settings';
import type { UsageType } from '#contract/usage';

/*
 * The texts of the alerts (e-mail, SMS, push) in the recipient's language, and the screen a click opens. On the
 * server, like lib/messages.ts: a message must read well outside the app, and the server never imports the app's
 * locales.
 */

export type AlertMessage =
  | { kind: 'usage'; percent: 80 | 100; usage: UsageType; msisdn: string }
  | { kind: 'oobStart'; msisdn: string }
  | { kind: 'oobThreshold'; safeguard: SafeguardType; spentCents: number; thresholdCents: number; msisdn: string }
  | { kind: 'invoice'; amountCents: number; dueDate: string }
  | { kind: 'changeApplied'; resource: LineResource; msisdn: string }
  | { kind: 'changeFailed'; resource: LineResource; msisdn: string }
  | { kind: 'test' };

export type RenderedAlert = { title: string; text: string; url: string };

const usageNames: Record<Language, Record<UsageType, string>> = {
  fr: { DATA: 'données mobiles', CALL: 'minutes d’appel', SMS: 'SMS' },
  nl: { DATA: 'mobiele data', CALL: 'belminuten', SMS: 'sms’en' },
  en: { DATA: 'mobile data', CALL: 'call minutes', SMS: 'texts' },
};

/** "Utilisé" agrees with the French name: les données, les minutes (feminine), les SMS (masculine). */
const usedFr: Record<UsageType, string> = { DATA: 'utilisées', CALL: 'utilisées', SMS: 'utilisés' };

const safeguardNames: Record<Language, Record<SafeguardType, string>> = {
  fr: { OSG: 'hors forfait', PSG: 'services premium', DSG: 'données hors forfait' },
  nl: { OSG: 'buiten de bundel', PSG: 'premiumdiensten', DSG: 'data buiten de bundel' },
  en: { OSG: 'out of bundle', PSG: 'premium services', DSG: 'out-of-bundle data' },
};

const resourceNames: Record<Language, Record<LineResource, string>> = {
  fr: {
    OSG_LIMIT: 'limite hors forfait',
    OSG_ALERT: 'alerte hors forfait',
    PSG_LIMIT: 'limite des services premium',
    PSG_ALERT: 'alerte des services premium',
    DSG_LIMIT: 'limite de données hors forfait',
    DSG_ALERT: 'alerte de données hors forfait',
    ROAMING: 'zone de roaming',
    THROTTLING: 'vitesse des données',
    PREMIUM_BARRING: 'blocage des services premium',
    INTERNATIONAL_BARRING: 'blocage des appels internationaux',
  },
  nl: {
    OSG_LIMIT: 'limiet buiten de bundel',
    OSG_ALERT: 'waarschuwing buiten de bundel',
    PSG_LIMIT: 'limiet voor premiumdiensten',
    PSG_ALERT: 'waarschuwing voor premiumdiensten',
    DSG_LIMIT: 'limiet voor data buiten de bundel',
    DSG_ALERT: 'waarschuwing voor data buiten de bundel',
    ROAMING: 'roamingzone',
    THROTTLING: 'datasnelheid',
    PREMIUM_BARRING: 'blokkering van premiumdiensten',
    INTERNATIONAL_BARRING: 'blokkering van internationale oproepen',
  },
  en: {
    OSG_LIMIT: 'out-of-bundle limit',
    OSG_ALERT: 'out-of-bundle alert',
    PSG_LIMIT: 'premium services limit',
    PSG_ALERT: 'premium services alert',
    DSG_LIMIT: 'out-of-bundle data limit',
    DSG_ALERT: 'out-of-bundle data alert',
    ROAMING: 'roaming zone',
    THROTTLING: 'data speed',
    PREMIUM_BARRING: 'premium services blocking',
    INTERNATIONAL_BARRING: 'international calls blocking',
  },
};

const locales: Record<Language, string> = { fr: 'fr-BE', nl: 'nl-BE', en: 'en-GB' };
const euros = (cents: number, lang: Language): string =>
  new Intl.NumberFormat(locales[lang], { style: 'currency', currency: 'EUR' }).format(cents / 100);
const day = (date: string, lang: Language): string =>
  new Intl.DateTimeFormat(locales[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
/** 0470000001 → 0470 00 00 01, as the app shows numbers (the one rule of contract/phone.ts). */
const phone = formatBelgianPhone;

/** The screen a click on the notification opens (paths of the app's route table). */
const urlOf = (message: AlertMessage, contractId: number | null): string => {
  const withContract = (path: string) => (contractId === null ? path : `${path}?contractId=${contractId}`);
  switch (message.kind) {
    case 'usage':
    case 'oobStart':
    case 'oobThreshold':
      return withContract(message.kind === 'usage' ? '/consumption/main' : '/consumption/overspent');
    case 'invoice':
      return '/bills/main';
    case 'changeApplied':
    case 'changeFailed':
      return withContract('/settings/main');
    case 'test':
      return '/settings/alerts';
  }
};

const texts = (m: AlertMessage, lang: Language): { title: string; text: string } => {
  switch (lang) {
    case 'fr':
      switch (m.kind) {
        case 'usage':
          return m.percent === 100
            ? {
                title: `Forfait épuisé : ${usageNames.fr[m.usage]}`,
                text: `Vous avez utilisé tout le volume de ${usageNames.fr[m.usage]} de votre forfait sur le ${phone(m.msisdn)}. La suite est facturée hors forfait.`,
              }
            : {
                title: `80 % de vos ${usageNames.fr[m.usage]} ${usedFr[m.usage]}`,
                text: `Vous avez utilisé 80 % du volume de ${usageNames.fr[m.usage]} de votre forfait sur le ${phone(m.msisdn)}.`,
              };
        case 'oobStart':
          return {
            title: 'Consommation hors forfait',
            text: `Le ${phone(m.msisdn)} consomme désormais hors forfait : ces montants s’ajoutent à votre facture.`,
          };
        case 'oobThreshold':
          return {
            title: `Alerte ${safeguardNames.fr[m.safeguard]} : ${euros(m.spentCents, 'fr')}`,
            text: `Vos dépenses ${safeguardNames.fr[m.safeguard]} sur le ${phone(m.msisdn)} atteignent ${euros(m.spentCents, 'fr')} (seuil d’alerte ${euros(m.thresholdCents, 'fr')}).`,
          };
        case 'invoice':
          return {
            title: 'Nouvelle facture',
            text: `Votre facture de ${euros(m.amountCents, 'fr')} est disponible. Échéance : ${day(m.dueDate, 'fr')}.`,
          };
        case 'changeApplied':
          return { title: 'Modification active', text: `La nouvelle ${resourceNames.fr[m.resource]} du ${phone(m.msisdn)} est active.` };
        case 'changeFailed':
          return {
            title: 'Modification refusée',
            text: `La ${resourceNames.fr[m.resource]} du ${phone(m.msisdn)} n’a pas pu être modifiée.`,
          };
        case 'test':
          return { title: 'Notification de test', text: 'Les notifications push fonctionnent sur cet appareil.' };
      }
      break;
    case 'nl':
      switch (m.kind) {
        case 'usage':
          return m.percent === 100
            ? {
                title: `Bundel op: ${usageNames.nl[m.usage]}`,
                text: `U hebt al uw ${usageNames.nl[m.usage]} van uw abonnement op ${phone(m.msisdn)} verbruikt. Wat volgt, wordt buiten de bundel aangerekend.`,
              }
            : {
                title: `80 % van uw ${usageNames.nl[m.usage]} verbruikt`,
                text: `U hebt 80 % van uw ${usageNames.nl[m.usage]} van uw abonnement op ${phone(m.msisdn)} verbruikt.`,
              };
        case 'oobStart':
          return {
            title: 'Verbruik buiten de bundel',
            text: `${phone(m.msisdn)} verbruikt nu buiten de bundel: die bedragen komen bovenop uw factuur.`,
          };
        case 'oobThreshold':
          return {
            title: `Waarschuwing ${safeguardNames.nl[m.safeguard]}: ${euros(m.spentCents, 'nl')}`,
            text: `Uw uitgaven ${safeguardNames.nl[m.safeguard]} op ${phone(m.msisdn)} bereiken ${euros(m.spentCents, 'nl')} (waarschuwingsdrempel ${euros(m.thresholdCents, 'nl')}).`,
          };
        case 'invoice':
          return {
            title: 'Nieuwe factuur',
            text: `Uw factuur van ${euros(m.amountCents, 'nl')} staat klaar. Vervaldag: ${day(m.dueDate, 'nl')}.`,
          };
        case 'changeApplied':
          return { title: 'Wijziging actief', text: `De nieuwe ${resourceNames.nl[m.resource]} van ${phone(m.msisdn)} is actief.` };
        case 'changeFailed':
          return {
            title: 'Wijziging geweigerd',
            text: `De ${resourceNames.nl[m.resource]} van ${phone(m.msisdn)} kon niet gewijzigd worden.`,
          };
        case 'test':
          return { title: 'Testmelding', text: 'Pushmeldingen werken op dit toestel.' };
      }
      break;
    case 'en':
      switch (m.kind) {
        case 'usage':
          return m.percent === 100
            ? {
                title: `Bundle used up: ${usageNames.en[m.usage]}`,
                text: `You have used all the ${usageNames.en[m.usage]} of your plan on ${phone(m.msisdn)}. Further use is charged out of bundle.`,
              }
            : {
                title: `80% of your ${usageNames.en[m.usage]} used`,
                text: `You have used 80% of the ${usageNames.en[m.usage]} of your plan on ${phone(m.msisdn)}.`,
              };
        case 'oobStart':
          return {
            title: 'Out-of-bundle use',
            text: `${phone(m.msisdn)} is now using services out of bundle: these amounts are added to your invoice.`,
          };
        case 'oobThreshold':
          return {
            title: `${safeguardNames.en[m.safeguard]} alert: ${euros(m.spentCents, 'en')}`,
            text: `Your ${safeguardNames.en[m.safeguard]} spending on ${phone(m.msisdn)} has reached ${euros(m.spentCents, 'en')} (alert threshold ${euros(m.thresholdCents, 'en')}).`,
          };
        case 'invoice':
          return {
            title: 'New invoice',
            text: `Your invoice of ${euros(m.amountCents, 'en')} is available. Due date: ${day(m.dueDate, 'en')}.`,
          };
        case 'changeApplied':
          return { title: 'Change active', text: `The new ${resourceNames.en[m.resource]} of ${phone(m.msisdn)} is active.` };
        case 'changeFailed':
          return { title: 'Change refused', text: `The ${resourceNames.en[m.resource]} of ${phone(m.msisdn)} could not be changed.` };
        case 'test':
          return { title: 'Test notification', text: 'Push notifications work on this device.' };
      }
  }
};

/** Title, text and target screen of an alert; e-mails get the signature and the link to the screen. */
export const renderAlert = (
  message: AlertMessage,
  lang: Language,
  contractId: number | null,
  channel: 'SMS' | 'EMAIL' | 'PUSH',
  publicUrl: string,
): RenderedAlert => {
  const { title, text } = texts(message, lang);
  const url = urlOf(message, contractId);
  return { title, text: channel === 'EMAIL' ? `${text}\n\n${publicUrl}${url}` : text, url };
};
