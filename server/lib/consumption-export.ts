import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { BillCycle } from '#contract/bill-cycle';
import type { Language } from '#contract/common';
import { classify, usageKinds, type RatingClass } from '#contract/rating';
import type { Db } from '../db/database.ts';
import { chargeLineLabel } from './charge-labels.ts';
import { rangeCharges, usageTotalsIn } from './rating-data.ts';
import { localDateTime } from './service-calendar.ts';
import { bool } from './sql.ts';
import { usageChunks, usagePage, type TimeRange, type UsageCategory, type UsageRow } from './usage-data.ts';

/*
 * The consumption downloads of docs/product/consumption.md "Exports" (PDF and CONSO).
 *
 * CONSO is a CSV made for the spreadsheet a Belgian customer opens it in: UTF-8 with a byte-order mark (or Excel
 * reads the accents as Latin-1), ';' as separator and a decimal comma (Belgian Excel's list and decimal
 * separators, in fr-BE and nl-BE alike), CRLF line ends (RFC 4180), fields quoted only when they need it.
 * Times are local Brussels wall time 'YYYY-MM-DD HH:mm:ss', which Excel reads as a date. It streams every record
 * of the range, read in keyset chunks, so its size is not bounded by memory.
 *
 * Neither export may hold the event loop: 200,000 rows written in one go took ~1.7 s during which the server
 * answered nobody. The CSV is produced in slices of EXPORT_SLICE_ROWS (a few milliseconds each) and the PDF yields
 * every few hundred rows; between slices the server answers other requests.
 *
 * Both rate the usage with the rating model (contract/rating.ts, server/lib/rating-data.ts): each CSV row says how it
 * counts (bundle, free, international, outside Europe, premium), and the PDF's totals and charges are the usage
 * summary's and the invoices' figures for the same days (a range cut across bill cycles costs what each cycle's
 * charges grew by over it).
 *
 * The PDF is a readable statement: who, which line, which period, the totals per type, the out-of-bundle charges
 * (quantity × unit price) and the list of records, newest first, capped at PDF_ROW_LIMIT rows (a 200k-row PDF would be thousands of pages nobody reads; the note
 * on the last page points to CONSO for the full list).
 *
 * The server writes these texts itself (the app cannot translate a file it only downloads), in the user's
 * language, with the formatting rules of docs/product/consumption.md "How figures are written".
 */

export const PDF_ROW_LIMIT = 2000;
/** Rows written between two returns to the event loop (~2–5 ms of work on the 2-core box). */
export const EXPORT_SLICE_ROWS = 1000;
const PDF_SLICE_ROWS = 25;

/** Lets the event loop run (other requests, timers) before the next slice of an export. */
const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
export const CSV_SEPARATOR = ';';

type Texts = {
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

const TEXTS: Record<Language, Texts> = {
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

const LOCALES: Record<Language, string> = { fr: 'fr-BE', nl: 'nl-BE', en: 'en' };

// ---------------------------------------------------------------------------------------------------------------
// Formatting (docs/product/consumption.md "How figures are written")
// ---------------------------------------------------------------------------------------------------------------

const GB = 1024 ** 3;
const MB = 1024 ** 2;
/** docs/product/consumption.md "How figures are written": gigabytes at or above 100 MB. */
const GB_THRESHOLD = 104_857_600;

// The standard PDF fonts only know WinAnsi: Intl's narrow no-break space (fr thousands) would print as garbage.
const pdfSafe = (text: string): string => text.replace(/[\u202F\u2009]/g, ' ');

type Formatters = {
  bytes: (bytes: number) => string;
  seconds: (seconds: number) => string;
  count: (count: number) => string;
  money: (cents: number) => string;
  date: (isoDate: string) => string;
};

const formatters = (language: Language): Formatters => {
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
const humanDateTime = (ms: number): string => {
  const text = localDateTime(ms);
  return `${text.slice(8, 10)}/${text.slice(5, 7)}/${text.slice(0, 4)} ${text.slice(11)}`;
};

const formatUse = (f: Formatters, cat: UsageCategory, amount: number): string =>
  cat === 'data' ? f.bytes(amount) : cat === 'call' ? f.seconds(amount) : f.count(amount);

// ---------------------------------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------------------------------

const NEEDS_QUOTES = /[";\r\n]/;
// A text cell starting with one of these is run as a formula by spreadsheets (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula-looking text is neutralised with a leading quote, special characters are quoted. */
export const csvCell = (value: string | number): string => {
  if (typeof value === 'number') return String(value).replace('.', ',');
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

const csvLine = (cells: (string | number)[]): string => `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;

const euros = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};

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

/** CONSO: every record of the range, oldest first, streamed chunk by chunk. */
export const consumptionCsv = (db: Db, subject: ExportSubject): Readable => {
  const t = TEXTS[subject.language];
  // The words are escaped once here; per row only numbers and times are written (this loop runs 200k times).
  const types = { data: csvCell(t.types.data), call: csvCell(t.types.call), sms: csvCell(t.types.sms) };
  const directions = { in: csvCell(t.directions.in), out: csvCell(t.directions.out) };
  const destinations = {
    national: csvCell(t.destinations.national),
    international: csvCell(t.destinations.international),
    roaming: csvCell(t.destinations.roaming),
    premium: csvCell(t.destinations.premium),
  };
  const yes = csvCell(t.yes);
  const no = csvCell(t.no);
  const classes: Record<RatingClass, string> = {
    free: csvCell(t.classes.free),
    domestic: csvCell(t.classes.domestic),
    international: csvCell(t.classes.international),
    world: csvCell(t.classes.world),
    premium: csvCell(t.classes.premium),
  };
  // "Usage" in a unit a spreadsheet reader sums (data always in MB with two decimals, one unit per column), and the
  // exact stored value beside it (bytes, seconds, SMS), so that nothing is lost to rounding.
  const readableUnits: Record<string, string> = { B: csvCell(t.units.mb), s: csvCell(t.units.seconds), sms: csvCell(t.units.sms) };
  const exactUnits: Record<string, string> = { B: csvCell(t.units.bytes), s: csvCell(t.units.seconds), sms: csvCell(t.units.sms) };
  const readable = (used: number, unit: string): string => (unit === 'B' ? (used / MB).toFixed(2).replace('.', ',') : String(used));
  const s = CSV_SEPARATOR;
  async function* lines(): AsyncGenerator<string> {
    const c = t.csv;
    yield `\uFEFF${csvLine([c.time, c.type, c.direction, c.destination, c.oob, c.rating, c.used, c.unit, c.exact, c.exactUnit, c.messages, c.cost, c.id])}`;
    for await (const chunk of usageChunks(db, subject.contractId, subject.range, EXPORT_SLICE_ROWS)) {
      await yieldToLoop();
      let text = '';
      for (const row of chunk) {
        const rated = classify({
          kind: row.service_cat,
          incoming: row.incoming === 1,
          destination: row.destination,
          outsideZone: row.is_oob === 1,
        });
        const outside = rated === 'international' || rated === 'world' || rated === 'premium';
        // A row's own cost is a premium service's price; the rest is billed per cycle on its totals (the PDF's
        // charges, the invoice). Written from integer cents with a decimal comma (never through a float).
        const cost = rated === 'premium' ? row.resource_impact : 0;
        text += `${localDateTime(row.event_time)}${s}${types[row.service_cat]}${s}${row.incoming === 1 ? directions.in : directions.out}${s}${
          destinations[row.destination]
        }${s}${outside ? yes : no}${s}${classes[rated]}${s}${readable(row.service_used, row.service_unit)}${s}${
          readableUnits[row.service_unit] ?? csvCell(row.service_unit)
        }${s}${row.service_used}${s}${exactUnits[row.service_unit] ?? csvCell(row.service_unit)}${s}${row.messages}${s}${euros(cost)}${s}${row.id}\r\n`;
      }
      yield text;
    }
  }
  return Readable.from(lines(), { objectMode: false });
};

// ---------------------------------------------------------------------------------------------------------------
// PDF
// ---------------------------------------------------------------------------------------------------------------

const PAGE_MARGIN = 40;
const ROW_HEIGHT = 13;
const FONT_SIZE = 8.5;
const BLUE = '#1d4ed8';
const GREY = '#4b5563';

/** The statement as a PDF file (a Buffer: the row cap keeps it small, and a finished file can carry its length). */
export const consumptionPdf = async (db: Db, subject: ExportSubject): Promise<Buffer> => {
  const t = TEXTS[subject.language];
  const f = formatters(subject.language);
  const totals = await usageTotalsIn(db, subject.contractId, subject.range);
  const charges = await rangeCharges(db, subject.contractId, subject.billCycle, subject.range);
  const recordCount = usageKinds.reduce(
    (n, kind) =>
      n +
      totals.free[kind].count +
      totals.domestic[kind].count +
      totals.international[kind].count +
      totals.world[kind].count +
      totals.premium[kind].count,
    0,
  );
  const rows = await usagePage(db, subject.contractId, { range: subject.range, type: undefined }, 'desc', PDF_ROW_LIMIT, 0);

  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    lang: LOCALES[subject.language],
    info: { Title: `${t.title} ${subject.msisdn} ${subject.from} – ${subject.to}`, Author: 'Mega', Subject: subject.customerName },
    bufferPages: false,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE_MARGIN;
  const width = doc.page.width - 2 * PAGE_MARGIN;
  const bottom = () => doc.page.height - PAGE_MARGIN;

  // Header block
  doc.fillColor(BLUE).font('Helvetica-Bold').fontSize(18).text(t.title, left, PAGE_MARGIN);
  doc.moveDown(0.5).fillColor('black').font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    [t.customer, subject.customerName],
    [t.customerNumber, subject.customerNumber],
    [t.line, subject.msisdn],
    [t.generated, humanDateTime(subject.generatedAt.getTime())],
  ];
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').text(`${label}${t.colon}`, { continued: true }).font('Helvetica').text(pdfSafe(value));
  }
  doc
    .moveDown(0.3)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(t.period(f.date(subject.from), f.date(subject.to)));

  // Totals per type
  doc.moveDown(1).font('Helvetica-Bold').fontSize(12).fillColor(BLUE).text(t.totals, left);
  doc.moveDown(0.3).fontSize(9.5).fillColor('black');
  const totalCols = [0, 0.15, 0.32, 0.49, 0.66, 0.84].map((share) => left + share * width);
  const totalRow = (cells: string[], bold: boolean): void => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, i) => doc.text(cell, totalCols[i] ?? left, y, { lineBreak: false }));
    doc.y = y + ROW_HEIGHT + 2;
  };
  const c = t.columns;
  totalRow([c.type, c.used, c.free, c.oobUsed, c.cost, c.records], true);
  for (const cat of ['data', 'call', 'sms'] as const) {
    const outside = totals.international[cat].used + totals.world[cat].used + totals.premium[cat].used;
    const count =
      totals.free[cat].count +
      totals.domestic[cat].count +
      totals.international[cat].count +
      totals.world[cat].count +
      totals.premium[cat].count;
    totalRow(
      [
        t.types[cat],
        formatUse(f, cat, totals.domestic[cat].used),
        formatUse(f, cat, totals.free[cat].used),
        formatUse(f, cat, outside),
        f.money(charges.centsByKind[cat]),
        f.count(count),
      ],
      false,
    );
  }

  // Out-of-bundle charges: how each amount is made, and their sum.
  doc.moveDown(1).font('Helvetica-Bold').fontSize(12).fillColor(BLUE).text(t.charges, left);
  doc.moveDown(0.3).fontSize(9.5).fillColor('black');
  if (charges.lines.length === 0) {
    doc.font('Helvetica').text(t.noCharges, left);
  } else {
    const amountX = left + width * 0.8;
    const chargeRow = (label: string, cents: number, bold: boolean): void => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      doc.text(pdfSafe(label), left, y, { width: amountX - left - 8, lineBreak: false });
      doc.text(f.money(cents), amountX, y, { width: width * 0.2, align: 'right', lineBreak: false });
      doc.y = y + ROW_HEIGHT + 2;
    };
    for (const line of charges.lines) chargeRow(chargeLineLabel(line)[subject.language], line.cents, false);
    chargeRow(t.total, charges.totalCents, true);
  }

  // Records
  doc.moveDown(1).font('Helvetica-Bold').fontSize(12).fillColor(BLUE).text(t.records, left);
  doc.moveDown(0.3).fontSize(FONT_SIZE).fillColor('black');
  const l = t.list;
  const listCols = [0, 0.24, 0.38, 0.52, 0.7, 0.88].map((share) => left + share * width);
  const header = [l.time, l.type, l.direction, l.destination, l.used, l.cost];
  const listRow = (cells: string[], bold: boolean): void => {
    if (doc.y + ROW_HEIGHT > bottom()) {
      doc.addPage();
      doc.y = PAGE_MARGIN;
      // Each page repeats the column titles, so a printed page can be read on its own.
      if (!bold) listRow(header, true);
    }
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, i) => doc.text(cell, listCols[i] ?? left, y, { lineBreak: false }));
    doc.y = y + ROW_HEIGHT;
  };
  if (rows.length === 0) {
    doc.font('Helvetica').fontSize(10).text(t.none, left);
  } else {
    listRow(header, true);
    for (const [index, row] of rows.entries()) {
      if (index % PDF_SLICE_ROWS === 0) await yieldToLoop();
      listRow(
        [
          humanDateTime(row.event_time),
          t.types[row.service_cat],
          bool(row.incoming) ? t.directions.in : t.directions.out,
          t.destinations[row.destination],
          formatUse(f, row.service_cat, row.service_used),
          // A row's own cost is a premium service's price (the rest is billed on the cycle's totals, above).
          classify({ kind: row.service_cat, incoming: bool(row.incoming), destination: row.destination, outsideZone: bool(row.is_oob) }) ===
            'premium' && row.resource_impact > 0
            ? f.money(row.resource_impact)
            : '',
        ],
        false,
      );
    }
  }
  if (recordCount > rows.length) {
    if (doc.y + 3 * ROW_HEIGHT > bottom()) doc.addPage();
    doc
      .moveDown(1)
      .font('Helvetica-Oblique')
      .fontSize(9)
      .fillColor(GREY)
      .text(t.truncated(f.count(rows.length), f.count(recordCount)), left, doc.y, { width });
  }
  doc.end();
  return await done;
};
