import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { newNumberRequestSchema, portInRequestSchema, type SimOrder } from '#contract/activation';
import { useFieldError } from '#i18n/use-field-error';
import { formatPhoneNumber } from '#lib/format';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { TextField } from '#ui/text-field';
import { useOnline } from '#ui/use-online';
import { requestNewNumber, requestPortIn, type Access } from '../data/activation-actions.ts';
import { useErrorMessage } from './error-message.ts';

type Values = {
  mode: 'new_number' | 'port_in';
  iccid: string;
  msisdn: string;
  type: 'postpaid' | 'prepaid';
  otherAccountNumber: string;
  otherIccid: string;
};

const fieldNames = ['iccid', 'msisdn', 'type', 'otherAccountNumber', 'otherIccid'] as const;
type FieldName = (typeof fieldNames)[number];
const isFieldName = (name: string): name is FieldName => (fieldNames as readonly string[]).includes(name);

/** The same rules as the server's (contract/activation.ts), for the choice made. */
const resolver: Resolver<Values> = (values, context, options) =>
  values.mode === 'port_in'
    ? (zodResolver(portInRequestSchema, undefined, { raw: true }) as unknown as Resolver<Values>)(values, context, options)
    : (zodResolver(newNumberRequestSchema, undefined, { raw: true }) as unknown as Resolver<Values>)(values, context, options);

/** A number transfer's fields: the number, its kind of contract, and what proves it (account number or SIM). */
const PortInFields = ({
  register,
  errors,
  type,
}: {
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
  type: Values['type'];
}) => {
  const { t } = useTranslation(['activation', 'common']);
  const fieldError = useFieldError();
  return (
    <>
      <TextField
        label={t('activation:choice.msisdn')}
        description={t('activation:choice.msisdnHint')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        error={fieldError(errors.msisdn?.message)}
        {...register('msisdn')}
      />
      <fieldset className="sim-choice sim-choice--compact">
        <legend>{t('activation:choice.type')}</legend>
        <label className="sim-choice__option">
          <input type="radio" value="postpaid" {...register('type')} />
          <span className="sim-choice__title">{t('activation:choice.postpaid')}</span>
        </label>
        <label className="sim-choice__option">
          <input type="radio" value="prepaid" {...register('type')} />
          <span className="sim-choice__title">{t('activation:choice.prepaid')}</span>
        </label>
      </fieldset>
      {type === 'postpaid' ? (
        <TextField
          key="account"
          label={t('activation:choice.otherAccountNumber')}
          description={t('activation:choice.otherAccountNumberHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={fieldError(errors.otherAccountNumber?.message)}
          {...register('otherAccountNumber')}
        />
      ) : (
        <TextField
          key="sim"
          label={t('activation:choice.otherIccid')}
          description={t('activation:choice.otherIccidHint')}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          error={fieldError(errors.otherIccid?.message)}
          {...register('otherIccid')}
        />
      )}
    </>
  );
};

/**
 * The customer's choice once the SIM can be activated (docs/product/activation.md "New number", "Number transfer"): a
 * new number (about 5 minutes, 2 hours at most) or the transfer of a number from another operator (48 hours at most),
 * with the SIM card's number. Online only; everything typed stays when offline or refused.
 */
export const ActivationChoiceForm = ({ order, access }: { order: SimOrder; access: Access }) => {
  const { t } = useTranslation(['activation', 'common']);
  const fieldError = useFieldError();
  const errorMessage = useErrorMessage();
  const online = useOnline();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      mode: order.mode ?? 'new_number',
      iccid: '',
      msisdn: order.portIn?.msisdn ?? '',
      type: order.portIn?.type ?? 'postpaid',
      otherAccountNumber: '',
      otherIccid: '',
    },
  });
  const mode = useWatch({ control, name: 'mode' });
  const type = useWatch({ control, name: 'type' });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const result =
      values.mode === 'new_number'
        ? await requestNewNumber(order, values.iccid, access)
        : await requestPortIn(
            order,
            {
              iccid: values.iccid,
              msisdn: values.msisdn,
              type: values.type,
              ...(values.type === 'postpaid' ? { otherAccountNumber: values.otherAccountNumber } : { otherIccid: values.otherIccid }),
            },
            access,
          );
    if (result.ok) return;
    let placed = false;
    for (const field of result.fields) {
      const key = field.field.replace(/^portIn\./, '');
      if (isFieldName(key)) {
        setError(key, { message: field.message });
        placed = true;
      }
    }
    if (!placed) setFailure(errorMessage(result.code, result.status, 'serverError'));
  });

  const number = order.msisdn ? formatPhoneNumber(order.msisdn) : null;
  return (
    <form
      className="form activation-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t('activation:choice.formLabel')}
    >
      <h2>{t('activation:choice.title')}</h2>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <fieldset className="sim-choice">
        <legend>{t('activation:choice.legend')}</legend>
        <label className="sim-choice__option">
          <input type="radio" value="new_number" {...register('mode')} />
          <span>
            <span className="sim-choice__title">{t('activation:choice.newNumber')}</span>
            <span className="sim-choice__hint">
              {number ? t('activation:choice.newNumberHint', { number }) : t('activation:choice.newNumberHintNoNumber')}
            </span>
          </span>
        </label>
        <label className="sim-choice__option">
          <input type="radio" value="port_in" {...register('mode')} />
          <span>
            <span className="sim-choice__title">{t('activation:choice.portIn')}</span>
            <span className="sim-choice__hint">{t('activation:choice.portInHint')}</span>
          </span>
        </label>
      </fieldset>
      <TextField
        label={t('activation:choice.iccid')}
        description={t('activation:choice.iccidHint')}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        error={fieldError(errors.iccid?.message)}
        {...register('iccid')}
      />
      {mode === 'port_in' ? <PortInFields register={register} errors={errors} type={type} /> : null}
      {!online ? <p className="muted">{t('common:onlineOnly')}</p> : null}
      <Button type="submit" isDisabled={isSubmitting || !online}>
        {isSubmitting
          ? t('activation:choice.submitting')
          : mode === 'port_in'
            ? t('activation:choice.submitPortIn')
            : t('activation:choice.submitNewNumber')}
      </Button>
    </form>
  );
};
