import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#lib/format';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { RefreshNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import type { TicketItem } from '../data/use-tickets.ts';

/** Where a message stands: waiting on this device, refused, or (sent) as customer service has it. */
const TicketState = ({ ticket }: { ticket: TicketItem }) => {
  const { t } = useTranslation('support');
  if (ticket.state === 'sent') {
    const status = ticket.status ?? 'received';
    return (
      <>
        <Badge tone={status === 'answered' || status === 'closed' ? 'success' : 'warning'}>{t(`contact.history.status.${status}`)}</Badge>{' '}
        <span>{t('contact.history.reference', { reference: ticket.reference })}</span>
      </>
    );
  }
  if (ticket.state === 'rejected') return <Badge tone="danger">{t('contact.history.rejected')}</Badge>;
  return <Badge tone="warning">{t('contact.history.pending')}</Badge>;
};

/** Why a message was refused, in the page's language (a generic reason when the code has no text). */
export const useTicketReason = () => {
  const { t, i18n } = useTranslation(['support', 'errors']);
  return (ticket: TicketItem) => {
    const code = ticket.error?.code;
    return code && i18n.exists(code, { ns: 'errors' }) ? t(`errors:${code}` as 'errors:ticketError') : t('errors:ticketError');
  };
};

/** The user's messages, from whichever device wrote them, with their state; a refused one can be taken back. */
export const TicketHistory = ({
  tickets,
  fetchedAt,
  settled,
  refresh,
  onTakeBack,
}: {
  tickets: TicketItem[];
  fetchedAt: number | undefined;
  settled: boolean;
  refresh: () => Promise<void>;
  onTakeBack: (ticket: TicketItem) => void;
}) => {
  const { t, i18n } = useTranslation(['support', 'common']);
  const id = useId();
  const reason = useTicketReason();
  return (
    <section aria-labelledby={`${id}-history`} className="support-history">
      <h2 id={`${id}-history`}>{t('support:contact.history.heading')}</h2>
      <p className="muted">{t('support:contact.history.intro')}</p>
      <RefreshNote fetchedAt={fetchedAt} refresh={refresh} />
      {tickets.length === 0 ? (
        fetchedAt === undefined && !settled ? (
          <Spinner label={t('common:loading')} />
        ) : (
          <p className="muted">{t('support:contact.history.empty')}</p>
        )
      ) : (
        <ul className="support-history__list">
          {tickets.map((ticket) => (
            <li key={ticket.id} className="card">
              <p className="support-history__subject">
                {t(`support:subjects.${ticket.subject}` as 'support:subjects.other')} ›{' '}
                {t(`support:subSubjects.${ticket.subSubject}` as 'support:subSubjects.other_other')}
              </p>
              <p className="support-history__state">
                <TicketState ticket={ticket} />
              </p>
              <p className="support-history__message">{ticket.message}</p>
              {ticket.attachmentName ? (
                <p className="muted">{t('support:contact.history.attachment', { name: ticket.attachmentName })}</p>
              ) : null}
              <p className="muted">{t('support:contact.history.writtenOn', { date: formatDateTime(ticket.createdAt, i18n.language) })}</p>
              {ticket.state === 'rejected' ? (
                <>
                  <p className="field__error">{reason(ticket)}</p>
                  <Button variant="secondary" onPress={() => onTakeBack(ticket)}>
                    {t('support:contact.history.reuse')}
                  </Button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
