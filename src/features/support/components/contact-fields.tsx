import type { FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { supportSubjectList, type SupportSubSubject } from '#contract/support';
import { useFieldError } from '#i18n/use-field-error';
import { formatDataSize } from '#lib/format';
import { Button } from '#ui/button';

/* Fields of the contact form (contact-page.tsx), registered with the page's one form. */

export type ContactFormValues = { subject: string; subSubject: string; message: string };

/** The subject and, once one is chosen, its sub-subject (a new subject clears the sub-subject chosen before). */
export const SubjectFields = ({
  id,
  subSubjects,
  register,
  errors,
  setValue,
}: {
  id: string;
  subSubjects: readonly SupportSubSubject[];
  register: UseFormRegister<ContactFormValues>;
  errors: FieldErrors<ContactFormValues>;
  setValue: UseFormSetValue<ContactFormValues>;
}) => {
  const { t } = useTranslation(['support', 'common']);
  const fieldError = useFieldError();
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-subject`}>{t('support:contact.subject')}</label>
        <select
          id={`${id}-subject`}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={errors.subject ? `${id}-subject-error` : undefined}
          {...register('subject', { onChange: () => setValue('subSubject', '') })}
        >
          <option value="">{t('support:contact.subjectPlaceholder')}</option>
          {supportSubjectList.map((key) => (
            <option key={key} value={key}>
              {t(`support:subjects.${key}`)}
            </option>
          ))}
        </select>
        {errors.subject ? (
          <span id={`${id}-subject-error`} className="field__error">
            {fieldError(errors.subject.message)}
          </span>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-sub`}>{t('support:contact.subSubject')}</label>
        <select
          id={`${id}-sub`}
          disabled={subSubjects.length === 0}
          aria-invalid={errors.subSubject ? true : undefined}
          aria-describedby={errors.subSubject ? `${id}-sub-error` : undefined}
          {...register('subSubject')}
        >
          <option value="">
            {t(subSubjects.length === 0 ? 'support:contact.subSubjectPlaceholder' : 'support:contact.subSubjectChoose')}
          </option>
          {subSubjects.map((key) => (
            <option key={key} value={key}>
              {t(`support:subSubjects.${key}`)}
            </option>
          ))}
        </select>
        {errors.subSubject ? (
          <span id={`${id}-sub-error`} className="field__error">
            {fieldError(errors.subSubject.message)}
          </span>
        ) : null}
      </div>
    </>
  );
};

/** The attachment: one file, checked as soon as it is chosen; a new key gives an empty input (how it is cleared). */
export const AttachmentField = ({
  id,
  file,
  fileError,
  fileInputKey,
  chooseFile,
  clearFile,
}: {
  id: string;
  file: File | null;
  fileError: string | null;
  fileInputKey: number;
  chooseFile: (file: File | null) => void;
  clearFile: () => void;
}) => {
  const { t, i18n } = useTranslation(['support', 'common']);
  const fieldError = useFieldError();
  return (
    <div className="field">
      <label htmlFor={`${id}-file`}>{t('support:contact.attachment')}</label>
      <input
        key={fileInputKey}
        id={`${id}-file`}
        type="file"
        accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
        aria-invalid={fileError ? true : undefined}
        aria-describedby={[`${id}-file-hint`, fileError ? `${id}-file-error` : ''].filter(Boolean).join(' ')}
        onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
      />
      <span id={`${id}-file-hint`} className="field__description">
        {t('support:contact.attachmentHint')}
      </span>
      {fileError ? (
        <span id={`${id}-file-error`} className="field__error" role="alert">
          {fieldError(fileError)}
        </span>
      ) : null}
      {file ? (
        <div className="support-form__file">
          <span>{t('support:contact.attachmentChosen', { name: file.name, size: formatDataSize(file.size, i18n.language) })}</span>
          <Button variant="ghost" onPress={clearFile}>
            {t('support:contact.removeAttachment')}
          </Button>
        </div>
      ) : null}
    </div>
  );
};
