import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { errorCodes } from '#contract/errors';
import { useFieldError } from '#i18n/use-field-error';
import { paths } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { TextField } from '#ui/text-field';
import { useOnline } from '#ui/use-online';
import { phoneFormSchema } from '../data/auth-forms.ts';
import { failureKey } from '../data/auth-rules.ts';
import type { SaveResult } from '../data/recovery.ts';
import { PasswordField } from './password-field.tsx';
import './auth.css';

/* Parts shared by the account screens: the card, password and PIN fields, the variant switch, failures. */

const knownCodes: ReadonlySet<string> = new Set(errorCodes);

/**
 * Translate a failed account call (status per docs/product/api.md "Save-call results", code per
 * docs/product/errors.md "Error catalogue") into one sentence.
 */
export const useFailureMessage = (): ((status: number, code?: string) => string) => {
  const { t } = useTranslation(['errors', 'auth']);
  return (status, code) => t(failureKey(status, code, knownCodes) as 'errors:serverError');
};

export const AuthCard = ({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) => {
  const id = useId();
  return (
    <section className="auth-card" aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      {intro ? <p className="muted">{intro}</p> : null}
      {children}
    </section>
  );
};

/**
 * The failure state of an account form. `send` runs the call; on success `onSent` follows, otherwise the form stays
 * with the failure's message (`message` may word some failures better; null keeps the general one). `clear` is the
 * form's handler of a submit refused by its own rules: a new attempt clears the outcome of the previous one, so an
 * earlier server message never stays next to a new format error. `online` lets the form disable its submit
 * offline. Every call behind it needs the network.
 */
export const useAuthRequest = () => {
  const failureMessage = useFailureMessage();
  const online = useOnline();
  const [failure, setFailure] = useState<string | null>(null);
  const send = async (
    request: () => Promise<SaveResult>,
    onSent: () => void | Promise<void>,
    message?: (result: SaveResult) => string | null,
  ): Promise<void> => {
    setFailure(null);
    const result = await request();
    if (result.status === 200) await onSent();
    else setFailure(message?.(result) ?? failureMessage(result.status, result.code));
  };
  const clear = () => setFailure(null);
  return { failure, online, send, clear };
};

/**
 * The phone step of password recovery and of account creation: a Belgian mobile number, sent by `send`. A failure
 * stays on the form with its message (the number is kept); success goes to `onSent`. Needs the network.
 */
export const PhoneRequestForm = ({
  submitLabel,
  send,
  onSent,
}: {
  submitLabel: string;
  send: (msisdn: string) => Promise<SaveResult>;
  onSent: (msisdn: string) => void | Promise<void>;
}) => {
  const { t } = useTranslation('auth');
  // The first of two steps (the SMS code comes next).
  const fieldError = useFieldError({ nextStep: true });
  const { failure, online, send: sendRequest, clear } = useAuthRequest();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof phoneFormSchema>>({ resolver: zodResolver(phoneFormSchema), mode: 'onTouched' });
  const onSubmit = handleSubmit(
    ({ msisdn }) =>
      sendRequest(
        () => send(msisdn),
        () => onSent(msisdn),
      ),
    clear,
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <TextField
        label={t('recover.phone')}
        description={t('recover.phoneHint')}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        error={fieldError(errors.msisdn?.message)}
        {...register('msisdn')}
      />
      <Button type="submit" block isDisabled={isSubmitting || !online}>
        {isSubmitting ? t('recover.submitting') : submitLabel}
      </Button>
    </form>
  );
};

type FieldRegistration = UseFormRegisterReturn;

/** New password and its confirmation (docs/product/validation.md "Password"). */
export const NewPasswordFields = ({
  pwd,
  confirm,
  pwdError,
  confirmError,
}: {
  pwd: FieldRegistration;
  confirm: FieldRegistration;
  pwdError: string | undefined;
  confirmError: string | undefined;
}) => {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordField
        label={t('password.new')}
        description={t('password.rules')}
        autoComplete="new-password"
        error={pwdError}
        registration={pwd}
      />
      <PasswordField label={t('password.confirm')} autoComplete="new-password" error={confirmError} registration={confirm} />
    </>
  );
};

/**
 * A 4-digit PIN: numeric keypad on phones, masked, no autofill. Only digits get in (typed, pasted or dropped):
 * anything else is dropped as it is typed, not refused at submit.
 */
export const PinField = ({
  label,
  error,
  registration,
  autoFocus,
}: {
  label: string;
  error: string | undefined;
  registration: FieldRegistration;
  autoFocus?: boolean;
}) => {
  const { t } = useTranslation('auth');
  return (
    <div className="pin-input">
      <TextField
        label={label}
        description={t('pin.hint')}
        type="password"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={4}
        autoComplete="off"
        autoFocus={autoFocus}
        error={error}
        {...registration}
        onChange={(event) => {
          const digitsOnly = event.target.value.replace(/\D/g, '').slice(0, 4);
          if (digitsOnly !== event.target.value) event.target.value = digitsOnly;
          void registration.onChange(event);
        }}
      />
    </div>
  );
};

/** A switch between the variants of a form (e-mail or SMS, customer number or phone) as a radio group. */
export const VariantChoice = <V extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) => {
  const name = useId();
  return (
    <fieldset className="auth-choice">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value}>
          <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
};

export const BackToLogin = () => {
  const { t } = useTranslation('auth');
  return (
    <nav className="auth-links" aria-label={t('links')}>
      <Link to={paths.loginMain}>{t('backToLogin')}</Link>
    </nav>
  );
};
