/* CONSO, the consumption CSV (docs/product/consumption.md "Exports"; the format is described in consumption-export.ts). */
import { Readable } from 'node:stream';
import { classify, type RatingClass } from '#contract/rating';
import type { Db } from '../db/engine.ts';
import { localDateTime } from '#contract/calendar';
import { recordCosts } from './rating-data.ts';
import { usageChunks } from './usage-data.ts';
import { CSV_SEPARATOR, EXPORT_SLICE_ROWS, type ExportSubject, MB, TEXTS, yieldToLoop } from './consumption-export-format.ts';

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
    // Each row's share of its cycle's charges (contract/rating.ts `recordCharges`), given the rows oldest first.
    const costOf = await recordCosts(db, subject.contractId, subject.billCycle, subject.range);
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
        // Its share of the cycle's charges: the column adds up to the summary's and the invoice's out-of-bundle total.
        // Written from integer cents with a decimal comma (never through a float).
        const cost = costOf(row);
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
