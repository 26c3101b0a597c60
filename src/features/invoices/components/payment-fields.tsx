import { useMemo } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { euCountries } from '#contract/validators';
import { formatDate } from '#lib/format';
import { useFieldError } from '#i18n/use-field-error';
import { Alert } from '#ui/alert';
import { Badge } from '#ui/badge';
import { TextField } from '#ui/text-field';
import type { PaymentFormValues } from '../data/invoicing.mutation.ts';
import type { PaymentDetailsData } from '../data/use-payment-details.ts';
import { todayOnDevice } from './dates.ts';

/*
 * The parts of the payment details page (payment-page.tsx): what became of the changes sent, the mandate, the holder
 * and the billing address. The fields are registered with the page's one form.
 */

type FormParts = { register: UseFormRegister<PaymentFormValues>; errors: FieldErrors<PaymentFormValues> };

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

/** The changes of these details still waiting, the last one refused (with the fields at fault), and the last save's outcome. */
export const PaymentChanges = ({
  pending,
  notice,
}: {
  pending: PaymentDetailsData['pending'];
  notice: 'saved' | 'queued' | 'unchanged' | null;
}) => {
  const { t } = useTranslation(['invoices', 'errors']);
  const fieldError = useFieldError();
  const waiting = pending.filter((p) => p.state !== 'rejected').length;
  const rejected = pending.filter((p) => p.state === 'rejected').at(-1);
  return (
    <>
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
    </>
  );
};

/** The SEPA mandate the customer signs by ticking the agreement (a new direct debit, or a new account for it). */
export const MandateFieldset = ({ creditor, register, errors }: FormParts & { creditor: PaymentDetailsData['creditor'] }) => {
  const { t, i18n } = useTranslation(['invoices', 'common']);
  const lang = i18n.language;
  const fieldError = useFieldError();
  const creditorName = creditor?.name ?? '';
  return (
    <fieldset className="card payment-form__group payment-mandate">
      <legend>{t('invoices:payment.mandate.title')}</legend>
      <dl className="bills-facts">
        <div>
          <dt>{t('invoices:payment.mandate.creditor')}</dt>
          <dd>{creditorName}</dd>
        </div>
        <div>
          <dt>{t('invoices:payment.mandate.identifier')}</dt>
          <dd>{creditor?.identifier ?? '—'}</dd>
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
  );
};

/** The account holder's name and e-mail address. */
export const HolderFieldset = ({ register, errors }: FormParts) => {
  const { t } = useTranslation(['invoices', 'common']);
  const fieldError = useFieldError();
  return (
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
  );
};

/** The billing address; the country among the EU's, named in the page's language. */
export const AddressFieldset = ({ register, errors }: FormParts) => {
  const { t, i18n } = useTranslation(['invoices', 'common']);
  const lang = i18n.language;
  const fieldError = useFieldError();
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([lang], { type: 'region' });
    return euCountries.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, lang));
  }, [lang]);
  return (
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
  );
};
