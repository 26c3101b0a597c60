import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { loginIdentifierSchema } from '#contract/validators';
import { setLanguage } from '#i18n/i18n';
import { useFieldError } from '#i18n/use-field-error';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { TextField } from '#ui/text-field';
import { useOnline } from '#ui/use-online';
import { useDevice } from '../data/device.ts';
import { login, loginErrorStatus, pinLoginAvailable, safeRedirect } from '../data/session.ts';
import './auth.css';

const loginFormSchema = z.object({
  login: loginIdentifierSchema,
  password: z.string().min(1, 'validation:required'),
});
type LoginForm = z.input<typeof loginFormSchema>;

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
const nextAfterLogin = (offerPin: boolean, redirect: string): string =>
  offerPin ? `/login/pin/setup?redirect=${encodeURIComponent(redirect)}` : redirect;

export const LoginPage = () => {
  const { t } = useTranslation(['auth', 'errors']);
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const online = useOnline();
  const device = useDevice();
  const sessionExpired = params.has('expired');
  const noticeParam = params.get('notice');
  const notice = isNotice(noticeParam) ? notices[noticeParam] : null;
  const [failure, setFailure] = useState<keyof typeof errorKey | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ resolver: zodResolver(loginFormSchema), mode: 'onTouched', defaultValues: { login: params.get('login') ?? '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { session, offerPin } = await login({ login: values.login.trim(), password: values.password });
      if (!params.get('lang')) await setLanguage(session.language);
      await navigate(nextAfterLogin(offerPin, safeRedirect(params.get('redirect'))), { replace: true });
    } catch (error) {
      setFailure(loginErrorStatus(error));
    }
  });

  // A phone with a PIN for its user goes to PIN entry, unless the user asked for the password (`?password`).
  if (device.status === 'loading') return null;
  if (!params.has('password') && pinLoginAvailable(device.data)) {
    const query = new URLSearchParams(params);
    query.delete('expired');
    const rest = query.toString();
    return <Navigate to={`/login/pin${rest ? `?${rest}` : ''}`} replace />;
  }

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <p className="muted">{t('login.intro')}</p>
      {sessionExpired ? <Alert tone="info">{t('sessionExpired')}</Alert> : null}
      {notice ? <Alert tone={notice.tone}>{t(notice.key)}</Alert> : null}
      {!online ? <Alert tone="warning">{t('login.offline')}</Alert> : null}
      {failure !== null ? (
        <Alert tone="error">{failure === 429 ? t('errors.429') : t(errorKey[failure])}</Alert>
      ) : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={t('login.login')}
          description={t('login.loginHint')}
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          error={fieldError(errors.login?.message)}
          {...register('login')}
        />
        <TextField
          label={t('login.password')}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          error={fieldError(errors.password?.message)}
          adornment={
            // Short visible text so the input keeps its width on a phone; the name says what it shows.
            <Button variant="secondary" type="button" onPress={() => setShowPassword((v) => !v)} aria-pressed={showPassword} aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}>
              {showPassword ? t('login.hide') : t('login.show')}
            </Button>
          }
          {...register('password')}
        />
        <Button type="submit" block isDisabled={isSubmitting || !online}>
          {isSubmitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <nav className="auth-links" aria-label={t('login.title')}>
        <Link to="/login/recover-password">{t('login.forgot')}</Link>
        <Link to="/login/create-account">{t('login.createAccount')}</Link>
        <Link to="/orders/activate">{t('login.activateSim')}</Link>
      </nav>
    </section>
  );
};
