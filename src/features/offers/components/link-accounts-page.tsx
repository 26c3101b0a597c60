import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { energyLinkRequestSchema } from '#contract/energy';
import { useFieldError } from '#i18n/use-field-error';
import { paths } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { Spinner } from '#ui/spinner';
import { TextField } from '#ui/text-field';
import { TitledPage } from '#ui/titled-page';
import { useOnline } from '#ui/use-online';
import { linkEnergyAccount } from '../data/energy-calls.ts';
import { useLinkAccounts } from '../data/use-link-accounts.ts';
import './offers.css';

type FormValues = { login: string; password: string; accept: boolean };

/**
 * /offers/link-accounts (owners only: the route's guard shows not-found to others): link an energy account. A link
 * already confirmed sends the owner home (docs/product/offers.md "Energy link"); one made here is confirmed on the
 * page.
 */
export const LinkAccountsPage = () => {
  const { t } = useTranslation(['offers', 'common', 'errors']);
  const fieldError = useFieldError();
  const online = useOnline();
  const { result } = useLinkAccounts();
  const [linked, setLinked] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(energyLinkRequestSchema) as never,
    mode: 'onTouched',
    defaultValues: { login: '', password: '', accept: false },
  });

  if (result.status === 'loading' || !result.data) return <Spinner label={t('common:loading')} />;
  const data = result.data;
  if (data.confirmed && linked === null) return <Navigate to={paths.home} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const outcome = await linkEnergyAccount(data.customerId, values as unknown as Parameters<typeof linkEnergyAccount>[1]);
    if (outcome.ok) {
      setLinked(outcome.energyId ?? values.login.toUpperCase());
      return;
    }
    let placed = false;
    for (const field of outcome.fields) {
      if (field.field === 'login' || field.field === 'password' || field.field === 'accept') {
        setError(field.field, { message: field.message });
        placed = true;
      }
    }
    if (!placed || outcome.code !== 'invalidCredentials') setFailure(outcome.code);
  });

  return (
    <TitledPage title={t('offers:link.title')}>
      {linked ? (
        <Alert tone="success">{t('offers:link.linked', { energyId: linked })}</Alert>
      ) : (
        <>
          <p>{t('offers:link.intro')}</p>
          {!data.confirmed && data.energyId ? <p className="muted">{t('offers:link.pendingId', { energyId: data.energyId })}</p> : null}
          {failure ? (
            <Alert tone="error">{t(`errors:${failure}` as 'errors:serverError', { defaultValue: t('errors:serverError') })}</Alert>
          ) : null}
          <form className="form link-form" noValidate aria-label={t('offers:link.formLabel')} onSubmit={(event) => void onSubmit(event)}>
            <TextField
              label={t('offers:link.login')}
              description={t('offers:link.loginHint')}
              autoComplete="username"
              autoCapitalize="characters"
              spellCheck={false}
              error={fieldError(errors.login?.message)}
              {...register('login')}
            />
            <TextField
              label={t('offers:link.password')}
              type="password"
              autoComplete="current-password"
              error={fieldError(errors.password?.message)}
              {...register('password')}
            />
            <div className="field field--checkbox">
              <label className="checkbox">
                <input
                  type="checkbox"
                  aria-invalid={errors.accept ? true : undefined}
                  aria-describedby={errors.accept ? 'link-accept-error' : undefined}
                  {...register('accept')}
                />
                <span>{t('offers:link.accept')}</span>
              </label>
              {errors.accept ? (
                <span id="link-accept-error" className="field__error">
                  {fieldError(errors.accept.message)}
                </span>
              ) : null}
            </div>
            {!online ? <p className="muted">{t('common:onlineOnly')}</p> : null}
            <Button type="submit" isDisabled={!online || isSubmitting}>
              {t('offers:link.submit')}
            </Button>
          </form>
        </>
      )}
    </TitledPage>
  );
};
