import type QRCodeModule from 'qrcode';
import { BRAND_ACCENT, BRAND_COLOR, BRAND_COLOR_STRONG, BRAND_MARK } from '#contract/brand';
import type { Language } from '#contract/common';
import { amountDue, creditNoteRefundBy, creditNoteReusableUntil, invoiceContext } from '#contract/invoice-rules';
import type { CreditorDto } from '#contract/invoices';
import { belgianTransferPayload, EPC_ERROR_CORRECTION } from '#contract/payment-qr';
import { allocateExclVat } from '#contract/pricing';
import type { Supplier } from '../config.ts';
import type { InvoiceRecord, StoredLine } from './invoice-data.ts';
import { localDate } from '#contract/calendar';
import { LOCALES, TEXTS, type Texts } from './invoice-pdf-texts.ts';

/*
 * The invoice as a PDF (GET /customer/{id}/invoices/{uuid}/download), written by the server in the user's
 * language from the stored document: who issues it (the supplier's legal name, address and VAT number, from the
 * configuration), who is billed and where, the lines per contract as they were billed (plan, options, promotions,
 * pro rata with their days, out-of-bundle usage of the cycle, fees, credit notes taken off) with their amounts
 * EXCLUDING VAT, which add up to the total excl. VAT; then the VAT and the total incl. VAT (docs/product/invoices.md
 * "The invoice document"). Then the due date, the structured communication and how the invoice is paid. An invoice
 * still to pay by transfer carries the EPC payment QR code (contract/payment-qr.ts), drawn as vector squares: sharp at
 * any zoom and on paper. A paid invoice, a direct debit still to be collected and a credit note carry none (scanning
 * them would pay twice).
 */

export type InvoiceSubject = {
  invoice: InvoiceRecord;
  lines: readonly StoredLine[];
  customerName: string;
  customerNumber: string;
  /** A professional customer's VAT number (null for a residential one). */
  customerVat: string | null;
  supplier: Supplier;
  costCenterName: string | null;
  address: { street: string; number: string; box: string | null; zipCode: string; city: string; country: string };
  /** The customer's account for direct debits (shown masked). */
  debitIban: string | null;
  creditor: CreditorDto;
  language: Language;
  now: Date;
};

/** pdfkit's standard fonts encode WinAnsi: Intl's narrow and thin spaces (fr-BE thousands) become plain ones. */
const pdfSafe = (text: string): string => text.replace(/[\u202F\u2009]/g, ' ');

/** 'YYYY-MM-DD' → 'DD/MM/YYYY', the Belgian order in the three languages. */
const day = (isoDate: string): string => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;

/** An account shown on paper with only its last 4 digits (the customer's own account on a document sent by mail). */
const maskedIban = (iban: string): string => `${iban.slice(0, 4)} **** **** ${iban.slice(-4)}`;

const groupedIban = (iban: string): string => iban.replace(/(.{4})/g, '$1 ').trim();

const PAGE_MARGIN = 48;
/** The app's colours (contract/brand.ts): the document looks like the app it is downloaded from. */
const BRAND = BRAND_COLOR;
const GREY = '#4b5563';
const QR_MODULE = 3;
/** The mark's side on the page, in points, and the room it takes before the supplier's name. */
const MARK_SIDE = 36;
const MARK_ROOM = MARK_SIDE + 12;

/**
 * The app's mark (src/ui/brand-mark.tsx) drawn with the same paths as vectors, on a brand-coloured tile (the app
 * draws it on its purple bar): sharp at any zoom, and no image to embed.
 */
const drawBrandMark = (doc: PDFKit.PDFDocument, x: number, y: number): void => {
  const { size, tile, letter, dot } = BRAND_MARK;
  doc
    .save()
    .translate(x, y)
    .scale(MARK_SIDE / size);
  doc.roundedRect(tile.x, tile.y, tile.side, tile.side, tile.radius).fill(BRAND);
  doc.path(letter.d).lineWidth(letter.width).lineCap('round').lineJoin('round').stroke('#ffffff');
  doc.circle(dot.cx, dot.cy, dot.r).fill(BRAND_ACCENT);
  doc.restore();
};

/** The QR code's modules as squares at (x, y), with the 4-module quiet zone the standard asks for. */
const drawQr = (QRCode: typeof QRCodeModule, doc: PDFKit.PDFDocument, payload: string, x: number, y: number): number => {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: EPC_ERROR_CORRECTION });
  const quiet = 4 * QR_MODULE;
  const side = modules.size * QR_MODULE + 2 * quiet;
  doc.save().rect(x, y, side, side).fill('white');
  doc.fillColor('black');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + quiet + col * QR_MODULE, y + quiet + row * QR_MODULE, QR_MODULE, QR_MODULE);
    }
  }
  doc.fill('black').restore();
  return side;
};

type Totals = { excl: number; vat: number };
/** What every part of the document draws with: the document, the subject, its texts and the columns. */
type Sheet = {
  doc: PDFKit.PDFDocument;
  subject: InvoiceSubject;
  t: Texts;
  money: (cents: number) => string;
  left: number;
  width: number;
  amountX: number;
  /** The qrcode package, loaded with the first PDF. */
  QRCode: typeof QRCodeModule;
};

/** Who bills, what, when; then the customer and the invoicing address. Returns where the lines start. */
const drawParties = ({ doc, subject, t, left, width }: Sheet, title: string): number => {
  const { invoice, supplier } = subject;
  const fact = (label: string, value: string) =>
    doc.font('Helvetica-Bold').text(`${label}${t.colon}`, { continued: true }).font('Helvetica').text(pdfSafe(value));
  // The app's bar across the top of the sheet, and its mark.
  doc.rect(0, 0, doc.page.width, 8).fill(BRAND);
  drawBrandMark(doc, left, PAGE_MARGIN - 2);
  const beside = width / 2 - MARK_ROOM;
  doc
    .fillColor(BRAND)
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(pdfSafe(supplier.legalName), left + MARK_ROOM, PAGE_MARGIN, { width: beside });
  doc.fillColor(GREY).font('Helvetica').fontSize(9).text(pdfSafe(supplier.address), { width: beside });
  doc.text(`${t.supplierVat}${t.colon}${supplier.vatNumber}`, { width: beside });
  doc
    .fillColor(BRAND)
    .font('Helvetica-Bold')
    .moveDown(0.6)
    .fontSize(16)
    .text(title, left, doc.y, { width: width / 2 });
  doc.moveDown(0.6).fillColor('black').fontSize(10);
  fact(t.piece, invoice.piece_id);
  fact(t.issued, day(localDate(Date.parse(invoice.generated_at))));
  fact(t.due, day(invoice.due_date));
  if (invoice.period_start && invoice.period_end) doc.font('Helvetica').text(t.period(day(invoice.period_start), day(invoice.period_end)));
  // Where the left column ends (the address below moves the cursor to its own end).
  const factsEnd = doc.y;

  // The customer and the invoicing address (top right, where a window envelope shows it).
  const a = subject.address;
  const addressLines = [
    subject.customerName,
    `${a.street} ${a.number}${a.box ? ` bte ${a.box}` : ''}`,
    `${a.zipCode} ${a.city}`,
    a.country,
    `${t.customerNumber}${t.colon}${subject.customerNumber}`,
    ...(subject.customerVat ? [`${t.customerVat}${t.colon}${subject.customerVat}`] : []),
    ...(subject.costCenterName ? [`${t.costCenter}${t.colon}${subject.costCenterName}`] : []),
  ];
  doc.font('Helvetica').fontSize(10);
  addressLines.forEach((text, i) => doc.text(pdfSafe(text), left + width / 2 + 20, PAGE_MARGIN + 40 + i * 14, { width: width / 2 - 20 }));
  return Math.max(factsEnd, doc.y, PAGE_MARGIN + 40 + addressLines.length * 14) + 20;
};

/**
 * The lines' amounts excl. VAT: as issued, or (documents issued before the amounts were stored) split from their
 * amounts incl. VAT with the same rule, so that they add up to the total excl. VAT.
 */
const amountsExclVat = (
  invoice: InvoiceRecord,
  lines: readonly StoredLine[],
): { exclOf: (line: StoredLine, index: number) => number; totals: Totals } => {
  const stored = lines.every((line) => line.amountExclVat !== null) && invoice.total_excl_vat_cents !== null && invoice.vat_cents !== null;
  const split = allocateExclVat(lines.map((line) => line.amount));
  return {
    exclOf: (line, index) => (stored ? (line.amountExclVat ?? 0) : (split.lines[index] ?? 0)),
    totals: stored ? { excl: invoice.total_excl_vat_cents ?? 0, vat: invoice.vat_cents ?? 0 } : { excl: split.excl, vat: split.vat },
  };
};

/** The lines, per contract, excl. VAT. Returns where the table ends. */
const drawLines = (
  { doc, subject, t, money, left, amountX }: Sheet,
  top: number,
  exclOf: (line: StoredLine, index: number) => number,
): number => {
  const { lines, language } = subject;
  let y = top;
  doc.fillColor(GREY).font('Helvetica-Bold').fontSize(9);
  doc.text(t.description, left, y, { width: amountX - left - 24, lineBreak: false });
  doc.text(t.amountExcl, amountX - 20, y, { width: 130, align: 'right', lineBreak: false });
  y += 14;
  const groups = new Map<string, { line: StoredLine; index: number }[]>();
  lines.forEach((line, index) => {
    const key = line.msisdn ?? '';
    groups.set(key, [...(groups.get(key) ?? []), { line, index }]);
  });
  const labelOf = (line: StoredLine): string => {
    // Usage lines carry the rating's words since migration 020; older ones the period's usage as a whole.
    const text = line.label ? line.label[language] : line.kind === 'usage' ? t.kinds.usage : t.kinds.fee;
    return line.quantity > 1 ? `${text} ${t.quantity(line.quantity)}` : text;
  };
  for (const [msisdn, group] of groups) {
    if (y > doc.page.height - 220) {
      doc.addPage();
      y = PAGE_MARGIN;
    }
    doc
      .fillColor(BRAND)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(msisdn ? t.line(msisdn) : t.otherLines, left, y);
    y += 18;
    doc.fillColor('black').font('Helvetica').fontSize(10);
    for (const { line, index } of group) {
      if (y > doc.page.height - 80) {
        doc.addPage();
        y = PAGE_MARGIN;
      }
      doc.text(pdfSafe(labelOf(line)), left + 12, y, { width: amountX - left - 24, lineBreak: false });
      doc.text(money(exclOf(line, index)), amountX, y, { width: 110, align: 'right', lineBreak: false });
      y += 15;
      if (line.from && line.to) {
        doc
          .fillColor(GREY)
          .fontSize(8.5)
          .text(pdfSafe(t.days(day(line.from), day(line.to))), left + 24, y - 2, { lineBreak: false });
        doc.fillColor('black').fontSize(10);
        y += 11;
      }
    }
    y += 8;
  }
  return y;
};

/** Totals: the lines add up to the total excl. VAT; with the VAT it makes the total incl. VAT. Returns where they end and what is left to pay. */
const drawTotals = ({ doc, subject, t, money, left, width, amountX }: Sheet, top: number, totals: Totals): { y: number; toPay: number } => {
  const { invoice } = subject;
  const total = invoice.total_incl_vat_cents;
  let y = top;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(1.5)
    .strokeColor(BRAND)
    .stroke();
  y += 8;
  const totalRow = (label: string, cents: number, bold = false) => {
    doc
      .fillColor(bold ? BRAND_COLOR_STRONG : 'black')
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 12 : 10);
    doc.text(label, left + width * 0.3, y, { width: amountX - left - width * 0.3 - 8, lineBreak: false });
    doc.text(money(cents), amountX, y, { width: 110, align: 'right', lineBreak: false });
    y += bold ? 18 : 15;
  };
  totalRow(t.totalExclVat, totals.excl);
  totalRow(t.vat, totals.vat);
  totalRow(t.total, total, true);
  // A credit note's totals are negative (money the operator owes): what that means, in words and positive.
  if (invoice.document_type === 'credit_note') totalRow(t.refund, -total, true);
  const toPay = amountDue(total, invoice.partial_paid_cents);
  if (invoice.paid === 0 && invoice.partial_paid_cents > 0) {
    totalRow(t.partial, invoice.partial_paid_cents);
    totalRow(t.left, toPay, true);
  }
  doc.fillColor('black');
  return { y, toPay };
};

/** How it is paid, and the payment QR code for what is still to pay by transfer. */
const drawPayment = ({ doc, subject, t, money, left, width, QRCode }: Sheet, top: number, toPay: number): void => {
  const { invoice, creditor } = subject;
  const y = top + 10;
  const today = localDate(subject.now.getTime());
  const issued = localDate(Date.parse(invoice.generated_at));
  const context = invoiceContext(
    {
      list: invoice.paid === 1 ? 'paid' : 'open',
      paymentMode: invoice.payment_mode,
      dueDate: invoice.due_date,
      creditNote: invoice.document_type === 'credit_note',
    },
    today,
  );
  doc.font('Helvetica-Bold').fontSize(10).text(`${t.communication}${t.colon}`, left, y, { continued: true });
  doc.font('Courier-Bold').fontSize(11).text(invoice.structured_communication);
  doc.moveDown(0.4).font('Helvetica').fontSize(10);
  doc.text(
    pdfSafe(
      t.contexts[context]({
        due: day(invoice.due_date),
        iban: subject.debitIban ? maskedIban(subject.debitIban) : '—',
        paidAt: invoice.paid_at ? day(localDate(Date.parse(invoice.paid_at))) : '',
        refundBy: day(creditNoteRefundBy(issued)),
        reuseUntil: day(creditNoteReusableUntil(issued)),
      }),
    ),
    left,
    doc.y,
    { width },
  );

  if ((context !== 'TO_PAID' && context !== 'DD_FAILED') || toPay <= 0) return;
  let qrTop = doc.y + 14;
  if (qrTop > doc.page.height - 200) {
    doc.addPage();
    qrTop = PAGE_MARGIN;
  }
  const side = drawQr(QRCode, doc, belgianTransferPayload(creditor, toPay, invoice.structured_communication), left, qrTop);
  const textX = left + side + 16;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(t.payTo, textX, qrTop + 8, { width: width - side - 16 });
  doc.font('Helvetica').text(`${t.creditor}${t.colon}${creditor.name}`, { width: width - side - 16 });
  doc.text(`IBAN${t.colon}${groupedIban(creditor.iban)}`);
  doc.text(`BIC${t.colon}${creditor.bic}`);
  doc.text(`${t.left}${t.colon}${money(toPay)}`);
  doc.text(`${t.communication}${t.colon}${invoice.structured_communication}`);
  doc
    .moveDown(0.5)
    .fillColor(GREY)
    .text(t.scan, { width: width - side - 16 });
};

/** The invoice document as a PDF file (a Buffer: one or two pages, and a finished file can carry its length). */
export const invoicePdf = async (subject: InvoiceSubject): Promise<Buffer> => {
  // pdfkit and qrcode are loaded by the first PDF, not by every start of the server (docs/server.md "Start-up").
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([import('pdfkit'), import('qrcode')]);
  const { invoice, lines, language } = subject;
  const t = TEXTS[language];
  const euro = new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'EUR' });
  const money = (cents: number): string => pdfSafe(euro.format(cents / 100));
  const title = `${invoice.document_type === 'credit_note' ? t.creditNote : t.invoice} ${invoice.piece_id}`;

  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    lang: LOCALES[language],
    info: { Title: title, Author: subject.supplier.legalName, Subject: subject.customerName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * PAGE_MARGIN;
  const sheet: Sheet = { doc, subject, t, money, left: PAGE_MARGIN, width, amountX: PAGE_MARGIN + width - 110, QRCode };
  const linesTop = drawParties(sheet, title);
  const { exclOf, totals } = amountsExclVat(invoice, lines);
  const linesEnd = drawLines(sheet, linesTop, exclOf);
  const { y, toPay } = drawTotals(sheet, linesEnd, totals);
  drawPayment(sheet, y, toPay);
  doc.end();
  return done;
};
