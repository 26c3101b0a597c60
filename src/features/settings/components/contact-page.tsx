import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '#i18n/use-field-error';
import { Alert } from '#ui/alert';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { RefreshNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import { TextField } from '#ui/text-field';
import { TitledPage } from '#ui/titled-page';
import { useFormFollows } from '#ui/use-form-follows';
import { useOnline } from '#ui/use-online';
import { contactFormSchema, contactFormValues, saveContact, type ContactFormValues } from '../data/contact.mutation.ts';
import { resendEmailConfirmation, type ResendResult } from '../data/email-confirmation.ts';
import { useChangeOutcome, useContact } from '../data/use-contact.ts';

/**
 * A changed e-mail address awaits its confirmation link: say so, and offer to send the link again (online only;
 * the server allows 3 in a row, then 30 minutes).
 */
const EmailConfirmation = ({ customerId, email }: { customerId: number; email: string }) => {
  const { t } = useTranslation(['settings', 'common', 'errors']);
  const online = useOnline();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<ResendResult | null>(null);
  return (
    <div className="alert" data-tone="warning" role="status" aria-labelledby="email-unconfirmed">
      <p id="email-unconfirmed">{t('settings:contact.emailUnconfirmed', { email })}</p>
      <Button
        variant="secondary"
        isDisabled={!online || sending}
        onPress={() => {
          setResult(null);
          setSending(true);
          void resendEmailConfirmation(customerId)
            .then(setResult)
            .finally(() => setSending(false));
        }}
      >
        {t('settings:contact.resend')}
      </Button>
      {!online ? <p className="muted">{t('common:onlineOnly')}</p> : null}
      {result?.ok ? <p>{t('settings:contact.resent', { email: result.email })}</p> : null}
      {result && !result.ok ? (
        <p className="field__error">
          {result.code === 'tooManyCodeRequests'
            ? t('settings:contact.resendTooMany', { count: result.retryAfterMinutes ?? 30 })
            : t(`errors:${result.code}` as 'errors:serverError', { defaultValue: t('errors:serverError') })}
        </p>
      ) : null}
    </div>
  );
};

type Notice = 'unchanged' | 'saved' | 'rejected' | 'queued' | null;

/** What the page says of the last save: nothing to change, applied, refused, or kept for later (offline). */
const noticeOf = (attempt: { key: string | null } | null, outcome: ReturnType<typeof useChangeOutcome>, online: boolean): Notice =>
  attempt === null
    ? null
    : attempt.key === null
      ? 'unchanged'
      : outcome?.state === 'applied'
        ? 'saved'
        : outcome?.state === 'rejected'
          ? 'rejected'
          : outcome?.state === 'waiting' && !online
            ? 'queued'
            : null;

/** The changes still waiting, and what became of the last save. */
const ContactNotices = ({ pendingCount, notice, code }: { pendingCount: number; notice: Notice; code: string | undefined }) => {
  const { t } = useTranslation(['settings', 'errors']);
  return (
    <>
      {pendingCount > 0 ? (
        <p role="status" className="contact-pending">
          <Badge tone="warning">{t('settings:contact.pendingBadge')}</Badge> {t('settings:contact.pending', { count: pendingCount })}
        </p>
      ) : null}
      {notice === 'queued' ? <Alert tone="info">{t('settings:contact.queued')}</Alert> : null}
      {notice === 'saved' && pendingCount === 0 ? <Alert tone="success">{t('settings:contact.saved')}</Alert> : null}
      {notice === 'rejected' ? (
        <Alert tone="error">
          {t('settings:contact.rejected', {
            reason: t(`errors:${code ?? 'serverError'}` as 'errors:serverError', { defaultValue: t('errors:serverError') }),
          })}
        </Alert>
      ) : null}
      {notice === 'unchanged' ? <Alert tone="info">{t('settings:contact.unchanged')}</Alert> : null}
    </>
  );
};

/**
 * /settings/contact: the holder's contact details, editable offline (queued change, docs/product/settings.md
 * "Contact details").
 */
export const ContactPage = () => {
  const { t } = useTranslation(['settings', 'common', 'errors']);
  const fieldError = useFieldError();
  const online = useOnline();
  const { result, refresh, refreshError } = useContact();
  // The last save: its change's key (null: nothing to change). A new attempt replaces it, valid or not, so the
  // outcome of an earlier save never stays next to a later one.
  const [attempt, setAttempt] = useState<{ key: string | null } | null>(null);
  const outcome = useChangeOutcome(attempt?.key ?? null);
  const data = result.status === 'ready' ? result.data : null;
  const contact = data?.contact;

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema) as never,
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', mobile: '' },
  });

  // The form follows the stored contact (a replay or a pull changed it) unless the user is typing.
  const saved = useFormFollows(contact, contactFormValues, isDirty, reset);

  if (result.status === 'loading' || !data) return <Spinner label={t('common:loading')} />;
  if (!contact) {
    return (
      <TitledPage title={t('settings:contact.title')}>
        {refreshError ? <Alert tone="error">{t('settings:contact.loadError')}</Alert> : <Spinner label={t('common:loading')} />}
      </TitledPage>
    );
  }

  const pendingCount = data.pending.filter((p) => p.state !== 'rejected').length;
  const onSubmit = handleSubmit(
    async (values) => {
      setAttempt(null);
      const key = await saveContact(data.customerId, contact, values);
      saved(values);
      setAttempt({ key });
    },
    () => setAttempt(null),
  );
  const notice = noticeOf(attempt, outcome, online);

  return (
    <TitledPage title={t('settings:contact.title')}>
      <RefreshNote fetchedAt={data.fetchedAt} refresh={refresh} />
      <ContactNotices pendingCount={pendingCount} notice={notice} code={outcome?.code} />
      {data.canEdit && contact.email && !contact.isEmailConfirmed ? (
        <EmailConfirmation customerId={data.customerId} email={contact.email} />
      ) : null}
      {!data.canEdit ? <Alert tone="info">{t('settings:contact.readOnly')}</Alert> : null}
      {/* An outcome ("saved", "refused") is about the values it was given: once the customer types in a field it no
          longer describes the form, so it goes (input events come from typing only, never from a reset). */}
      <form
        className="form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        onInput={() => setAttempt(null)}
        aria-label={t('settings:contact.formLabel')}
      >
        <fieldset disabled={!data.canEdit} className="form__fields">
          <TextField
            label={t('settings:contact.firstName')}
            autoComplete="given-name"
            error={fieldError(errors.firstName?.message)}
            {...register('firstName')}
          />
          <TextField
            label={t('settings:contact.lastName')}
            autoComplete="family-name"
            error={fieldError(errors.lastName?.message)}
            {...register('lastName')}
          />
          <TextField
            label={t('settings:contact.email')}
            type="email"
            autoComplete="email"
            error={fieldError(errors.email?.message)}
            {...register('email')}
          />
          {/* tel-national: the browser fills the number without +32, the national form the rule takes. */}
          <TextField
            label={t('settings:contact.mobile')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            description={t('settings:contact.mobileHint')}
            error={fieldError(errors.mobile?.message)}
            {...register('mobile')}
          />
          <TextField
            label={t('settings:contact.phone')}
            type="tel"
            inputMode="tel"
            description={t('settings:contact.phoneHint')}
            error={fieldError(errors.phone?.message)}
            {...register('phone')}
          />
        </fieldset>
        {!online ? <p className="muted">{t('settings:contact.offlineHint')}</p> : null}
        <Button type="submit" isDisabled={!data.canEdit}>
          {t('common:save')}
        </Button>
      </form>
    </TitledPage>
  );
};
