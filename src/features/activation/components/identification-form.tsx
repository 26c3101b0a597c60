import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  identificationFieldsSchema,
  identityFileCount,
  identityFilesIssue,
  identityUploadTypes,
  type IdentityDocumentType,
  type SimOrder,
} from '#contract/activation';
import { identityDocumentTypes } from '#contract/contracts';
import { useFieldError } from '#i18n/use-field-error';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { TextField } from '#ui/text-field';
import { useOnline } from '#ui/use-online';
import { sendIdentification, type Access } from '../data/activation-actions.ts';
import { useErrorMessage } from './error-message.ts';
import { ChosenFiles, declaredType, FilePickers, useChosenFiles } from './identity-files.tsx';

type Values = { documentType: IdentityDocumentType; cardNumber: string; nationalNumber: string };

/**
 * Identification (docs/product/activation.md "Identification"; docs/product/validation.md "Identity documents"): the
 * document's type, its number checked per type, the national register number (11 digits starting with the birth date,
 * both centuries), and photos or scans: taken with the phone's camera where there is one (`capture`), previewed,
 * images or PDF, 5 MB each, 1 to 4 files (both sides of a card). The files stay chosen while offline or after a
 * refusal.
 */
export const IdentificationForm = ({ order, access }: { order: SimOrder; access: Access }) => {
  const { t } = useTranslation(['activation', 'common']);
  const fieldError = useFieldError();
  const errorMessage = useErrorMessage();
  const online = useOnline();
  const ids = useId();
  const { chosen, addFiles, removeFile, filesError, setFilesError } = useChosenFiles();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(identificationFieldsSchema, undefined, { raw: true }) as unknown as Resolver<Values>,
    mode: 'onTouched',
    defaultValues: { documentType: 'belgianIdCard', cardNumber: '', nationalNumber: '' },
  });
  const documentType = useWatch({ control, name: 'documentType' });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const issue = identityFilesIssue(
      values.documentType,
      chosen.map((c) => ({ type: declaredType(c.file), size: c.file.size })),
    );
    setFilesError(issue);
    if (issue) return;
    const result = await sendIdentification(
      order,
      { documentType: values.documentType, cardNumber: values.cardNumber, nationalNumber: values.nationalNumber },
      chosen.map((c) => c.file),
      access,
    );
    if (result.ok) return;
    let placed = false;
    for (const field of result.fields) {
      if (field.field === 'files') {
        setFilesError(field.message);
        placed = true;
      } else if (field.field === 'cardNumber' || field.field === 'nationalNumber' || field.field === 'documentType') {
        setError(field.field, { message: field.message });
        placed = true;
      }
    }
    if (!placed) setFailure(errorMessage(result.code, result.status, 'serverError'));
  });

  const filesHintId = `${ids}-files-hint`;
  const filesErrorId = `${ids}-files-error`;
  const accept = identityUploadTypes.join(',');
  const filesDescription = [filesHintId, filesError ? filesErrorId : null].filter(Boolean).join(' ');
  return (
    <form
      className="form activation-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t('activation:identification.formLabel')}
    >
      <h2>{t('activation:identification.title')}</h2>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <fieldset className="sim-choice">
        <legend>{t('activation:identification.documentType')}</legend>
        {identityDocumentTypes.map((type) => (
          <label key={type} className="sim-choice__option">
            <input type="radio" value={type} {...register('documentType')} />
            <span className="sim-choice__title">{t(`activation:identification.types.${type}`)}</span>
          </label>
        ))}
      </fieldset>
      <TextField
        key={documentType}
        label={t(`activation:identification.cardNumber.${documentType}`)}
        description={t(`activation:identification.cardHint.${documentType}`)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={fieldError(errors.cardNumber?.message)}
        {...register('cardNumber')}
      />
      <TextField
        label={
          documentType === 'otherId' ? t('activation:identification.nationalNumberOptional') : t('activation:identification.nationalNumber')
        }
        description={t('activation:identification.nationalNumberHint')}
        inputMode="numeric"
        autoComplete="off"
        error={fieldError(errors.nationalNumber?.message)}
        {...register('nationalNumber')}
      />
      <fieldset className="uploads" aria-describedby={filesDescription}>
        <legend>{t('activation:identification.files')}</legend>
        <p id={filesHintId} className="field__description">
          {t('activation:identification.filesHint')}
        </p>
        <FilePickers ids={ids} accept={accept} full={chosen.length >= identityFileCount.max} onAdd={addFiles} />
        <p className="muted" aria-live="polite">
          {chosen.length === 0 ? t('activation:identification.none') : t('activation:identification.selected', { count: chosen.length })}
        </p>
        <ChosenFiles chosen={chosen} onRemove={removeFile} />
        {filesError ? (
          <span id={filesErrorId} className="field__error" role="alert">
            {fieldError(filesError)}
          </span>
        ) : null}
      </fieldset>
      {!online ? <p className="muted">{t('common:onlineOnly')}</p> : null}
      <Button type="submit" isDisabled={isSubmitting || !online}>
        {isSubmitting ? t('activation:identification.submitting') : t('activation:identification.submit')}
      </Button>
    </form>
  );
};
