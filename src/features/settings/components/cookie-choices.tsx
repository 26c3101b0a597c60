import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type CookieChoice = { statistic: boolean; marketing: boolean };

const optional = ['statistic', 'marketing'] as const;

/** The three cookie categories (SPEC §3 consent flags): the necessary ones always on, the two others by choice. */
export const CookieChoices = ({
  value,
  onChange,
  legend,
}: {
  value: CookieChoice;
  onChange: (next: CookieChoice) => void;
  legend: ReactNode;
}) => {
  const { t } = useTranslation('consent');
  const id = useId();
  return (
    <fieldset className="choice-group">
      <legend>{legend}</legend>
      <label className="choice">
        <input type="checkbox" checked disabled aria-describedby={`${id}-necessary`} />
        <span className="choice__text">
          <span>{t('cookies.necessary')}</span>
          <span id={`${id}-necessary`} className="choice__hint">
            {t('cookies.necessaryHint')}
          </span>
        </span>
      </label>
      {optional.map((key) => (
        <label key={key} className="choice">
          <input
            type="checkbox"
            checked={value[key]}
            aria-describedby={`${id}-${key}`}
            onChange={(event) => onChange({ ...value, [key]: event.target.checked })}
          />
          <span className="choice__text">
            <span>{t(`cookies.${key}`)}</span>
            <span id={`${id}-${key}`} className="choice__hint">
              {t(`cookies.${key}Hint`)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
};
