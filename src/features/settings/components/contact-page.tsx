import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '#i18n/use-field-error';
import { Alert } from '#ui/alert';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { FreshnessNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import { TextField } from '#ui/text-field';
import { TitledPage } from '#ui/titled-page';
import { useOnline } from '#ui/use-online';
import { contactFormSchema, contactFormValues, saveContact, type ContactFormValues } from '../data/contact.mutation.ts';
import { useContact } from '../data/use-contact.ts';

/** /settings/contact: the holder's contact details, editable offline (queued change, SPEC §2 "Profile"). */
export const ContactPage = () => {
  const { t } = useTranslation(['settings', 'common']);
  const fieldError = useFieldError();
  const online = useOnline();
  const { result, refresh, refreshError } = useContact();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<'saved' | 'queued' | 'unchanged' | null>(null);
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

  // The form follows the stored contact (a replay or a pull changed it) unless the user is typing. The effect may
  // run after a keystroke it did not see (React flushes it just before the keystroke's render): keepDirtyValues
  // keeps what the user typed then, instead of overwriting it with the stored value.
  useEffect(() => {
    if (contact && !isDirty) reset(contactFormValues(contact), { keepDirtyValues: true });
  }, [contact, isDirty, reset]);

  if (result.status === 'loading' || !data) return <Spinner label={t('common:loading')} />;
  if (!contact) {
    return (
      <TitledPage title={t('settings:contact.title')}>
        {refreshError ? <Alert tone="error">{t('settings:contact.loadError')}</Alert> : <Spinner label={t('common:loading')} />}
      </TitledPage>
    );
  }

  const pendingCount = data.pending.filter((p) => p.state !== 'rejected').length;
  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    const changed = await saveContact(data.customerId, contact, values);
    reset(values);
    setNotice(!changed ? 'unchanged' : navigator.onLine ? 'saved' : 'queued');
  });

  return (
    <TitledPage title={t('settings:contact.title')}>
      <FreshnessNote
        fetchedAt={data.fetchedAt}
        busy={busy}
        onRefresh={() => {
          setBusy(true);
          void refresh().finally(() => setBusy(false));
        }}
      />
      {pendingCount > 0 ? (
        <p role="status" className="contact-pending">
          <Badge tone="warning">{t('settings:contact.pendingBadge')}</Badge> {t('settings:contact.pending', { count: pendingCount })}
        </p>
      ) : null}
      {notice === 'queued' ? <Alert tone="info">{t('settings:contact.queued')}</Alert> : null}
      {notice === 'saved' && pendingCount === 0 ? <Alert tone="success">{t('settings:contact.saved')}</Alert> : null}
      {notice === 'unchanged' ? <Alert tone="info">{t('settings:contact.unchanged')}</Alert> : null}
      {!data.canEdit ? <Alert tone="info">{t('settings:contact.readOnly')}</Alert> : null}
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('settings:contact.formLabel')}>
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
          <TextField
            label={t('settings:contact.mobile')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            description={t('settings:contact.phoneHint')}
            error={fieldError(errors.mobile?.message)}
            {...register('mobile')}
          />
          <TextField
            label={t('settings:contact.phone')}
            type="tel"
            inputMode="numeric"
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
