import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { euCountries } from '#contract/validators';
import { formatDate } from '#lib/format';
import { useFieldError } from '#i18n/use-field-error';
import { Alert } from '#ui/alert';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { FreshnessNote } from '#ui/freshness-note';
import { Spinner } from '#ui/spinner';
import { TextField } from '#ui/text-field';
import { TitledPage } from '#ui/titled-page';
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
import { formatDay, todayOnDevice } from './dates.ts';

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

/** The request fields a 400 names, as the form's labels say them. */
const fieldLabelKeys: Record<string, string> = {
  'payment.mode': 'payment.mode',
  'payment.iban': 'payment.iban',
  'payment.bic': 'payment.bic',
  'payment.agreement': 'payment.mandate.title',
  'holder.firstName': 'payment.firstName',
  'holder.lastName': 'payment.lastName',
  'holder.email': 'payment.email',
  'address.street': 'payment.street',
  'address.number': 'payment.number',
  'address.box': 'payment.box',
  'address.zipCode': 'payment.zipCode',
  'address.city': 'payment.city',
  'address.country': 'payment.country',
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

  // The form follows the stored details (a replay or a pull changed them) unless the user is typing; what was
  // typed in the meantime is kept (keepDirtyValues).
  useEffect(() => {
    if (row && !isDirty) reset(paymentFormValues(row), { keepDirtyValues: true });
  }, [row, isDirty, reset]);

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([lang], { type: 'region' });
    return euCountries.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, lang));
  }, [lang]);

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
  const waiting = data.pending.filter((p) => p.state !== 'rejected').length;
  const rejected = data.pending.filter((p) => p.state === 'rejected').at(-1);
  const onSubmit = handleSubmit(async (submitted) => {
    setNotice(null);
    const changed = await savePaymentDetails(data.customerId, row, submitted);
    reset({ ...submitted, agreement: false });
    setNotice(!changed ? 'unchanged' : navigator.onLine ? 'saved' : 'queued');
  });
  const creditorName = data.creditor?.name ?? '';

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
      {waiting > 0 ? (
        <p role="status" className="payment-pending">
          <Badge tone="warning">{t('invoices:payment.pendingBadge')}</Badge> {t('invoices:payment.pending', { count: waiting })}
        </p>
      ) : null}
      {rejected?.error ? (
        <Alert tone="error">
          <p>
            {t('invoices:payment.rejected', {
              reason: t(`errors:${rejected.error.code}` as 'errors:serverError', { defaultValue: t('errors:serverError') }),
            })}
          </p>
          {(rejected.error.fields ?? []).map((field) => (
            <p key={field.field}>
              {t('invoices:payment.rejectedField', {
                field: t(`invoices:${fieldLabelKeys[field.field] ?? 'payment.formLabel'}` as 'invoices:payment.formLabel'),
                message: fieldError(field.message),
              })}
            </p>
          ))}
          <p>{t('invoices:payment.rejectedHint')}</p>
        </Alert>
      ) : null}
      {notice === 'queued' ? <Alert tone="info">{t('invoices:payment.queued')}</Alert> : null}
      {notice === 'saved' && waiting === 0 && !rejected ? <Alert tone="success">{t('invoices:payment.saved')}</Alert> : null}
      {notice === 'unchanged' ? <Alert tone="info">{t('invoices:payment.unchanged')}</Alert> : null}

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

        {mandateNow ? (
          <fieldset className="card payment-form__group payment-mandate">
            <legend>{t('invoices:payment.mandate.title')}</legend>
            <dl className="bills-facts">
              <div>
                <dt>{t('invoices:payment.mandate.creditor')}</dt>
                <dd>{creditorName}</dd>
              </div>
              <div>
                <dt>{t('invoices:payment.mandate.identifier')}</dt>
                <dd>{data.creditor?.identifier ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('invoices:payment.mandate.date')}</dt>
                <dd>{formatDate(new Date(`${todayOnDevice()}T12:00:00`), lang)}</dd>
              </div>
            </dl>
            <label className="choice">
              <input
                type="checkbox"
                aria-invalid={errors.agreement ? true : undefined}
                aria-describedby={errors.agreement ? 'agreement-error' : 'agreement-rights'}
                {...register('agreement')}
              />
              <span>{t('invoices:payment.mandate.agreement', { creditor: creditorName })}</span>
            </label>
            <p id="agreement-rights" className="field__description">
              {t('invoices:payment.mandate.rights')}
            </p>
            {errors.agreement ? (
              <p id="agreement-error" className="field__error">
                {fieldError(errors.agreement.message)}
              </p>
            ) : null}
          </fieldset>
        ) : null}

        <fieldset className="card payment-form__group">
          <legend>{t('invoices:payment.holder')}</legend>
          <TextField
            label={t('invoices:payment.firstName')}
            autoComplete="given-name"
            error={fieldError(errors.holderFirstName?.message)}
            {...register('holderFirstName')}
          />
          <TextField
            label={t('invoices:payment.lastName')}
            autoComplete="family-name"
            error={fieldError(errors.holderLastName?.message)}
            {...register('holderLastName')}
          />
          <TextField
            label={t('invoices:payment.email')}
            type="email"
            autoComplete="email"
            error={fieldError(errors.holderEmail?.message)}
            {...register('holderEmail')}
          />
        </fieldset>

        <fieldset className="card payment-form__group">
          <legend>{t('invoices:payment.address')}</legend>
          <TextField
            label={t('invoices:payment.street')}
            autoComplete="address-line1"
            error={fieldError(errors.street?.message)}
            {...register('street')}
          />
          <div className="payment-form__row">
            <TextField label={t('invoices:payment.number')} error={fieldError(errors.number?.message)} {...register('number')} />
            <TextField
              label={t('invoices:payment.box')}
              description={t('invoices:payment.boxHint')}
              error={fieldError(errors.box?.message)}
              {...register('box')}
            />
          </div>
          <div className="payment-form__row">
            <TextField
              label={t('invoices:payment.zipCode')}
              autoComplete="postal-code"
              error={fieldError(errors.zipCode?.message)}
              {...register('zipCode')}
            />
            <TextField
              label={t('invoices:payment.city')}
              autoComplete="address-level2"
              error={fieldError(errors.city?.message)}
              {...register('city')}
            />
          </div>
          <div className="field">
            <label htmlFor="payment-country">{t('invoices:payment.country')}</label>
            <select
              id="payment-country"
              autoComplete="country"
              aria-invalid={errors.country ? true : undefined}
              aria-describedby={errors.country ? 'country-error' : undefined}
              {...register('country')}
            >
              {countries.map(({ code, name }) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
            {errors.country ? (
              <span id="country-error" className="field__error">
                {fieldError(errors.country.message)}
              </span>
            ) : null}
          </div>
        </fieldset>

        {!online ? <p className="muted">{t('invoices:payment.offlineHint')}</p> : null}
        <Button type="submit">{t('common:save')}</Button>
      </form>
    </TitledPage>
  );
};
