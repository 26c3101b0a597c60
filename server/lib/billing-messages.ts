import type { Language } from '#contract/common';
import { formatBelgianPhone } from '#contract/phone';
import type { OrderPricing, PriceLine } from '#contract/pricing';

/*
 * The e-mails about money: an invoice issued (the billing run) and an order placed, changed or cancelled (the order
 * routes). In the holder's language, with the figures the app shows, line by line: the same contract/pricing.ts
 * lines the order summary lists, the same totals the invoice PDF prints. Kept apart from messages.ts (account and
 * SIM messages) because they are documents of their own, built from structured figures.
 */

const LOCALES: Record<Language, string> = { fr: 'fr-BE', nl: 'nl-BE', en: 'en-GB' };

const money = (cents: number, lang: Language): string =>
  new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/[\u202F\u00A0]/g, ' ');

/** 'YYYY-MM-DD' → 'DD/MM/YYYY', the Belgian order in the three languages. */
const day = (isoDate: string): string => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;

export type RenderedMail = { subject: string; text: string };

// ---------------------------------------------------------------------------------------------------------------
// Invoice issued
// ---------------------------------------------------------------------------------------------------------------

export type InvoiceMail = {
  name: string;
  piece: string;
  creditNote: boolean;
  period: { start: string; end: string } | null;
  totals: { excl: number; vat: number; incl: number };
  dueDate: string;
  communication: string;
  payment: { mode: 'DD'; account: string } | { mode: 'BT'; iban: string; beneficiary: string };
  link: string;
};

const INVOICE_TEXTS = {
  fr: {
    subject: (m: InvoiceMail) => `${m.creditNote ? 'Votre note de crédit' : 'Votre facture'} ${m.piece}`,
    hello: (name: string) => `Bonjour ${name},`,
    ready: (m: InvoiceMail) =>
      `${m.creditNote ? 'Votre note de crédit' : 'Votre facture'} ${m.piece}${m.period ? ` pour la période du ${day(m.period.start)} au ${day(m.period.end)}` : ''} est disponible.`,
    excl: 'Total hors TVA',
    vat: 'TVA 21 %',
    incl: 'Total TVA comprise',
    dd: (m: InvoiceMail, account: string) => `Elle sera prélevée par domiciliation le ${day(m.dueDate)} sur le compte ${account}.`,
    bt: (m: InvoiceMail, iban: string, to: string) =>
      `À payer par virement avant le ${day(m.dueDate)} à ${to}, compte ${iban}, avec la communication structurée ${m.communication}.`,
    refund: 'Ce montant vous sera remboursé sur votre compte.',
    see: 'Consultez-la et téléchargez-la dans l’app :',
  },
  nl: {
    subject: (m: InvoiceMail) => `${m.creditNote ? 'Uw creditnota' : 'Uw factuur'} ${m.piece}`,
    hello: (name: string) => `Beste ${name},`,
    ready: (m: InvoiceMail) =>
      `${m.creditNote ? 'Uw creditnota' : 'Uw factuur'} ${m.piece}${m.period ? ` voor de periode van ${day(m.period.start)} tot ${day(m.period.end)}` : ''} staat klaar.`,
    excl: 'Totaal excl. btw',
    vat: 'Btw 21 %',
    incl: 'Totaal incl. btw',
    dd: (m: InvoiceMail, account: string) => `Ze wordt op ${day(m.dueDate)} via domiciliëring afgeschreven van rekening ${account}.`,
    bt: (m: InvoiceMail, iban: string, to: string) =>
      `Te betalen via overschrijving vóór ${day(m.dueDate)} aan ${to}, rekening ${iban}, met de gestructureerde mededeling ${m.communication}.`,
    refund: 'Dit bedrag wordt op uw rekening terugbetaald.',
    see: 'Bekijk en download ze in de app:',
  },
  en: {
    subject: (m: InvoiceMail) => `${m.creditNote ? 'Your credit note' : 'Your invoice'} ${m.piece}`,
    hello: (name: string) => `Hello ${name},`,
    ready: (m: InvoiceMail) =>
      `${m.creditNote ? 'Your credit note' : 'Your invoice'} ${m.piece}${m.period ? ` for the period from ${day(m.period.start)} to ${day(m.period.end)}` : ''} is available.`,
    excl: 'Total excl. VAT',
    vat: 'VAT 21 %',
    incl: 'Total incl. VAT',
    dd: (m: InvoiceMail, account: string) => `It will be collected by direct debit on ${day(m.dueDate)} from account ${account}.`,
    bt: (m: InvoiceMail, iban: string, to: string) =>
      `Please pay by bank transfer by ${day(m.dueDate)} to ${to}, account ${iban}, with the structured communication ${m.communication}.`,
    refund: 'This amount will be refunded to your account.',
    see: 'See and download it in the app:',
  },
} as const;

export const renderInvoiceMail = (m: InvoiceMail, lang: Language): RenderedMail => {
  const t = INVOICE_TEXTS[lang];
  const payment = m.creditNote
    ? t.refund
    : m.payment.mode === 'DD'
      ? t.dd(m, m.payment.account)
      : t.bt(m, m.payment.iban, m.payment.beneficiary);
  const text = [
    t.hello(m.name),
    '',
    t.ready(m),
    '',
    `${t.excl}: ${money(m.totals.excl, lang)}`,
    `${t.vat}: ${money(m.totals.vat, lang)}`,
    `${t.incl}: ${money(m.totals.incl, lang)}`,
    '',
    payment,
    '',
    t.see,
    m.link,
  ].join('\n');
  return { subject: t.subject(m), text };
};

// ---------------------------------------------------------------------------------------------------------------
// Orders placed, changed, cancelled
// ---------------------------------------------------------------------------------------------------------------

export type OrderMailChange =
  | { kind: 'product'; from: string; to: string; date: string | null }
  | { kind: 'option'; name: string; from: number; to: number; date: string | null };

export type OrderMail = {
  event: 'placed' | 'changed' | 'canceled';
  name: string;
  order: string;
  msisdn: string | null;
  /** What the order will still do. */
  changes: OrderMailChange[];
  /** What a cancellation withdrew. */
  canceled: OrderMailChange[];
  /** The order's price as stored (null: nothing left to price). */
  pricing: OrderPricing | null;
  link: string;
};

const ORDER_TEXTS = {
  fr: {
    subject: {
      placed: 'Votre commande {o} est enregistrée',
      changed: 'Votre commande {o} est modifiée',
      canceled: 'Votre commande {o} : annulation',
    },
    hello: (name: string) => `Bonjour ${name},`,
    intro: {
      placed: (o: string, line: string) => `Nous avons bien reçu votre commande ${o} pour la ligne ${line}.`,
      changed: (o: string, line: string) => `Votre commande ${o} pour la ligne ${line} est modifiée.`,
      canceled: (o: string, line: string) => `Vous avez annulé une partie ou la totalité de votre commande ${o} pour la ligne ${line}.`,
    },
    planned: 'Ce qui sera fait :',
    withdrawn: 'Ce qui ne sera pas fait :',
    nothingLeft: 'Cette commande ne fera plus aucun changement.',
    product: (from: string, to: string) => `${from} → ${to}`,
    option: (name: string, from: number, to: number) => `${name} : ${from} → ${to}`,
    on: (date: string) => ` (le ${day(date)})`,
    before: (total: string) => `Votre prix mensuel aujourd’hui : ${total}`,
    after: (date: string) => `Votre prix mensuel à partir du ${day(date)} :`,
    total: 'Total par mois',
    proRata: (from: string, to: string, days: number, cycleDays: number) =>
      `Pour le reste de ce cycle, du ${day(from)} au ${day(to)} (${days} jours sur ${cycleDays}), sur votre prochaine facture :`,
    proRataTotal: 'Total pour ce cycle',
    see: 'Suivez votre commande dans l’app :',
  },
  nl: {
    subject: {
      placed: 'Uw bestelling {o} is geregistreerd',
      changed: 'Uw bestelling {o} is gewijzigd',
      canceled: 'Uw bestelling {o}: annulering',
    },
    hello: (name: string) => `Beste ${name},`,
    intro: {
      placed: (o: string, line: string) => `We hebben uw bestelling ${o} voor lijn ${line} goed ontvangen.`,
      changed: (o: string, line: string) => `Uw bestelling ${o} voor lijn ${line} is gewijzigd.`,
      canceled: (o: string, line: string) => `U hebt uw bestelling ${o} voor lijn ${line} geheel of gedeeltelijk geannuleerd.`,
    },
    planned: 'Wat er gebeurt:',
    withdrawn: 'Wat er niet gebeurt:',
    nothingLeft: 'Deze bestelling wijzigt niets meer.',
    product: (from: string, to: string) => `${from} → ${to}`,
    option: (name: string, from: number, to: number) => `${name}: ${from} → ${to}`,
    on: (date: string) => ` (op ${day(date)})`,
    before: (total: string) => `Uw maandprijs vandaag: ${total}`,
    after: (date: string) => `Uw maandprijs vanaf ${day(date)}:`,
    total: 'Totaal per maand',
    proRata: (from: string, to: string, days: number, cycleDays: number) =>
      `Voor de rest van deze periode, van ${day(from)} tot ${day(to)} (${days} van ${cycleDays} dagen), op uw volgende factuur:`,
    proRataTotal: 'Totaal voor deze periode',
    see: 'Volg uw bestelling in de app:',
  },
  en: {
    subject: { placed: 'Your order {o} is registered', changed: 'Your order {o} is changed', canceled: 'Your order {o}: cancellation' },
    hello: (name: string) => `Hello ${name},`,
    intro: {
      placed: (o: string, line: string) => `We have received your order ${o} for line ${line}.`,
      changed: (o: string, line: string) => `Your order ${o} for line ${line} has been changed.`,
      canceled: (o: string, line: string) => `You cancelled all or part of your order ${o} for line ${line}.`,
    },
    planned: 'What will happen:',
    withdrawn: 'What will not happen:',
    nothingLeft: 'This order will no longer change anything.',
    product: (from: string, to: string) => `${from} → ${to}`,
    option: (name: string, from: number, to: number) => `${name}: ${from} → ${to}`,
    on: (date: string) => ` (on ${day(date)})`,
    before: (total: string) => `Your monthly price today: ${total}`,
    after: (date: string) => `Your monthly price from ${day(date)}:`,
    total: 'Total a month',
    proRata: (from: string, to: string, days: number, cycleDays: number) =>
      `For the rest of this cycle, from ${day(from)} to ${day(to)} (${days} of ${cycleDays} days), on your next invoice:`,
    proRataTotal: 'Total for this cycle',
    see: 'Follow your order in the app:',
  },
} as const;

const priceLines = (lines: readonly PriceLine[], lang: Language): string[] =>
  lines.map(
    (line) =>
      `  ${line.label[lang]}${line.kind === 'option' && line.quantity !== 1 ? ` × ${line.quantity}` : ''}: ${money(line.amount, lang)}`,
  );

export const renderOrderMail = (m: OrderMail, lang: Language): RenderedMail => {
  const t = ORDER_TEXTS[lang];
  const change = (c: OrderMailChange) =>
    `- ${c.kind === 'product' ? t.product(c.from, c.to) : t.option(c.name, c.from, c.to)}${c.date ? t.on(c.date) : ''}`;
  const line = m.msisdn ? formatBelgianPhone(m.msisdn) : '';
  const parts: string[] = [t.hello(m.name), '', t.intro[m.event](m.order, line)];
  if (m.canceled.length > 0) parts.push('', t.withdrawn, ...m.canceled.map(change));
  if (m.changes.length > 0) parts.push('', t.planned, ...m.changes.map(change));
  else parts.push('', t.nothingLeft);
  if (m.pricing && m.changes.length > 0) {
    const p = m.pricing;
    parts.push(
      '',
      t.before(money(p.before.total, lang)),
      '',
      t.after(p.from),
      ...priceLines(p.after.lines, lang),
      `  ${t.total}: ${money(p.after.total, lang)}`,
    );
    if (p.proRata) {
      parts.push(
        '',
        t.proRata(p.proRata.from, p.proRata.to, p.proRata.days, p.proRata.cycleDays),
        ...priceLines(p.proRata.lines, lang),
        `  ${t.proRataTotal}: ${money(p.proRata.total, lang)}`,
      );
    }
  }
  parts.push('', t.see, m.link);
  return { subject: t.subject[m.event].replace('{o}', m.order), text: parts.join('\n') };
};
