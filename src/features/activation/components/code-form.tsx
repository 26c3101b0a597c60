import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { activateOrderRequestSchema, resendActivationCodeRequestSchema } from '#contract/activation';
import { useFieldError } from '#i18n/use-field-error';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { TextField } from '#ui/text-field';
import { useOnline } from '#ui/use-online';
import { openOrder, resendCode } from '../data/activation-actions.ts';
import { useErrorMessage } from './error-message.ts';

type Values = z.input<typeof activateOrderRequestSchema>;

/**
 * The activation without login (docs/product/activation.md "Finding the order"; docs/product/validation.md
 * "Verification codes"): the order named by its order, customer or phone number, and the 6-digit code. Wrong code,
 * too many tries (30 minutes) and the generic failure each get their message of docs/product/activation.md
 * "Activation messages": message; nothing typed is lost. Online only: offline, the buttons wait with the reason.
 */
export const CodeForm = ({ notice }: { notice?: string | null }) => {
  const { t } = useTranslation(['activation', 'common']);
  const fieldError = useFieldError();
  const errorMessage = useErrorMessage();
  const online = useOnline();
  const [failure, setFailure] = useState<string | null>(null);
  const [resent, setResent] = useState<'sent' | 'sending' | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(activateOrderRequestSchema, undefined, { raw: true }),
    mode: 'onTouched',
    defaultValues: { identifier: '', code: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setResent(null);
    const result = await openOrder(String(values.identifier), String(values.code));
    if (result.ok) return;
    for (const field of result.fields) {
      if (field.field === 'identifier' || field.field === 'code') setError(field.field, { message: field.message });
    }
    if (result.fields.length === 0 || result.status !== 400) {
      setFailure(
        result.code === 'invalidToken' ? t('activation:code.codeExpired') : errorMessage(result.code, result.status, 'activationGeneric'),
      );
    }
  });

  const onResend = async () => {
    setFailure(null);
    setResent(null);
    const identifier = getValues('identifier');
    const parsed = resendActivationCodeRequestSchema.safeParse({ identifier });
    if (!parsed.success) {
      await trigger('identifier');
      setFailure(t('activation:code.resendNeedsIdentifier'));
      return;
    }
    setResent('sending');
    const result = await resendCode(parsed.data.identifier);
    if (result.ok) setResent('sent');
    else {
      setResent(null);
      setFailure(errorMessage(result.code, result.status, 'activationGeneric'));
    }
  };

  return (
    <form
      className="form activation-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t('activation:code.formLabel')}
    >
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {resent === 'sent' ? <Alert tone="success">{t('activation:code.resent')}</Alert> : null}
      <TextField
        label={t('activation:code.identifier')}
        description={t('activation:code.identifierHint')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={fieldError(errors.identifier?.message)}
        {...register('identifier')}
      />
      <TextField
        label={t('activation:code.code')}
        description={t('activation:code.codeHint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={fieldError(errors.code?.message)}
        {...register('code')}
      />
      {!online ? <p className="muted">{t('common:onlineOnly')}</p> : null}
      <div className="activation-actions">
        <Button type="submit" isDisabled={isSubmitting || !online}>
          {isSubmitting ? t('activation:code.submitting') : t('activation:code.submit')}
        </Button>
        <Button variant="ghost" onPress={() => void onResend()} isDisabled={resent === 'sending' || !online}>
          {resent === 'sending' ? t('activation:code.resending') : t('activation:code.resend')}
        </Button>
      </div>
    </form>
  );
};
