import { useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginIdentifierError, loginPasswordError, normalizeLogin } from '#contract/rules';
import { preloadNamespaces, setLanguage } from '#i18n/i18n';
import { paths, withRedirect } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { TextField } from '#ui/text-field';
import { useOnline } from '#ui/use-online';
import { safeRedirect } from '../data/session-peek.ts';
import type * as SessionModule from '../data/session.ts';
import { PasswordField } from './password-field.tsx';
import './auth.css';

type LoginField = 'login' | 'password';
type FieldErrors = Partial<Record<LoginField, string>>;

/*
 * A native form with the rules of contract/rules.ts (loginIdentifierSchema builds on the same ones) and the login
 * call loaded on submit: the login route ships no zod, no contract schemas, no Dexie and no form library (it ships
 * only what a logged-out visitor needs, docs/architecture.md "Start-up"). The fields are uncontrolled, so what was
 * typed in the prerendered page is there when the app takes over. Validation as the other forms do it: a field
 * is checked when it loses the focus and then at every change; a refused submit checks both and moves the focus
 * to the first wrong one. The route's loader (app/guards.ts) already sent a logged-in user or a phone with a PIN
 * elsewhere. The texts are the `login` namespace's; the messages of wrong input (the `validation` namespace, shared
 * by every form) load with the first one, as the notices of a PIN failure load the `errors` namespace (the loader).
 */
const rules: Record<LoginField, (value: string) => string | undefined> = { login: loginIdentifierError, password: loginPasswordError };
const fieldOrder: readonly LoginField[] = ['login', 'password'];
const isLoginField = (name: string): name is LoginField => name === 'login' || name === 'password';

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
  emailConfirmed: { tone: 'success', key: 'login:notice.emailConfirmed' },
  passwordSaved: { tone: 'success', key: 'login:notice.passwordSaved' },
  tooManyPinAttempts: { tone: 'error', key: 'errors:tooManyPinAttempts' },
  pinExpired: { tone: 'warning', key: 'errors:pinExpired' },
  pinRevoked: { tone: 'warning', key: 'login:notice.pinRevoked' },
} as const;
const isNotice = (value: string | null): value is keyof typeof notices => value !== null && value in notices;

/** Where the login form goes next: the PIN setup prompt on a touch device, else the redirect target. */
const nextAfterLogin = (offerPin: boolean, redirect: string): string => (offerPin ? withRedirect(paths.pinSetup, redirect) : redirect);

export const LoginPage = () => {
  const { t, i18n } = useTranslation('login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const online = useOnline();
  const sessionExpired = params.has('expired');
  const noticeParam = params.get('notice');
  const notice = isNotice(noticeParam) ? notices[noticeParam] : null;
  const [failure, setFailure] = useState<keyof typeof errorKey | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const touched = useRef(new Set<LoginField>());
  const [validationTexts, setValidationTexts] = useState(() => i18n.hasLoadedNamespace('validation'));
  const showErrors = (found: FieldErrors) => {
    if (!validationTexts && Object.values(found).some(Boolean)) void preloadNamespaces(['validation']).then(() => setValidationTexts(true));
    setErrors((current) => ({ ...current, ...found }));
  };
  // A rule's message is a key of the validation namespace (`validation:login`).
  const message = (key: string | undefined): string | undefined => (key && validationTexts ? t(key as 'title') : undefined);

  const check = (field: LoginField, value: string) => showErrors({ [field]: rules[field](value) });
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    const field = event.currentTarget.name;
    if (!isLoginField(field)) return;
    touched.current.add(field);
    check(field, event.currentTarget.value);
  };
  const onChange = (event: FormEvent<HTMLInputElement>) => {
    const field = event.currentTarget.name;
    if (isLoginField(field) && touched.current.has(field)) check(field, event.currentTarget.value);
  };

  // A new attempt clears the outcome of the previous one: a format error is never shown next to the last server error.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setFailure(null);
    const form = event.currentTarget;
    const input = (field: LoginField) => form.elements.namedItem(field) as HTMLInputElement;
    const found: FieldErrors = { login: rules.login(input('login').value), password: rules.password(input('password').value) };
    for (const field of fieldOrder) touched.current.add(field);
    showErrors(found);
    const wrong = fieldOrder.find((field) => found[field] !== undefined);
    if (wrong) {
      input(wrong).focus();
      return;
    }
    const values = { login: input('login').value.trim(), password: input('password').value };
    setSubmitting(true);
    try {
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
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      {sessionExpired ? <Alert tone="info">{t('sessionExpired')}</Alert> : null}
      {notice ? <Alert tone={notice.tone}>{t(notice.key as 'title')}</Alert> : null}
      {!online ? <Alert tone="warning">{t('offline')}</Alert> : null}
      {failure !== null ? <Alert tone="error">{failure === 429 ? t('errors.429') : t(errorKey[failure])}</Alert> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={t('login')}
          description={t('loginHint')}
          name="login"
          defaultValue={params.get('login') ?? ''}
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          error={message(errors.login)}
          onBlur={onBlur}
          onChange={onChange}
        />
        <PasswordField
          label={t('password')}
          autoComplete="current-password"
          error={message(errors.password)}
          registration={{ name: 'password', onBlur, onChange }}
        />
        <Button type="submit" block isDisabled={isSubmitting || !online}>
          {isSubmitting ? t('submitting') : t('submit')}
        </Button>
      </form>
      <nav className="auth-links" aria-label={t('title')}>
        <Link to={paths.recoverPassword}>{t('forgot')}</Link>
        <Link to={paths.createAccountMsisdn}>{t('createAccount')}</Link>
        <Link to={paths.activateSim}>{t('activateSim')}</Link>
      </nav>
    </section>
  );
};
