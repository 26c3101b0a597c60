import { useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '#i18n/use-field-error';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { FreshnessNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import { TextField } from '#ui/text-field';
import { TitledPage } from '#ui/titled-page';
import { useFormFollows } from '#ui/use-form-follows';
import { useOnline } from '#ui/use-online';
import {
  checkPaymentForm,
  paymentFormValues,
  savePaymentDetails,
  signsMandate,
  type PaymentField,
  type PaymentFormValues,
} from '../data/invoicing.mutation.ts';
import { usePaymentDetails } from '../data/use-payment-details.ts';
import { formatDay } from './dates.ts';
import { AddressFieldset, HolderFieldset, MandateFieldset, PaymentChanges } from './payment-fields.tsx';

const emptyValues: PaymentFormValues = {
  mode: 'BT',
  iban: '',
  bic: '',
  agreement: false,
  holderFirstName: '',
  holderLastName: '',
  holderEmail: '',
  street: '',
  number: '',
  box: '',
  zipCode: '',
  city: '',
  country: 'BE',
};

/**
 * /settings/payment: how the customer pays (direct debit or transfer), the account, its holder and the billing
 * address (docs/product/invoices.md "Payment details"; docs/product/validation.md "IBAN and BIC", "Addresses"). A
 * queued change like the contact: offline it is kept and sent when back online; the server's refusals (400 with the
 * field, 412 changed meanwhile, 422 nothing changed) are shown in the page's language.
 */
export const PaymentPage = () => {
  const { t, i18n } = useTranslation(['invoices', 'common', 'errors', 'validation']);
  const lang = i18n.language;
  const fieldError = useFieldError();
  const online = useOnline();
  const { result, refresh, refreshError } = usePaymentDetails();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<'saved' | 'queued' | 'unchanged' | null>(null);
  const data = result.status === 'ready' ? result.data : null;
  const row = data?.invoicing;

  const resolver: Resolver<PaymentFormValues> = (values) => {
    if (!row) return { values, errors: {} };
    const { errors } = checkPaymentForm(row, values);
    const entries = Object.entries(errors) as [PaymentField, string][];
    if (entries.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(
        entries.map(([field, message]) => [field, { type: 'validate', message }]),
      ) as FieldErrors<PaymentFormValues>,
    };
  };
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isDirty },
  } = useForm<PaymentFormValues>({ resolver, mode: 'onTouched', defaultValues: emptyValues });
  const [mode, iban, bic] = useWatch({ control, name: ['mode', 'iban', 'bic'] });

  // The form follows the stored details (a replay or a pull changed them) unless the user is typing.
  const saved = useFormFollows(row, paymentFormValues, isDirty, reset);

  if (result.status === 'loading' || !data) return <Spinner label={t('common:loading')} />;
  if (!data.canEdit) {
    return (
      <TitledPage title={t('invoices:payment.title')}>
        <Alert tone="info">{t('invoices:payment.readOnly')}</Alert>
      </TitledPage>
    );
  }
  if (!row) {
    return (
      <TitledPage title={t('invoices:payment.title')}>
        {refreshError ? <Alert tone="error">{t('invoices:payment.loadError')}</Alert> : <Spinner label={t('common:loading')} />}
      </TitledPage>
    );
  }

  const mandateNow = signsMandate(row, { mode, iban, bic });
  const onSubmit = handleSubmit(async (submitted) => {
    setNotice(null);
    const changed = await savePaymentDetails(data.customerId, row, submitted);
    saved({ ...submitted, agreement: false });
    setNotice(!changed ? 'unchanged' : navigator.onLine ? 'saved' : 'queued');
  });

  return (
    <TitledPage title={t('invoices:payment.title')}>
      <FreshnessNote
        fetchedAt={data.fetchedAt}
        busy={busy}
        onRefresh={() => {
          setBusy(true);
          void refresh().finally(() => setBusy(false));
        }}
      />
      <PaymentChanges pending={data.pending} notice={notice} />

      <form
        className="form payment-form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label={t('invoices:payment.formLabel')}
      >
        <fieldset className="card payment-form__group">
          <legend>{t('invoices:payment.mode')}</legend>
          {(['DD', 'BT'] as const).map((mode) => (
            <label key={mode} className="choice">
              <input type="radio" value={mode} {...register('mode')} />
              <span>{t(`invoices:payment.modes.${mode}`)}</span>
            </label>
          ))}
        </fieldset>

        <fieldset className="card payment-form__group">
          <legend>{t('invoices:payment.account')}</legend>
          {mode === 'BT' ? <p className="muted">{t('invoices:payment.btAccountHint')}</p> : null}
          <TextField
            label={t('invoices:payment.iban')}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            description={t('invoices:payment.ibanHint')}
            error={fieldError(errors.iban?.message)}
            {...register('iban')}
          />
          <TextField
            label={t('invoices:payment.bic')}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            description={t('invoices:payment.bicHint')}
            error={fieldError(errors.bic?.message)}
            {...register('bic')}
          />
          {mode === 'DD' && !mandateNow && row.payment.mandateDate ? (
            <p className="muted">{t('invoices:payment.mandate.signed', { date: formatDay(row.payment.mandateDate, lang) })}</p>
          ) : null}
        </fieldset>

        {mandateNow ? <MandateFieldset creditor={data.creditor} register={register} errors={errors} /> : null}

        <HolderFieldset register={register} errors={errors} />

        <AddressFieldset register={register} errors={errors} />

        {!online ? <p className="muted">{t('invoices:payment.offlineHint')}</p> : null}
        <Button type="submit">{t('common:save')}</Button>
      </form>
    </TitledPage>
  );
};
