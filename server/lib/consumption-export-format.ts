/* What both consumption downloads share: their limits, their texts in three languages and the formatting of figures. */
import type { BillCycle } from '#contract/bill-cycle';
import type { Language } from '#contract/common';
import type { RatingClass } from '#contract/rating';
import { localDateTime } from '#contract/calendar';
import type { TimeRange, UsageCategory, UsageRow } from './usage-data.ts';

export const PDF_ROW_LIMIT = 2000;
/** Rows written between two returns to the event loop (~2–5 ms of work on the 2-core box). */
export const EXPORT_SLICE_ROWS = 1000;
export const PDF_SLICE_ROWS = 25;

/** Lets the event loop run (other requests, timers) before the next slice of an export. */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
export const CSV_SEPARATOR = ';';

export type Texts = {
  /** French puts a space before the colon. */
  colon: string;
  title: string;
  customer: string;
  customerNumber: string;
  line: string;
  period: (from: string, to: string) => string;
  generated: string;
  totals: string;
  columns: { type: string; used: string; free: string; oobUsed: string; cost: string; records: string };
  charges: string;
  noCharges: string;
  total: string;
  classes: Record<RatingClass, string>;
  records: string;
  list: { time: string; type: string; direction: string; destination: string; used: string; cost: string };
  types: Record<UsageCategory, string>;
  directions: { in: string; out: string };
  destinations: Record<UsageRow['destination'], string>;
  none: string;
  truncated: (shown: string, total: string) => string;
  csv: {
    time: string;
    type: string;
    direction: string;
    destination: string;
    oob: string;
    rating: string;
    used: string;
    unit: string;
    exact: string;
    exactUnit: string;
    messages: string;
    cost: string;
    id: string;
  };
  yes: string;
  no: string;
  /** Unit words: data as the reader writes them (Go/Mo in French), the exact values' units in the CSV. */
  units: { gb: string; mb: string; bytes: string; seconds: string; sms: string };
};

export const TEXTS: Record<Language, Texts> = {
  fr: {
    colon: ' : ',
    title: 'Relevé de consommation',
    customer: 'Client',
    customerNumber: 'Numéro de client',
    line: 'Numéro de téléphone',
    period: (from, to) => `Du ${from} au ${to}`,
    generated: 'Généré le',
    totals: 'Totaux de la période',
    columns: {
      type: 'Type',
      used: 'Dans le forfait',
      free: 'Entrant (gratuit)',
      oobUsed: 'Hors forfait',
      cost: 'Coût hors forfait',
      records: 'Enregistrements',
    },
    charges: 'Frais hors forfait',
    noCharges: 'Aucun frais hors forfait sur cette période.',
    total: 'Total',
    classes: { free: 'gratuit (entrant)', domestic: 'forfait', international: 'international', world: 'hors Europe', premium: 'premium' },
    records: 'Détail des enregistrements',
    list: { time: 'Date et heure', type: 'Type', direction: 'Sens', destination: 'Destination', used: 'Utilisation', cost: 'Coût' },
    types: { data: 'Données', call: 'Appels', sms: 'SMS' },
    directions: { in: 'Entrant', out: 'Sortant' },
    destinations: { national: 'National', international: 'International', roaming: 'Roaming', premium: 'Premium' },
    none: 'Aucune consommation sur cette période.',
    truncated: (shown, total) =>
      `Seuls les ${shown} enregistrements les plus récents sur ${total} figurent ici. Le téléchargement CONSO (CSV) les contient tous.`,
    csv: {
      time: 'Date et heure',
      type: 'Type',
      direction: 'Sens',
      destination: 'Destination',
      oob: 'Hors forfait',
      rating: 'Décompte',
      used: 'Utilisation',
      unit: 'Unité',
      exact: 'Valeur exacte',
      exactUnit: 'Unité exacte',
      messages: 'Messages',
      cost: 'Coût (EUR)',
      id: 'Identifiant',
    },
    yes: 'oui',
    no: 'non',
    units: { gb: 'Go', mb: 'Mo', bytes: 'octets', seconds: 's', sms: 'SMS' },
  },
  nl: {
    colon: ': ',
    title: 'Verbruiksoverzicht',
    customer: 'Klant',
    customerNumber: 'Klantnummer',
    line: 'Telefoonnummer',
    period: (from, to) => `Van ${from} tot ${to}`,
    generated: 'Aangemaakt op',
    totals: 'Totalen van de periode',
    columns: {
      type: 'Type',
      used: 'In de bundel',
      free: 'Inkomend (gratis)',
      oobUsed: 'Buiten de bundel',
      cost: 'Kosten buiten bundel',
      records: 'Records',
    },
    charges: 'Kosten buiten de bundel',
    noCharges: 'Geen kosten buiten de bundel in deze periode.',
    total: 'Totaal',
    classes: { free: 'gratis (inkomend)', domestic: 'bundel', international: 'internationaal', world: 'buiten Europa', premium: 'premium' },
    records: 'Detail van het verbruik',
    list: { time: 'Datum en uur', type: 'Type', direction: 'Richting', destination: 'Bestemming', used: 'Verbruik', cost: 'Kosten' },
    types: { data: 'Data', call: 'Gesprekken', sms: 'Sms' },
    directions: { in: 'Inkomend', out: 'Uitgaand' },
    destinations: { national: 'Nationaal', international: 'Internationaal', roaming: 'Roaming', premium: 'Premium' },
    none: 'Geen verbruik in deze periode.',
    truncated: (shown, total) =>
      `Enkel de ${shown} meest recente van ${total} records staan hier. De CONSO-download (CSV) bevat ze allemaal.`,
    csv: {
      time: 'Datum en uur',
      type: 'Type',
      direction: 'Richting',
      destination: 'Bestemming',
      oob: 'Buiten bundel',
      rating: 'Aanrekening',
      used: 'Verbruik',
      unit: 'Eenheid',
      exact: 'Exacte waarde',
      exactUnit: 'Exacte eenheid',
      messages: 'Berichten',
      cost: 'Kosten (EUR)',
      id: 'Id',
    },
    yes: 'ja',
    no: 'nee',
    units: { gb: 'GB', mb: 'MB', bytes: 'bytes', seconds: 's', sms: 'sms' },
  },
  en: {
    colon: ': ',
    title: 'Consumption statement',
    customer: 'Customer',
    customerNumber: 'Customer number',
    line: 'Phone number',
    period: (from, to) => `From ${from} to ${to}`,
    generated: 'Generated on',
    totals: 'Totals of the period',
    columns: {
      type: 'Type',
      used: 'In bundle',
      free: 'Incoming (free)',
      oobUsed: 'Out of bundle',
      cost: 'Out-of-bundle cost',
      records: 'Records',
    },
    charges: 'Out-of-bundle charges',
    noCharges: 'No out-of-bundle charges in this period.',
    total: 'Total',
    classes: { free: 'free (incoming)', domestic: 'bundle', international: 'international', world: 'outside Europe', premium: 'premium' },
    records: 'Usage records',
    list: { time: 'Date and time', type: 'Type', direction: 'Direction', destination: 'Destination', used: 'Usage', cost: 'Cost' },
    types: { data: 'Data', call: 'Calls', sms: 'Texts' },
    directions: { in: 'Incoming', out: 'Outgoing' },
    destinations: { national: 'National', international: 'International', roaming: 'Roaming', premium: 'Premium' },
    none: 'No usage in this period.',
    truncated: (shown, total) =>
      `Only the ${shown} most recent of ${total} records are listed here. The CONSO (CSV) download holds them all.`,
    csv: {
      time: 'Date and time',
      type: 'Type',
      direction: 'Direction',
      destination: 'Destination',
      oob: 'Out of bundle',
      rating: 'Rated as',
      used: 'Usage',
      unit: 'Unit',
      exact: 'Exact value',
      exactUnit: 'Exact unit',
      messages: 'Messages',
      cost: 'Cost (EUR)',
      id: 'Id',
    },
    yes: 'yes',
    no: 'no',
    units: { gb: 'GB', mb: 'MB', bytes: 'bytes', seconds: 's', sms: 'SMS' },
  },
};

export const LOCALES: Record<Language, string> = { fr: 'fr-BE', nl: 'nl-BE', en: 'en' };

// ---------------------------------------------------------------------------------------------------------------
// Formatting (docs/product/consumption.md "How figures are written")
// ---------------------------------------------------------------------------------------------------------------

const GB = 1024 ** 3;
export const MB = 1024 ** 2;
/** docs/product/consumption.md "How figures are written": gigabytes at or above 100 MB. */
const GB_THRESHOLD = 104_857_600;

// The standard PDF fonts only know WinAnsi: Intl's narrow no-break space (fr thousands) would print as garbage.
export const pdfSafe = (text: string): string => text.replace(/[\u202F\u2009]/g, ' ');

export type Formatters = {
  bytes: (bytes: number) => string;
  seconds: (seconds: number) => string;
  count: (count: number) => string;
  money: (cents: number) => string;
  date: (isoDate: string) => string;
};

export const formatters = (language: Language): Formatters => {
  const locale = LOCALES[language];
  const { gb, mb } = TEXTS[language].units;
  const twoDecimals = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const euro = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  return {
    bytes: (bytes) =>
      pdfSafe(bytes >= GB_THRESHOLD ? `${twoDecimals.format(bytes / GB)} ${gb}` : `${twoDecimals.format(bytes / MB)} ${mb}`),
    seconds: (seconds) => {
      const h = Math.floor(seconds / 3600);
      const m = Math.floor((seconds % 3600) / 60);
      const s = seconds % 60;
      return `${pdfSafe(integer.format(h))}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
    },
    count: (count) => pdfSafe(integer.format(count)),
    money: (cents) => pdfSafe(euro.format(cents / 100)),
    // DD/MM/YYYY in every language, like the rows (a Belgian reader of the English version reads dates that way too).
    date: (isoDate) => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`,
  };
};

/** 'YYYY-MM-DD HH:mm:ss' (local) → 'DD/MM/YYYY HH:mm:ss', the Belgian order in all three languages. */
export const humanDateTime = (ms: number): string => {
  const text = localDateTime(ms);
  return `${text.slice(8, 10)}/${text.slice(5, 7)}/${text.slice(0, 4)} ${text.slice(11)}`;
};

export const formatUse = (f: Formatters, cat: UsageCategory, amount: number): string =>
  cat === 'data' ? f.bytes(amount) : cat === 'call' ? f.seconds(amount) : f.count(amount);

export type ExportSubject = {
  contractId: number;
  /** The line's bill cycle: charges are rated per cycle. */
  billCycle: BillCycle;
  customerName: string;
  customerNumber: string;
  msisdn: string;
  from: string;
  to: string;
  range: TimeRange;
  language: Language;
  generatedAt: Date;
};
