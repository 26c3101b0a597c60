import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '#lib/format';
import { Button } from '#ui/button';

/* The identity files of the identification form (identification-form.tsx): chosen, previewed, removed. */

/** Browsers leave the type of some camera files empty (HEIC): their extension says what they claim to be. */
export const declaredType = (file: File): string => {
  if (file.type) return file.type;
  if (/\.hei[cf]$/i.test(file.name)) return 'image/heic';
  if (/\.pdf$/i.test(file.name)) return 'application/pdf';
  return '';
};

/** A chosen file with a preview URL for images the browser can show (revoked when the file is removed). */
export type Chosen = { id: string; file: File; previewUrl: string | null };

const previewable = (file: File): boolean => /^image\/(jpeg|png|webp)$/.test(file.type);

/** The files chosen, with their previews; `filesError` is the files' refusal (cleared by a new choice). */
export const useChosenFiles = () => {
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  // Preview URLs are released with their file, and all of them when the form goes away.
  const chosenRef = useRef<Chosen[]>([]);
  useEffect(() => {
    chosenRef.current = chosen;
  }, [chosen]);
  useEffect(
    () => () => {
      for (const c of chosenRef.current) if (c.previewUrl) URL.revokeObjectURL(c.previewUrl);
    },
    [],
  );

  const addFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setFilesError(null);
    const added = files.map((file) => ({
      id: crypto.randomUUID(),
      file,
      previewUrl: previewable(file) ? URL.createObjectURL(file) : null,
    }));
    setChosen((current) => [...current, ...added]);
  };
  const removeFile = (id: string) => {
    setFilesError(null);
    const gone = chosen.find((c) => c.id === id);
    if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
    setChosen((current) => current.filter((c) => c.id !== id));
  };
  return { chosen, addFiles, removeFile, filesError, setFilesError };
};

/** A button to take a photo with the camera (where there is one) and one to choose files. */
export const FilePickers = ({
  ids,
  accept,
  full,
  onAdd,
}: {
  ids: string;
  accept: string;
  full: boolean;
  onAdd: (event: ChangeEvent<HTMLInputElement>) => void;
}) => {
  const { t } = useTranslation(['activation', 'common']);
  return (
    <div className="uploads__pickers">
      <input
        id={`${ids}-camera`}
        className="uploads__input"
        type="file"
        accept="image/*"
        capture="environment"
        onChange={onAdd}
        disabled={full}
      />
      <label htmlFor={`${ids}-camera`} className="button" data-variant="secondary">
        {t('activation:identification.takePhoto')}
      </label>
      <input id={`${ids}-files`} className="uploads__input" type="file" accept={accept} multiple onChange={onAdd} disabled={full} />
      <label htmlFor={`${ids}-files`} className="button" data-variant="secondary">
        {t('activation:identification.chooseFiles')}
      </label>
    </div>
  );
};

/** The files chosen, an image's preview or the kind of file, with its size and a button to remove it. */
export const ChosenFiles = ({ chosen, onRemove }: { chosen: Chosen[]; onRemove: (id: string) => void }) => {
  const { t, i18n } = useTranslation(['activation', 'common']);
  if (chosen.length === 0) return null;
  return (
    <ul className="uploads__list">
      {chosen.map((c) => (
        <li key={c.id} className="uploads__item">
          {c.previewUrl ? (
            <img className="uploads__preview" src={c.previewUrl} alt={t('activation:identification.preview', { name: c.file.name })} />
          ) : (
            <span className="uploads__preview uploads__preview--file" aria-hidden="true">
              {declaredType(c.file) === 'application/pdf' ? t('activation:identification.pdf') : '?'}
            </span>
          )}
          <span className="uploads__name">
            {c.file.name}
            <span className="muted"> · {formatFileSize(c.file.size, i18n.language)}</span>
          </span>
          <Button variant="ghost" onPress={() => onRemove(c.id)} aria-label={t('activation:identification.remove', { name: c.file.name })}>
            ×
          </Button>
        </li>
      ))}
    </ul>
  );
};
