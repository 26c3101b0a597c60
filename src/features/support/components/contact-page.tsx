import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { subSubjectsOf, supportSubjectList, supportTicketFormSchema } from '#contract/support';
import { contactMessageMax } from '#contract/validators';
import { useFieldError } from '#i18n/use-field-error';
import { formatDataSize, formatDateTime } from '#lib/format';
import { Alert } from '#ui/alert';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { FreshnessNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import { TitledPage } from '#ui/titled-page';
import { useOnline } from '#ui/use-online';
import { attachmentError, charactersLeft } from '../data/ticket-form.ts';
import { sendTicket, takeBackTicket, type TicketValues } from '../data/ticket.mutation.ts';
import { useSupportContact, type TicketItem } from '../data/use-tickets.ts';
import './support.css';

type FormValues = { subject: string; subSubject: string; message: string };

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

/**
 * /support/contact: the contact form (docs/product/support.md "Contact form"; docs/product/validation.md
 * "Contact form"). A message written offline waits on this device with its attachment and is sent once when back
 * online; each message gets a reference the customer sees here and by e-mail.
 */
export const SupportContactPage = () => {
  const { t, i18n } = useTranslation(['support', 'common', 'errors', 'validation']);
  const fieldError = useFieldError();
  const online = useOnline();
  const id = useId();
  const { result, refresh, settled } = useSupportContact();
  const [refreshing, setRefreshing] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [lastSent, setLastSent] = useState<string | null>(null);
  // A new key gives a new, empty file input: how a chosen file is cleared from it.
  const [fileInputKey, setFileInputKey] = useState(0);
  const {
    register,
    handleSubmit,
    reset,
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(supportTicketFormSchema) as never,
    mode: 'onTouched',
    defaultValues: { subject: '', subSubject: '', message: '' },
  });
  const subject = useWatch({ control, name: 'subject' });
  const message = useWatch({ control, name: 'message' });
  const left = charactersLeft(message, contactMessageMax);
  const subSubjects = subSubjectsOf(subject);

  if (result.status === 'loading') return <Spinner label={t('common:loading')} />;
  const { customerId, tickets, fetchedAt } = result.data;
  const last = tickets.find((ticket) => ticket.id === lastSent);

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setFileError(chosen ? attachmentError(chosen) : null);
  };
  const clearFile = () => {
    chooseFile(null);
    setFileInputKey((key) => key + 1);
  };

  const onSubmit = handleSubmit(async (values) => {
    if (customerId === null || (file && attachmentError(file))) return;
    const sent = await sendTicket(customerId, values as TicketValues, file);
    setLastSent(sent);
    reset({ subject: '', subSubject: '', message: '' });
    clearFile();
  });

  const takeBack = async (ticket: TicketItem) => {
    if (!ticket.changeKey) return;
    const back = await takeBackTicket(ticket.changeKey);
    if (!back) return;
    reset(back.values);
    chooseFile(back.file);
    setLastSent(null);
  };

  const reason = (ticket: TicketItem) => {
    const code = ticket.error?.code;
    return code && i18n.exists(code, { ns: 'errors' }) ? t(`errors:${code}` as 'errors:ticketError') : t('errors:ticketError');
  };

  const counterId = `${id}-counter`;
  return (
    <TitledPage title={t('support:contact.title')}>
      <p>{t('support:contact.intro')}</p>
      {last ? (
        last.state === 'sent' ? (
          <Alert tone="success">{t('support:contact.sent', { reference: last.reference })}</Alert>
        ) : last.state === 'rejected' ? (
          <Alert tone="error">{t('support:contact.rejected', { reason: reason(last) })}</Alert>
        ) : online ? (
          <Alert tone="info">{t('support:contact.sending')}</Alert>
        ) : (
          <Alert tone="info">{t('support:contact.queued')}</Alert>
        )
      ) : null}
      <form className="form support-form" noValidate aria-label={t('support:contact.formLabel')} onSubmit={(event) => void onSubmit(event)}>
        <div className="field">
          <label htmlFor={`${id}-subject`}>{t('support:contact.subject')}</label>
          <select
            id={`${id}-subject`}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={errors.subject ? `${id}-subject-error` : undefined}
            {...register('subject', { onChange: () => setValue('subSubject', '') })}
          >
            <option value="">{t('support:contact.subjectPlaceholder')}</option>
            {supportSubjectList.map((key) => (
              <option key={key} value={key}>
                {t(`support:subjects.${key}`)}
              </option>
            ))}
          </select>
          {errors.subject ? (
            <span id={`${id}-subject-error`} className="field__error">
              {fieldError(errors.subject.message)}
            </span>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-sub`}>{t('support:contact.subSubject')}</label>
          <select
            id={`${id}-sub`}
            disabled={subSubjects.length === 0}
            aria-invalid={errors.subSubject ? true : undefined}
            aria-describedby={errors.subSubject ? `${id}-sub-error` : undefined}
            {...register('subSubject')}
          >
            <option value="">
              {t(subSubjects.length === 0 ? 'support:contact.subSubjectPlaceholder' : 'support:contact.subSubjectChoose')}
            </option>
            {subSubjects.map((key) => (
              <option key={key} value={key}>
                {t(`support:subSubjects.${key}`)}
              </option>
            ))}
          </select>
          {errors.subSubject ? (
            <span id={`${id}-sub-error`} className="field__error">
              {fieldError(errors.subSubject.message)}
            </span>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-message`}>{t('support:contact.message')}</label>
          <textarea
            id={`${id}-message`}
            rows={6}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={[counterId, errors.message ? `${id}-message-error` : ''].filter(Boolean).join(' ')}
            {...register('message')}
          />
          <span id={counterId} className="field__description support-form__counter" data-over={left < 0 ? true : undefined}>
            {left >= 0
              ? t('support:contact.counter', { count: left, max: contactMessageMax })
              : t('support:contact.counterOver', { count: -left, max: contactMessageMax })}
          </span>
          {errors.message ? (
            <span id={`${id}-message-error`} className="field__error">
              {fieldError(errors.message.message)}
            </span>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-file`}>{t('support:contact.attachment')}</label>
          <input
            key={fileInputKey}
            id={`${id}-file`}
            type="file"
            accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={[`${id}-file-hint`, fileError ? `${id}-file-error` : ''].filter(Boolean).join(' ')}
            onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
          />
          <span id={`${id}-file-hint`} className="field__description">
            {t('support:contact.attachmentHint')}
          </span>
          {fileError ? (
            <span id={`${id}-file-error`} className="field__error" role="alert">
              {fieldError(fileError)}
            </span>
          ) : null}
          {file ? (
            <div className="support-form__file">
              <span>{t('support:contact.attachmentChosen', { name: file.name, size: formatDataSize(file.size, i18n.language) })}</span>
              <Button variant="ghost" onPress={clearFile}>
                {t('support:contact.removeAttachment')}
              </Button>
            </div>
          ) : null}
        </div>
        {!online ? <p className="muted">{t('support:contact.offlineHint')}</p> : null}
        <Button type="submit" isDisabled={isSubmitting || customerId === null}>
          {t('support:contact.send')}
        </Button>
      </form>
      <section aria-labelledby={`${id}-history`} className="support-history">
        <h2 id={`${id}-history`}>{t('support:contact.history.heading')}</h2>
        <p className="muted">{t('support:contact.history.intro')}</p>
        <FreshnessNote
          fetchedAt={fetchedAt}
          busy={refreshing}
          onRefresh={() => {
            setRefreshing(true);
            void refresh().finally(() => setRefreshing(false));
          }}
        />
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
                    <Button variant="secondary" onPress={() => void takeBack(ticket)}>
                      {t('support:contact.history.reuse')}
                    </Button>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </TitledPage>
  );
};
