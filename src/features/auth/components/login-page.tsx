import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginIdentifierError, loginPasswordError, normalizeLogin } from '#contract/rules';
import { setLanguage } from '#i18n/i18n';
import { useFieldError } from '#i18n/use-field-error';
import { paths, withRedirect } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { TextField } from '#ui/text-field';
import { useOnline } from '#ui/use-online';
import { safeRedirect } from '../data/session-peek.ts';
import type * as SessionModule from '../data/session.ts';
import { PasswordField } from './password-field.tsx';
import './auth.css';

type LoginForm = { login: string; password: string };

/*
 * The rules of contract/rules.ts (loginIdentifierSchema builds on the same ones) instead of a zod resolver, and the login call
 * loaded on submit: the login route ships no zod, no contract schemas and no Dexie (it ships only what a logged-out visitor needs). The
 * route's loader (app/guards.ts) already sent a logged-in user or a phone with a PIN elsewhere.
 */
const loginRules = { validate: (value: string) => loginIdentifierError(value) ?? true };
const passwordRules = { validate: (value: string) => loginPasswordError(value) ?? true };

const errorKey = {
  401: 'errors.401',
  403: 'errors.403',
  404: 'errors.other',
  419: 'errors.other',
  429: 'errors.429',
  [-1]: 'errors.network',
  500: 'errors.other',
} as const;

/** Messages another screen leaves for the login view (`?notice=`): a confirmed e-mail, a saved password, a lost PIN. */
const notices = {
  emailConfirmed: { tone: 'success', key: 'auth:notice.emailConfirmed' },
  passwordSaved: { tone: 'success', key: 'auth:notice.passwordSaved' },
  tooManyPinAttempts: { tone: 'error', key: 'errors:tooManyPinAttempts' },
  pinExpired: { tone: 'warning', key: 'errors:pinExpired' },
  pinRevoked: { tone: 'warning', key: 'auth:notice.pinRevoked' },
} as const;
const isNotice = (value: string | null): value is keyof typeof notices => value !== null && value in notices;

/** Where the login form goes next: the PIN setup prompt on a touch device, else the redirect target. */
const nextAfterLogin = (offerPin: boolean, redirect: string): string => (offerPin ? withRedirect(paths.pinSetup, redirect) : redirect);

export const LoginPage = () => {
  const { t } = useTranslation(['auth', 'errors']);
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const online = useOnline();
  const sessionExpired = params.has('expired');
  const noticeParam = params.get('notice');
  const notice = isNotice(noticeParam) ? notices[noticeParam] : null;
  const [failure, setFailure] = useState<keyof typeof errorKey | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ mode: 'onTouched', defaultValues: { login: params.get('login') ?? '', password: '' } });

  // A new attempt clears the outcome of the previous one: a format error is never shown next to the last server error.
  const onSubmit = handleSubmit(
    async (values) => {
      setFailure(null);
      let auth: typeof SessionModule;
      try {
        auth = await import('../data/session.ts');
      } catch {
        // The chunk did not load (offline on a build the service worker has not cached): no answer.
        setFailure(-1);
        return;
      }
      try {
        const { session, offerPin } = await auth.login({ login: normalizeLogin(values.login), password: values.password });
        if (!params.get('lang')) await setLanguage(session.language);
        await navigate(nextAfterLogin(offerPin, safeRedirect(params.get('redirect'))), { replace: true });
      } catch (error) {
        setFailure(auth.loginErrorStatus(error));
      }
    },
    () => setFailure(null),
  );

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <p className="muted">{t('login.intro')}</p>
      {sessionExpired ? <Alert tone="info">{t('sessionExpired')}</Alert> : null}
      {notice ? <Alert tone={notice.tone}>{t(notice.key)}</Alert> : null}
      {!online ? <Alert tone="warning">{t('login.offline')}</Alert> : null}
      {failure !== null ? <Alert tone="error">{failure === 429 ? t('errors.429') : t(errorKey[failure])}</Alert> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={t('login.login')}
          description={t('login.loginHint')}
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          error={fieldError(errors.login?.message)}
          {...register('login', loginRules)}
        />
        <PasswordField
          label={t('login.password')}
          autoComplete="current-password"
          error={fieldError(errors.password?.message)}
          registration={register('password', passwordRules)}
        />
        <Button type="submit" block isDisabled={isSubmitting || !online}>
          {isSubmitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <nav className="auth-links" aria-label={t('login.title')}>
        <Link to={paths.recoverPassword}>{t('login.forgot')}</Link>
        <Link to={paths.createAccountMsisdn}>{t('login.createAccount')}</Link>
        <Link to={paths.activateSim}>{t('login.activateSim')}</Link>
      </nav>
    </section>
  );
};
