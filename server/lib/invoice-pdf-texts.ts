/* The invoice PDF's texts in the three languages (docs/product/invoices.md "The invoice document"). */
import type { Language } from '#contract/common';
import type { InvoiceContext } from '#contract/invoice-rules';
import { VAT_RATE_PERCENT } from '#contract/pricing';

export type Texts = {
  invoice: string;
  creditNote: string;
  piece: string;
  issued: string;
  due: string;
  period: (from: string, to: string) => string;
  customerNumber: string;
  costCenter: string;
  line: (msisdn: string) => string;
  otherLines: string;
  kinds: Record<'usage' | 'fee', string>;
  days: (from: string, to: string) => string;
  description: string;
  amountExcl: string;
  supplierVat: string;
  customerVat: string;
  quantity: (n: number) => string;
  totalExclVat: string;
  vat: string;
  total: string;
  refund: string;
  communication: string;
  partial: string;
  left: string;
  contexts: Record<InvoiceContext, (facts: { due: string; iban: string; paidAt: string; refundBy: string; reuseUntil: string }) => string>;
  payTo: string;
  scan: string;
  creditor: string;
  colon: string;
};

export const TEXTS: Record<Language, Texts> = {
  fr: {
    invoice: 'Facture',
    creditNote: 'Note de crédit',
    piece: 'Numéro de pièce',
    issued: 'Date de facture',
    due: 'Échéance',
    period: (from, to) => `Période du ${from} au ${to}`,
    customerNumber: 'Numéro de client',
    costCenter: 'Centre de coûts',
    line: (msisdn) => `Ligne ${msisdn}`,
    otherLines: 'Autres frais',
    kinds: { usage: 'Consommation hors forfait de la période', fee: 'Frais' },
    days: (from, to) => `du ${from} au ${to}`,
    description: 'Description',
    amountExcl: 'Montant hors TVA',
    supplierVat: 'TVA',
    customerVat: 'N° TVA du client',
    quantity: (n) => `× ${n}`,
    totalExclVat: 'Total hors TVA',
    vat: `TVA ${VAT_RATE_PERCENT} %`,
    total: 'Total TVA comprise',
    refund: 'Montant à vous rembourser',
    communication: 'Communication structurée',
    partial: 'Déjà payé',
    left: 'Reste à payer',
    contexts: {
      IS_PAID: ({ paidAt }) => `Payée le ${paidAt}. Merci.`,
      TO_PAID: ({ due }) => `À payer par virement avant le ${due}, avec la communication structurée ci-dessus.`,
      DD_PENDING: ({ due, iban }) => `Sera prélevée par domiciliation le ${due} sur le compte ${iban}.`,
      DD_FAILED: ({ due }) => `La domiciliation du ${due} n’a pas abouti : payez par virement avec la communication structurée ci-dessus.`,
      CREDIT_OPEN: ({ refundBy, reuseUntil }) =>
        `Remboursée au plus tard le ${refundBy}, ou déduite de votre prochaine facture si elle est émise d’ici le ${reuseUntil}.`,
      CREDIT_REFUNDED: ({ paidAt }) => `Remboursée le ${paidAt}.`,
    },
    payTo: 'Virement à',
    scan: 'Scannez ce code avec votre application bancaire pour remplir le virement.',
    creditor: 'Bénéficiaire',
    colon: ' : ',
  },
  nl: {
    invoice: 'Factuur',
    creditNote: 'Creditnota',
    piece: 'Stuknummer',
    issued: 'Factuurdatum',
    due: 'Vervaldatum',
    period: (from, to) => `Periode van ${from} tot ${to}`,
    customerNumber: 'Klantnummer',
    costCenter: 'Kostenplaats',
    line: (msisdn) => `Lijn ${msisdn}`,
    otherLines: 'Andere kosten',
    kinds: { usage: 'Verbruik buiten de bundel in de periode', fee: 'Kosten' },
    days: (from, to) => `van ${from} tot ${to}`,
    description: 'Omschrijving',
    amountExcl: 'Bedrag excl. btw',
    supplierVat: 'Btw',
    customerVat: 'Btw-nummer klant',
    quantity: (n) => `× ${n}`,
    totalExclVat: 'Totaal excl. btw',
    vat: `Btw ${VAT_RATE_PERCENT} %`,
    total: 'Totaal incl. btw',
    refund: 'Terug te betalen bedrag',
    communication: 'Gestructureerde mededeling',
    partial: 'Al betaald',
    left: 'Nog te betalen',
    contexts: {
      IS_PAID: ({ paidAt }) => `Betaald op ${paidAt}. Dank u.`,
      TO_PAID: ({ due }) => `Te betalen via overschrijving vóór ${due}, met de gestructureerde mededeling hierboven.`,
      DD_PENDING: ({ due, iban }) => `Wordt op ${due} via domiciliëring afgeschreven van rekening ${iban}.`,
      DD_FAILED: ({ due }) =>
        `De domiciliëring van ${due} is mislukt: betaal via overschrijving met de gestructureerde mededeling hierboven.`,
      CREDIT_OPEN: ({ refundBy, reuseUntil }) =>
        `Uiterlijk op ${refundBy} terugbetaald, of verrekend met uw volgende factuur als die uiterlijk op ${reuseUntil} wordt opgemaakt.`,
      CREDIT_REFUNDED: ({ paidAt }) => `Terugbetaald op ${paidAt}.`,
    },
    payTo: 'Overschrijving naar',
    scan: 'Scan deze code met uw bankapp om de overschrijving in te vullen.',
    creditor: 'Begunstigde',
    colon: ': ',
  },
  en: {
    invoice: 'Invoice',
    creditNote: 'Credit note',
    piece: 'Document number',
    issued: 'Invoice date',
    due: 'Due date',
    period: (from, to) => `Period from ${from} to ${to}`,
    customerNumber: 'Customer number',
    costCenter: 'Cost centre',
    line: (msisdn) => `Line ${msisdn}`,
    otherLines: 'Other charges',
    kinds: { usage: 'Out-of-bundle usage in the period', fee: 'Charges' },
    days: (from, to) => `from ${from} to ${to}`,
    description: 'Description',
    amountExcl: 'Amount excl. VAT',
    supplierVat: 'VAT',
    customerVat: 'Customer VAT number',
    quantity: (n) => `× ${n}`,
    totalExclVat: 'Total excl. VAT',
    vat: `VAT ${VAT_RATE_PERCENT} %`,
    total: 'Total incl. VAT',
    refund: 'Amount refunded to you',
    communication: 'Structured communication',
    partial: 'Already paid',
    left: 'Left to pay',
    contexts: {
      IS_PAID: ({ paidAt }) => `Paid on ${paidAt}. Thank you.`,
      TO_PAID: ({ due }) => `To pay by bank transfer by ${due}, with the structured communication above.`,
      DD_PENDING: ({ due, iban }) => `Will be collected by direct debit on ${due} from account ${iban}.`,
      DD_FAILED: ({ due }) => `The direct debit of ${due} failed: pay by bank transfer with the structured communication above.`,
      CREDIT_OPEN: ({ refundBy, reuseUntil }) =>
        `Refunded by ${refundBy} at the latest, or taken off your next invoice if it is issued by ${reuseUntil}.`,
      CREDIT_REFUNDED: ({ paidAt }) => `Refunded on ${paidAt}.`,
    },
    payTo: 'Transfer to',
    scan: 'Scan this code with your banking app to fill in the transfer.',
    creditor: 'Beneficiary',
    colon: ': ',
  },
};

export const LOCALES: Record<Language, string> = { fr: 'fr-BE', nl: 'nl-BE', en: 'en-GB' };
