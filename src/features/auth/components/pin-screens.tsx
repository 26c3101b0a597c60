import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { newPinFormSchema, pinSchema } from '#contract/validators';
import { setLanguage } from '#i18n/i18n';
import { useFieldError } from '#i18n/use-field-error';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { Spinner } from '#ui/spinner';
import { useOnline } from '#ui/use-online';
import { useDevice } from '../data/device.ts';
import {
  dropLocalSession,
  forgetPin,
  loginWithPin,
  pinLoginAvailable,
  postponePinSetup,
  renewAccess,
  safeRedirect,
  setupPin,
  useSession,
} from '../data/session.ts';
import { loginPath, paths, withRedirect } from '#lib/route-paths';
import { AuthCard, PinField, useAuthRequest, useFailureMessage } from './auth-parts.tsx';

/*
 * The device PIN (docs/product/auth.md "The device PIN"): entry, setup after a password login on a touch device,
 * "PIN lost", and the PIN renewal of an expired session (/login/renew). The PIN goes to the server, which checks it
 * against this device's key; nothing here compares it.
 */

const pinFormSchema = z.object({ pin: pinSchema });
type PinForm = z.input<typeof pinFormSchema>;

/** The PIN form of the entry and renewal screens; a revoked PIN leads back to the password login. */
const PinLoginForm = ({ submitLabel }: { submitLabel: string }) => {
  const { t } = useTranslation(['auth', 'errors', 'login']);
  const fieldError = useFieldError();
  const failureMessage = useFailureMessage();
  const navigate = useNavigate();
  const online = useOnline();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<PinForm>({ resolver: zodResolver(pinFormSchema), mode: 'onSubmit', defaultValues: { pin: '' } });

  const onSubmit = handleSubmit(
    async ({ pin }) => {
      setFailure(null);
      const result = await loginWithPin(pin);
      if (result.ok) {
        if (!params.get('lang')) await setLanguage(result.session.language);
        await navigate(safeRedirect(params.get('redirect')), { replace: true });
        return;
      }
      if (result.revoked) {
        // Unknown or revoked on the server (e.g. after a password reset): this device's PIN is gone.
        const notice = result.code === 'invalidCredentials' ? 'pinRevoked' : result.code;
        await navigate(loginPath({ password: true, notice, redirect: params.get('redirect') }), { replace: true });
        return;
      }
      reset({ pin: '' });
      setFocus('pin');
      setFailure(result.code === 'invalidPin' ? t('errors:invalidPin') : failureMessage(result.status, result.code));
    },
    () => setFailure(null),
  );

  return (
    <>
      {!online ? <Alert tone="warning">{t('login:offline')}</Alert> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <PinField label={t('auth:pin.label')} error={fieldError(errors.pin?.message)} registration={register('pin')} autoFocus />
        <Button type="submit" block isDisabled={isSubmitting || !online}>
          {isSubmitting ? t('auth:pin.submitting') : submitLabel}
        </Button>
      </form>
    </>
  );
};

const PinLinks = () => {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return (
    <nav className="auth-links" aria-label={t('links')}>
      <Link to={withRedirect(paths.pinLost, redirect)}>{t('pin.entry.lost')}</Link>
      <Link to={loginPath({ password: true, redirect })}>{t('pin.entry.usePassword')}</Link>
    </nav>
  );
};

/**
 * Whether this screen offers the PIN, decided once when the device row is first read: a PIN revoked while the
 * screen is up must not redirect before the form has said why.
 */
const usePinOnEntry = (): { status: 'loading' } | { status: 'ready'; available: boolean; firstName: string | null } => {
  const device = useDevice();
  const [decided, setDecided] = useState<{ available: boolean; firstName: string | null } | null>(null);
  if (decided === null && device.status === 'ready') {
    const value = { available: pinLoginAvailable(device.data), firstName: device.data?.firstName ?? null };
    setDecided(value);
    return { status: 'ready', ...value };
  }
  return decided === null ? { status: 'loading' } : { status: 'ready', ...decided };
};

/** PIN entry: the quick login of a phone that has a PIN for its user. */
export const PinLoginPage = () => {
  const { t } = useTranslation('auth');
  const device = usePinOnEntry();
  const [params] = useSearchParams();
  if (device.status === 'loading') return <Spinner label={t('pin.checking')} />;
  if (!device.available) return <Navigate to={loginPath({ password: true, redirect: params.get('redirect') })} replace />;
  const name = device.firstName;
  return (
    <AuthCard title={name ? t('pin.entry.title', { name }) : t('pin.entry.titleAnonymous')} intro={t('pin.entry.intro')}>
      <PinLoginForm submitLabel={t('pin.entry.submit')} />
      <PinLinks />
    </AuthCard>
  );
};

/** PIN lost: nobody can tell it back; the password login sets a new one. */
export const PinLostPage = () => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <AuthCard title={t('pin.lost.title')} intro={t('pin.lost.text')}>
      <div className="auth-actions">
        <Button
          block
          onPress={() =>
            void forgetPin().then(() => navigate(loginPath({ password: true, redirect: params.get('redirect') }), { replace: true }))
          }
        >
          {t('pin.lost.usePassword')}
        </Button>
      </div>
      <nav className="auth-links" aria-label={t('links')}>
        <Link to={paths.recoverPassword}>{t('pin.lost.forgotPassword')}</Link>
        <Link to={withRedirect(paths.pinLogin, params.get('redirect'))}>{t('pin.lost.back')}</Link>
      </nav>
    </AuthCard>
  );
};

/** PIN setup after a password login on a touch device: choose and confirm 4 digits, or later. */
export const PinSetupPage = () => {
  const { t } = useTranslation('auth');
  const session = useSession();
  // The route's guard found a session; its birth date feeds the birth-year rule of the form.
  if (session.status === 'loading') return <Spinner label={t('pin.checking')} />;
  return <PinSetupForm birthDate={session.data?.birthDate ?? null} />;
};

const PinSetupForm = ({ birthDate }: { birthDate: string | null }) => {
  const { t } = useTranslation(['auth', 'errors', 'validation']);
  const fieldError = useFieldError();
  const { failure, online, send, clear } = useAuthRequest();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  const [schema] = useState(() => newPinFormSchema(birthDate));
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
    // Validated on submit: checking on blur would flag the empty PIN when the user taps "later".
  } = useForm<z.input<typeof schema>>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    defaultValues: { pin: '', confirm: '' },
  });

  const onSubmit = handleSubmit(
    ({ pin }) =>
      send(
        () => setupPin(pin),
        () => navigate(target, { replace: true }),
        // The form checks every rule it can; the server alone knows the birth date of an older session's account.
        (result) => (result.code === 'invalidParameters' ? t('validation:pinBirthYear') : null),
      ),
    clear,
  );

  return (
    <AuthCard title={t('auth:pin.setup.title')} intro={t('auth:pin.setup.intro')}>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <PinField label={t('auth:pin.setup.pin')} error={fieldError(errors.pin?.message)} registration={register('pin')} />
        <PinField label={t('auth:pin.setup.confirm')} error={fieldError(errors.confirm?.message)} registration={register('confirm')} />
        <Button type="submit" block isDisabled={isSubmitting || !online}>
          {isSubmitting ? t('auth:pin.setup.submitting') : t('auth:pin.setup.submit')}
        </Button>
      </form>
      <div className="auth-actions">
        <Button variant="secondary" block onPress={() => void postponePinSetup().then(() => navigate(target, { replace: true }))}>
          {t('auth:pin.setup.later')}
        </Button>
      </div>
    </AuthCard>
  );
};

/**
 * PIN renewal (/login/renew), reached on a 401 when a refresh token and the user guid exist on a touch device.
 * With a PIN on the device the user types it; without one the refresh token and the device key renew access
 * silently. Either way the refresh token rotates; if the server refuses it, the password login takes over.
 */
export const RenewAccessPage = () => {
  const { t } = useTranslation('auth');
  const device = usePinOnEntry();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const withPin = device.status === 'ready' && device.available;
  const started = useRef(false);

  useEffect(() => {
    if (device.status !== 'ready' || withPin || started.current) return;
    started.current = true;
    void renewAccess().then(async (result) => {
      if (result.ok) {
        await navigate(safeRedirect(redirect), { replace: true });
        return;
      }
      await dropLocalSession();
      await navigate(loginPath({ password: true, expired: true, redirect }), { replace: true });
    });
  }, [device.status, withPin, navigate, redirect]);

  if (!withPin) return <Spinner label={t('renew.renewing')} />;
  const name = device.status === 'ready' ? device.firstName : null;
  return (
    <AuthCard title={t('renew.title')} intro={name ? t('renew.introNamed', { name }) : t('renew.intro')}>
      <PinLoginForm submitLabel={t('renew.submit')} />
      <nav className="auth-links" aria-label={t('links')}>
        <Link to={withRedirect(paths.pinLost, redirect)}>{t('pin.entry.lost')}</Link>
        <Link
          to={loginPath({ password: true, redirect })}
          onClick={() => {
            // Another account, or the password: the previous session's data must not stay behind.
            void dropLocalSession();
          }}
        >
          {t('renew.usePassword')}
        </Link>
      </nav>
    </AuthCard>
  );
};
