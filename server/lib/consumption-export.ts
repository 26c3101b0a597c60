/*
 * The consumption downloads of docs/product/consumption.md "Exports" (PDF and CONSO): consumption-csv.ts and
 * consumption-pdf.ts, with their shared limits, texts and formatting in consumption-export-format.ts; this module is the
 * one door of the route.
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
 * charges grew by over it). Each record's cost, in both, is its share of its cycle's charges (contract/rating.ts
 * `recordCharges`: what its group's charge grew by with it, in event-time order), so the cost column adds up to those
 * charges to the cent (the PDF's over the records it lists).
 *
 * The PDF is a readable statement: who, which line, which period, the totals per type, the out-of-bundle charges
 * (quantity × unit price) and the list of records, newest first, capped at PDF_ROW_LIMIT rows (a 200k-row PDF would be thousands of pages nobody reads; the note
 * on the last page points to CONSO for the full list).
 *
 * The server writes these texts itself (the app cannot translate a file it only downloads), in the user's
 * language, with the formatting rules of docs/product/consumption.md "How figures are written".
 */

export { consumptionCsv } from './consumption-csv.ts';
export { type ExportSubject } from './consumption-export-format.ts';
export { consumptionPdf } from './consumption-pdf.ts';
