import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceContext } from '#contract/invoice-rules';
import { Badge } from '#ui/badge';
import { FreshnessNote } from '#ui/freshness-note';

/* The two blocks the bills screen's rows and the invoice screen share: an invoice's status chip and the refresh line. */

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

/** When the screen's data was fetched, and its refresh, busy while the refresh runs. */
export const RefreshNote = ({ fetchedAt, refresh }: { fetchedAt: number | undefined; refresh: () => Promise<unknown> }) => {
  const [busy, setBusy] = useState(false);
  return (
    <FreshnessNote
      fetchedAt={fetchedAt}
      busy={busy}
      onRefresh={() => {
        setBusy(true);
        void refresh().finally(() => setBusy(false));
      }}
    />
  );
};
