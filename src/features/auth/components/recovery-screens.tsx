import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import type { RecoveryState } from '#contract/auth';
import { emailSchema, newPasswordSchema } from '#contract/validators';
import { currentLanguage } from '#i18n/i18n';
import { useFieldError } from '#i18n/use-field-error';
import { loginPath, paths, withQuery } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { Spinner } from '#ui/spinner';
import { TextField } from '#ui/text-field';
import { useOnline } from '#ui/use-online';
import { initRecovery, readRecoveryState, requestReset, saveBySms, saveByToken } from '../data/recovery.ts';
import {
  AuthCard,
  BackToLogin,
  NewPasswordFields,
  PhoneRequestForm,
  useAuthRequest,
  useFailureMessage,
  VariantChoice,
} from './auth-parts.tsx';
import { smsCodeFormSchema } from '../data/auth-forms.ts';

/*
 * Password recovery (docs/product/auth.md "Password recovery"): the request form (e-mail link or SMS code), the SMS
 * code screen, and the link screens (recover and create password). Every failure is shown in the page's language and
 * the form keeps what was typed.
 */

type Variant = 'email' | 'phone';

const emailFormSchema = z.object({ email: emailSchema });

const loginNotice = (login: string | null) => loginPath({ password: true, notice: 'passwordSaved', login });

/** Recover form with its two variants; SMS leads on to the code screen, e-mail to "check your inbox". */
export const RecoverPasswordPage = () => {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  // Local state so the radio changes at once; the URL follows (?by=phone) so that a reload keeps the choice.
  const [variant, setVariant] = useState<Variant>(params.get('by') === 'phone' ? 'phone' : 'email');
  return (
    <AuthCard title={t('recover.title')} intro={t('recover.intro')}>
      <VariantChoice<Variant>
        legend={t('recover.by')}
        value={variant}
        options={[
          { value: 'email', label: t('recover.byEmail') },
          { value: 'phone', label: t('recover.byPhone') },
        ]}
        onChange={(value) => {
          setVariant(value);
          setParams(value === 'phone' ? { by: 'phone' } : {}, { replace: true });
        }}
      />
      {variant === 'email' ? <RecoverByEmailForm /> : <RecoverByPhoneForm />}
      <nav className="auth-links" aria-label={t('links')}>
        <Link to={paths.recoverPasswordPhone}>{t('recover.haveCode')}</Link>
        <Link to={paths.loginMain}>{t('backToLogin')}</Link>
      </nav>
    </AuthCard>
  );
};

const RecoverByEmailForm = () => {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const { failure, online, send, clear } = useAuthRequest();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof emailFormSchema>>({ resolver: zodResolver(emailFormSchema), mode: 'onTouched' });
  const onSubmit = handleSubmit(
    ({ email }) =>
      send(
        () => requestReset({ email }, currentLanguage()),
        () => setSent(true),
      ),
    clear,
  );
  if (sent) return <Alert tone="success">{t('recover.emailSent')}</Alert>;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <TextField
        label={t('recover.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        error={fieldError(errors.email?.message)}
        {...register('email')}
      />
      <Button type="submit" block isDisabled={isSubmitting || !online}>
        {isSubmitting ? t('recover.submitting') : t('recover.submitEmail')}
      </Button>
    </form>
  );
};

const RecoverByPhoneForm = () => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <PhoneRequestForm
      submitLabel={t('recover.submitPhone')}
      send={(msisdn) => requestReset({ msisdn }, currentLanguage())}
      onSent={() => navigate(paths.recoverPasswordPhone)}
    />
  );
};

/** Recover by SMS code: phone, 6-digit code (10 minutes, single use), new password twice. */
export const RecoverSmsPage = () => {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const { failure, online, send, clear } = useAuthRequest();
  const navigate = useNavigate();
  const [state] = useState<RecoveryState>(readRecoveryState);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof smsCodeFormSchema>>({
    resolver: zodResolver(smsCodeFormSchema),
    mode: 'onTouched',
    defaultValues: { msisdn: state.enableSms ? (state.customer ?? '') : '', code: '', pwd: '', confirm: '' },
  });
  const onSubmit = handleSubmit(
    ({ msisdn, code, pwd }) =>
      send(
        () => saveBySms({ msisdn, code, pwd }),
        () => navigate(loginNotice(msisdn), { replace: true }),
        (result) => (result.status === -1 && online ? t('recoverSms.noCode') : null),
      ),
    clear,
  );

  return (
    <AuthCard title={t('recoverSms.title')} intro={t('recoverSms.intro')}>
      {!state.enableSms ? <Alert tone="info">{t('recoverSms.noCode')}</Alert> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={t('recover.phone')}
          description={t('recover.phoneHint')}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          error={fieldError(errors.msisdn?.message)}
          {...register('msisdn')}
        />
        <TextField
          label={t('recoverSms.code')}
          description={t('recoverSms.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={fieldError(errors.code?.message)}
          {...register('code')}
        />
        <NewPasswordFields
          pwd={register('pwd')}
          confirm={register('confirm')}
          pwdError={fieldError(errors.pwd?.message)}
          confirmError={fieldError(errors.confirm?.message)}
        />
        <Button type="submit" block isDisabled={isSubmitting || !online || !state.enableSms}>
          {isSubmitting ? t('recover.submitting') : t('recoverSms.submit')}
        </Button>
      </form>
      <nav className="auth-links" aria-label={t('links')}>
        <Link to={withQuery(paths.recoverPassword, { by: 'phone' })}>{t('recoverSms.resend')}</Link>
        <Link to={paths.loginMain}>{t('backToLogin')}</Link>
      </nav>
    </AuthCard>
  );
};

type LinkStatus = { kind: 'checking' } | { kind: 'ready'; state: RecoveryState } | { kind: 'invalid' } | { kind: 'error'; message: string };

/** Check a link once on entry (404/419 → invalid) and keep the recovery state in session storage. */
const useRecoveryLink = (createAccount: boolean): LinkStatus => {
  const { uuid = '', token = '' } = useParams();
  const failureMessage = useFailureMessage();
  const [status, setStatus] = useState<LinkStatus>({ kind: 'checking' });
  useEffect(() => {
    let live = true;
    void initRecovery(uuid, token, createAccount).then(
      (state) => {
        if (live) setStatus(state.invalid ? { kind: 'invalid' } : { kind: 'ready', state });
      },
      (error: unknown) => {
        const status =
          typeof error === 'object' && error && 'status' in error && typeof error.status === 'number' && error.status > 0
            ? error.status
            : -1;
        const code = typeof error === 'object' && error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
        if (live) setStatus({ kind: 'error', message: failureMessage(status, code) });
      },
    );
    return () => {
      live = false;
    };
    // failureMessage changes identity with the language; the link is checked once per uuid/token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uuid, token, createAccount]);
  return status;
};

/** The new-password form of a link (recover or create). */
const LinkPasswordScreen = ({ createAccount }: { createAccount: boolean }) => {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const failureMessage = useFailureMessage();
  const online = useOnline();
  const navigate = useNavigate();
  const link = useRecoveryLink(createAccount);
  const [failure, setFailure] = useState<string | null>(null);
  const [invalidated, setInvalidated] = useState(false);
  const screen = createAccount ? 'createPassword' : 'recoverToken';
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof newPasswordSchema>>({
    resolver: zodResolver(newPasswordSchema),
    mode: 'onTouched',
    defaultValues: { pwd: '', confirm: '' },
  });

  const onSubmit = handleSubmit(
    async ({ pwd }) => {
      setFailure(null);
      const result = await saveByToken(pwd);
      const customer = link.kind === 'ready' ? link.state.customer : null;
      if (result.status === 200) {
        await navigate(createAccount ? withQuery(paths.welcome, { login: customer }) : loginNotice(customer), {
          replace: true,
        });
        return;
      }
      if (result.status === 404 || result.status === 419) setInvalidated(true);
      else setFailure(failureMessage(result.status, result.code));
    },
    () => setFailure(null),
  );

  const title = t(`${screen}.title`);
  if (link.kind === 'checking')
    return (
      <AuthCard title={title}>
        <Spinner label={t('link.checking')} />
      </AuthCard>
    );
  if (link.kind === 'invalid' || invalidated) {
    return (
      <AuthCard title={title}>
        <Alert tone="error">{t('link.invalid')}</Alert>
        <nav className="auth-links" aria-label={t('links')}>
          <Link to={createAccount ? paths.createAccountMsisdn : paths.recoverPassword}>{t(`${screen}.newLink`)}</Link>
          <Link to={paths.loginMain}>{t('backToLogin')}</Link>
        </nav>
      </AuthCard>
    );
  }
  if (link.kind === 'error') {
    return (
      <AuthCard title={title}>
        <Alert tone="error">{link.message}</Alert>
        <BackToLogin />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} intro={link.state.customer ? t('link.forAccount') : t('link.choose')}>
      {link.state.customer ? <p className="auth-account">{link.state.customer}</p> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        {/* The account name helps password managers file the new password under the right login. */}
        <input type="text" name="username" autoComplete="username" value={link.state.customer ?? ''} readOnly hidden />
        <NewPasswordFields
          pwd={register('pwd')}
          confirm={register('confirm')}
          pwdError={fieldError(errors.pwd?.message)}
          confirmError={fieldError(errors.confirm?.message)}
        />
        <Button type="submit" block isDisabled={isSubmitting || !online}>
          {isSubmitting ? t('recover.submitting') : t(`${screen}.submit`)}
        </Button>
      </form>
      <BackToLogin />
    </AuthCard>
  );
};

/** /login/recover-password/{uuid}/{token}: a recovery link from the e-mail (24 hours, single use). */
export const RecoverTokenPage = () => <LinkPasswordScreen createAccount={false} />;

/** /login/create-password/{uuid}/{token}: the first password of a new account. */
export const CreatePasswordPage = () => <LinkPasswordScreen createAccount />;
