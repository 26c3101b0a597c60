/* The consumption statement as a PDF (docs/product/consumption.md "Exports"; see consumption-export.ts). */
import { usageKinds } from '#contract/rating';
import type { Db } from '../db/engine.ts';
import { chargeLineLabel } from './charge-labels.ts';
import { rangeCharges, recordCosts, usageTotalsIn } from './rating-data.ts';
import { bool } from './sql.ts';
import { usageChunks, usagePage, type UsageRow } from './usage-data.ts';
import {
  type ExportSubject,
  type Formatters,
  type Texts,
  LOCALES,
  EXPORT_SLICE_ROWS,
  PDF_ROW_LIMIT,
  PDF_SLICE_ROWS,
  TEXTS,
  formatUse,
  formatters,
  humanDateTime,
  pdfSafe,
  yieldToLoop,
} from './consumption-export-format.ts';

// ---------------------------------------------------------------------------------------------------------------
// PDF
// ---------------------------------------------------------------------------------------------------------------

const PAGE_MARGIN = 40;
const ROW_HEIGHT = 13;
const FONT_SIZE = 8.5;
const BLUE = '#1d4ed8';
const GREY = '#4b5563';

type Doc = PDFKit.PDFDocument;
type Totals = Awaited<ReturnType<typeof usageTotalsIn>>;
type Charges = Awaited<ReturnType<typeof rangeCharges>>;
/** What every section draws with: the document, its texts and formatters, and the printable area. */
type Page = { doc: Doc; t: Texts; f: Formatters; left: number; width: number };

/** Who, which line, when it was made, and the period. */
const drawHeader = ({ doc, t, f, left }: Page, subject: ExportSubject): void => {
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
};

/** Totals per type: in the bundle, free, outside it, their cost and the count of records. */
const drawTotals = ({ doc, t, f, left, width }: Page, totals: Totals, charges: Charges): void => {
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
};

/** Out-of-bundle charges: how each amount is made, and their sum. */
const drawCharges = ({ doc, t, f, left, width }: Page, charges: Charges, language: ExportSubject['language']): void => {
  doc.moveDown(1).font('Helvetica-Bold').fontSize(12).fillColor(BLUE).text(t.charges, left);
  doc.moveDown(0.3).fontSize(9.5).fillColor('black');
  if (charges.lines.length === 0) {
    doc.font('Helvetica').text(t.noCharges, left);
    return;
  }
  const amountX = left + width * 0.8;
  const chargeRow = (label: string, cents: number, bold: boolean): void => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(pdfSafe(label), left, y, { width: amountX - left - 8, lineBreak: false });
    doc.text(f.money(cents), amountX, y, { width: width * 0.2, align: 'right', lineBreak: false });
    doc.y = y + ROW_HEIGHT + 2;
  };
  for (const line of charges.lines) chargeRow(chargeLineLabel(line)[language], line.cents, false);
  chargeRow(t.total, charges.totalCents, true);
};

/**
 * The cost of each listed record (by id): its share of its cycle's charges (contract/rating.ts `recordCharges`), the
 * CSV's figure. The shares are given in event-time order, so the records from the oldest listed one to the range's end
 * are read oldest first (the list shows the newest PDF_ROW_LIMIT), going on from their cycle's totals before them.
 */
const costsOf = async (db: Db, subject: ExportSubject, rows: readonly UsageRow[]): Promise<Map<number, number>> => {
  const costs = new Map<number, number>();
  const oldest = rows.at(-1);
  if (!oldest) return costs;
  const range = { from: Math.max(subject.range.from, oldest.event_time), to: subject.range.to };
  const costOf = await recordCosts(db, subject.contractId, subject.billCycle, range);
  for await (const chunk of usageChunks(db, subject.contractId, range, EXPORT_SLICE_ROWS)) {
    await yieldToLoop();
    for (const row of chunk) costs.set(row.id, costOf(row));
  }
  return costs;
};

/** The records, newest first, the column titles repeated on each page; the event loop runs every few rows. */
const drawRecords = async ({ doc, t, f, left, width }: Page, rows: UsageRow[], costs: ReadonlyMap<number, number>): Promise<void> => {
  const bottom = () => doc.page.height - PAGE_MARGIN;
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
    return;
  }
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
        // Its share of the cycle's charges, 0 included: the column adds up to the charges' total above.
        f.money(costs.get(row.id) ?? 0),
      ],
      false,
    );
  }
};

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
  const costs = await costsOf(db, subject, rows);

  // pdfkit is loaded by the first PDF, not by every start of the server (docs/server.md "Start-up").
  const { default: PDFDocument } = await import('pdfkit');
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

  const page: Page = { doc, t, f, left: PAGE_MARGIN, width: doc.page.width - 2 * PAGE_MARGIN };
  drawHeader(page, subject);
  drawTotals(page, totals, charges);
  drawCharges(page, charges, subject.language);
  await drawRecords(page, rows, costs);
  if (recordCount > rows.length) {
    if (doc.y + 3 * ROW_HEIGHT > doc.page.height - PAGE_MARGIN) doc.addPage();
    doc
      .moveDown(1)
      .font('Helvetica-Oblique')
      .fontSize(9)
      .fillColor(GREY)
      .text(t.truncated(f.count(rows.length), f.count(recordCount)), page.left, doc.y, { width: page.width });
  }
  doc.end();
  return await done;
};
