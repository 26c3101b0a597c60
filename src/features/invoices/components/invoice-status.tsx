import { useTranslation } from 'react-i18next';
import type { InvoiceContext } from '#contract/invoice-rules';
import { Badge } from '#ui/badge';

/* An invoice's status chip, which the bills screen's rows and the invoice screen share (their refresh line is ui/freshness-note.tsx's RefreshNote). */

const tones: Record<InvoiceContext, 'success' | 'warning' | 'danger' | undefined> = {
  IS_PAID: 'success',
  TO_PAID: 'warning',
  DD_PENDING: undefined,
  DD_FAILED: 'danger',
  CREDIT_OPEN: undefined,
  CREDIT_REFUNDED: 'success',
};

/** An invoice's status as a chip ("À payer", "Domiciliation échouée"), its tone saying whether it needs the customer. */
export const InvoiceStatusChip = ({ context }: { context: InvoiceContext }) => {
  const { t } = useTranslation('invoices');
  return <Badge tone={tones[context]}>{t(`invoice.contexts.${context}`)}</Badge>;
};
