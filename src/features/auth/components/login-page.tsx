import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { loginIdentifierSchema } from '#contract/validators';
import { setLanguage } from '#i18n/i18n';
import { useFieldError } from '#i18n/use-field-error';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { TextField } from '#ui/text-field';
import { useOnline } from '#ui/use-online';
import { login, loginErrorStatus, safeRedirect } from '../data/session.ts';

const loginFormSchema = z.object({
  login: loginIdentifierSchema,
  password: z.string().min(1, 'validation:required'),
});
type LoginForm = z.input<typeof loginFormSchema>;

const errorKey = {
  401: 'errors.401',
  403: 'errors.403',
  429: 'errors.429',
  [-1]: 'errors.network',
  500: 'errors.other',
} as const;

export const LoginPage = () => {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const online = useOnline();
  const sessionExpired = params.has('expired');
  const [failure, setFailure] = useState<keyof typeof errorKey | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ resolver: zodResolver(loginFormSchema), mode: 'onTouched' });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const session = await login({ login: values.login.trim(), password: values.password });
      if (!params.get('lang')) await setLanguage(session.language);
      await navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (error) {
      setFailure(loginErrorStatus(error));
    }
  });

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <p className="muted">{t('login.intro')}</p>
      {sessionExpired ? <Alert tone="info">{t('sessionExpired')}</Alert> : null}
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
            <Button variant="secondary" type="button" onPress={() => setShowPassword((v) => !v)} aria-pressed={showPassword}>
              {showPassword ? t('login.hidePassword') : t('login.showPassword')}
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
