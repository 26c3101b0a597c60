import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { subSubjectsOf, supportTicketFormSchema } from '#contract/support';
import { contactMessageMax } from '#contract/validators';
import { useFieldError } from '#i18n/use-field-error';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { Spinner } from '#ui/spinner';
import { TitledPage } from '#ui/titled-page';
import { useOnline } from '#ui/use-online';
import { attachmentError, charactersLeft } from '../data/ticket-form.ts';
import { sendTicket, takeBackTicket, type TicketValues } from '../data/ticket.mutation.ts';
import { useSupportContact, type TicketItem } from '../data/use-tickets.ts';
import { AttachmentField, SubjectFields, type ContactFormValues } from './contact-fields.tsx';
import { TicketHistory, useTicketReason } from './ticket-history.tsx';
import './support.css';

/**
 * /support/contact: the contact form (docs/product/support.md "Contact form"; docs/product/validation.md
 * "Contact form"). A message written offline waits on this device with its attachment and is sent once when back
 * online; each message gets a reference the customer sees here and by e-mail.
 */
export const SupportContactPage = () => {
  const { t } = useTranslation(['support', 'common', 'errors', 'validation']);
  const fieldError = useFieldError();
  const online = useOnline();
  const id = useId();
  const { result, refresh, settled } = useSupportContact();
  const reason = useTicketReason();
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
  } = useForm<ContactFormValues>({
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
        <SubjectFields id={id} subSubjects={subSubjects} register={register} errors={errors} setValue={setValue} />
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
        <AttachmentField
          id={id}
          file={file}
          fileError={fileError}
          fileInputKey={fileInputKey}
          chooseFile={chooseFile}
          clearFile={clearFile}
        />
        {!online ? <p className="muted">{t('support:contact.offlineHint')}</p> : null}
        <Button type="submit" isDisabled={isSubmitting || customerId === null}>
          {t('support:contact.send')}
        </Button>
      </form>
      <TicketHistory
        tickets={tickets}
        fetchedAt={fetchedAt}
        settled={settled}
        refresh={refresh}
        onTakeBack={(ticket) => void takeBack(ticket)}
      />
    </TitledPage>
  );
};
