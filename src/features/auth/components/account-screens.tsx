import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { changePasswordSchema, customerNumberSchema, emailSchema } from '#contract/validators';
import { currentLanguage } from '#i18n/i18n';
import { useFieldError } from '#i18n/use-field-error';
import { loginPath, paths, withQuery, type HomeState } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { Spinner } from '#ui/spinner';
import { TextField } from '#ui/text-field';
import { useOnline } from '#ui/use-online';
import { linkTarget } from '../data/auth-rules.ts';
import { changePassword, confirmEmail, createAccount, createAccountBySms } from '../data/recovery.ts';
import { loginByLink, readSession, safeRedirect, useSession } from '../data/session.ts';
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
import { PasswordField } from './password-field.tsx';

/*
 * Account creation, welcome, password change, e-mail confirmation and login by link (docs/product/auth.md
 * "Account creation", "Changing the password", "E-mail confirmation", "Login by link").
 */

type CreateVariant = 'customer' | 'phone';

const customerFormSchema = z.object({ customer: customerNumberSchema, email: emailSchema });

/** Create account (/login/create-account, and /account/create-account when logged in) with its msisdn variant. */
export const CreateAccountPage = () => {
  const { t } = useTranslation('auth');
  const session = useSession();
  const [params, setParams] = useSearchParams();
  // Local state so the radio changes at once; the URL follows (?by=phone) so that a reload keeps the choice.
  const [variant, setVariant] = useState<CreateVariant>(params.get('by') === 'phone' ? 'phone' : 'customer');
  const [sent, setSent] = useState<{ variant: CreateVariant; to: string } | null>(null);
  const loggedIn = session.status === 'ready' && session.data !== null;
  return (
    <AuthCard title={t('createAccount.title')} intro={t('createAccount.intro')}>
      {sent?.variant === 'customer' ? <Alert tone="success">{t('createAccount.sentEmail', { email: sent.to })}</Alert> : null}
      {sent?.variant === 'phone' ? <CreateBySmsForm msisdn={sent.to} /> : null}
      {sent ? null : (
        <>
          <VariantChoice<CreateVariant>
            legend={t('createAccount.by')}
            value={variant}
            options={[
              { value: 'customer', label: t('createAccount.byCustomer') },
              { value: 'phone', label: t('createAccount.byPhone') },
            ]}
            onChange={(value) => {
              setVariant(value);
              setParams(value === 'phone' ? { by: 'phone' } : {}, { replace: true });
            }}
          />
          {variant === 'customer' ? (
            <CreateByCustomerForm onSent={(to) => setSent({ variant, to })} />
          ) : (
            <CreateByPhoneForm onSent={(to) => setSent({ variant, to })} />
          )}
        </>
      )}
      {loggedIn ? null : (
        <nav className="auth-links" aria-label={t('links')}>
          <Link to={paths.loginMain}>{t('createAccount.haveAccount')}</Link>
        </nav>
      )}
    </AuthCard>
  );
};

const CreateByCustomerForm = ({ onSent }: { onSent: (to: string) => void }) => {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const { failure, online, send, clear } = useAuthRequest();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof customerFormSchema>>({ resolver: zodResolver(customerFormSchema), mode: 'onTouched' });
  const onSubmit = handleSubmit(
    ({ customer, email }) =>
      send(
        () => createAccount({ customer, email }, currentLanguage()),
        () => onSent(email),
      ),
    clear,
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <TextField
        label={t('createAccount.customer')}
        description={t('createAccount.customerHint')}
        autoCapitalize="characters"
        spellCheck={false}
        error={fieldError(errors.customer?.message)}
        {...register('customer')}
      />
      <TextField
        label={t('createAccount.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        error={fieldError(errors.email?.message)}
        {...register('email')}
      />
      <Button type="submit" block isDisabled={isSubmitting || !online}>
        {isSubmitting ? t('recover.submitting') : t('createAccount.submit')}
      </Button>
    </form>
  );
};

const CreateByPhoneForm = ({ onSent }: { onSent: (to: string) => void }) => {
  const { t } = useTranslation('auth');
  return (
    <PhoneRequestForm
      submitLabel={t('createAccount.submit')}
      send={(msisdn) => createAccount({ msisdn }, currentLanguage())}
      onSent={onSent}
    />
  );
};

/** Second step of the phone variant: the SMS code and the first password, then welcome. */
const CreateBySmsForm = ({ msisdn }: { msisdn: string }) => {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const { failure, online, send, clear } = useAuthRequest();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof smsCodeFormSchema>>({
    resolver: zodResolver(smsCodeFormSchema),
    mode: 'onTouched',
    defaultValues: { msisdn, code: '', pwd: '', confirm: '' },
  });
  const onSubmit = handleSubmit(
    (values) =>
      send(
        () => createAccountBySms({ msisdn: values.msisdn, code: values.code, pwd: values.pwd }),
        () => navigate(withQuery(paths.welcome, { login: values.msisdn }), { replace: true }),
      ),
    clear,
  );
  return (
    <>
      <Alert tone="success">{t('createAccount.sentSms', { msisdn })}</Alert>
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
        <Button type="submit" block isDisabled={isSubmitting || !online}>
          {isSubmitting ? t('recover.submitting') : t('createPassword.submit')}
        </Button>
      </form>
    </>
  );
};

/** Welcome, once the first password of a new account is saved. */
export const WelcomePage = () => {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const login = params.get('login');
  return (
    <AuthCard title={t('welcome.title')} intro={t('welcome.text')}>
      <div className="auth-actions">
        <Link className="button button--block" data-variant="primary" to={loginPath({ password: true, login })}>
          {t('welcome.login')}
        </Link>
      </div>
    </AuthCard>
  );
};

/** Change password (logged in, on /account/main): old, new and confirm; the new one differs from the old. */
export const ChangePasswordSection = () => {
  const { t } = useTranslation(['auth', 'errors']);
  const fieldError = useFieldError();
  const failureMessage = useFailureMessage();
  const online = useOnline();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof changePasswordSchema>>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: { old_pwd: '', pwd: '', confirm: '' },
  });
  // A new attempt clears the outcome of the previous one, also when the form's own rules refuse it.
  const onSubmit = handleSubmit(
    async ({ old_pwd, pwd }) => {
      setResult(null);
      const saved = await changePassword({ old_pwd, pwd });
      if (saved.status === 200) {
        reset();
        setResult({ tone: 'success', text: t('auth:changePassword.saved') });
        return;
      }
      if (saved.code === 'samePassword') {
        setError('pwd', { message: 'validation:password.reuse' });
        return;
      }
      if (saved.code === 'invalidCredentials') {
        setError('old_pwd', { message: 'validation:password.wrongCurrent' });
        setResult({ tone: 'error', text: t('auth:changePassword.wrongOld') });
        return;
      }
      setResult({ tone: 'error', text: failureMessage(saved.status, saved.code) });
    },
    () => setResult(null),
  );
  return (
    <section className="account-section" aria-labelledby="change-password-title">
      <div className="auth-card">
        <h2 id="change-password-title">{t('auth:changePassword.title')}</h2>
        {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <PasswordField
            label={t('auth:password.current')}
            autoComplete="current-password"
            error={fieldError(errors.old_pwd?.message)}
            registration={register('old_pwd')}
          />
          <NewPasswordFields
            pwd={register('pwd')}
            confirm={register('confirm')}
            pwdError={fieldError(errors.pwd?.message)}
            confirmError={fieldError(errors.confirm?.message)}
          />
          <Button type="submit" block isDisabled={isSubmitting || !online}>
            {isSubmitting ? t('auth:changePassword.submitting') : t('auth:changePassword.submit')}
          </Button>
        </form>
      </div>
    </section>
  );
};

/**
 * /account/confirm-email/{uuid}/{token}: the token is checked before anything else. Success goes by itself to home
 * when the customer is logged in, which shows 'Adresse e-mail confirmée', and otherwise to the login view with the
 * same message (docs/product/auth.md "E-mail confirmation"). A failed link stays here with its reason.
 */
export const ConfirmEmailPage = () => {
  const { t } = useTranslation('auth');
  const { uuid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const [loggedIn, setLoggedIn] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const ok = await confirmEmail(uuid, token);
      const session = await readSession();
      if (ok) {
        const notice: HomeState = { notice: 'emailConfirmed' };
        await (session
          ? navigate(paths.home, { replace: true, state: notice })
          : navigate(loginPath({ notice: 'emailConfirmed' }), { replace: true }));
        return;
      }
      setLoggedIn(session !== null);
      setFailed(true);
    })();
  }, [uuid, token, navigate]);
  return (
    <div className="page">
      <AuthCard title={t('confirmEmail.title')}>
        {failed ? (
          <>
            <Alert tone="error">{t('confirmEmail.failed')}</Alert>
            <div className="auth-actions">
              <Link className="button button--block" data-variant="primary" to={loggedIn ? paths.home : paths.loginMain}>
                {loggedIn ? t('confirmEmail.home') : t('confirmEmail.login')}
              </Link>
            </div>
          </>
        ) : (
          <Spinner label={t('link.checking')} />
        )}
      </AuthCard>
    </div>
  );
};

/** /login/{uuid}/{token}?contractId=&redirect=: a single-use login link, then the named page and contract. */
export const LoginLinkPage = () => {
  const { t } = useTranslation('auth');
  const { uuid = '', token = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const redirect = params.get('redirect');
  const contractId = params.get('contractId');
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void loginByLink(uuid, token).then(
      () => navigate(linkTarget(redirect, contractId, safeRedirect), { replace: true }),
      () => setFailed(true),
    );
  }, [uuid, token, redirect, contractId, navigate]);
  return (
    <AuthCard title={t('loginLink.title')}>
      {failed ? (
        <>
          <Alert tone="error">{t('loginLink.invalid')}</Alert>
          <BackToLogin />
        </>
      ) : (
        <Spinner label={t('loginLink.checking')} />
      )}
    </AuthCard>
  );
};
