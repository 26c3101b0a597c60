import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button';
import { checkRange, type PeriodChoice } from '../data/period.ts';

const periodKinds = ['current', 'previous', 'range'] as const;

/**
 * Current bill, previous bill or a chosen range (docs/product/consumption.md "Periods"). The range is applied with a
 * button so that typing a date does not start a download at every keystroke; a bad range gets a message next to the
 * fields.
 */
export const PeriodFilter = ({
  value,
  onChange,
  defaultRange,
}: {
  value: PeriodChoice;
  onChange: (choice: PeriodChoice) => void;
  defaultRange: { from: string; to: string };
}) => {
  const { t } = useTranslation('consumption');
  const id = useId();
  const [from, setFrom] = useState(value.kind === 'range' ? value.from : defaultRange.from);
  const [to, setTo] = useState(value.kind === 'range' ? value.to : defaultRange.to);
  const [error, setError] = useState<string | null>(null);
  const [showRange, setShowRange] = useState(value.kind === 'range');
  // The choice shows at once: the period lives in the URL, whose navigation can take a moment offline, and a radio
  // that springs back until then reads as a click that did nothing.
  const [chosen, setChosen] = useState<PeriodChoice['kind']>(value.kind);
  const [shownValue, setShownValue] = useState(value.kind);
  if (shownValue !== value.kind) {
    setShownValue(value.kind);
    setChosen(value.kind);
  }

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkRange(from, to);
    if (problem) {
      setError(t(`period.errors.${problem}`));
      return;
    }
    setError(null);
    onChange({ kind: 'range', from, to });
  };

  return (
    <form className="period-filter" onSubmit={apply} aria-labelledby={`${id}-legend`}>
      <fieldset className="filters">
        <legend id={`${id}-legend`}>{t('period.label')}</legend>
        {periodKinds.map((kind) => (
          <label key={kind} className="radio">
            <input
              type="radio"
              name={`${id}-period`}
              value={kind}
              checked={kind === 'range' ? showRange : !showRange && chosen === kind}
              onChange={() => {
                if (kind === 'range') {
                  setShowRange(true);
                  return;
                }
                setShowRange(false);
                setError(null);
                setChosen(kind);
                onChange({ kind });
              }}
            />{' '}
            {t(`period.${kind}`)}
          </label>
        ))}
      </fieldset>
      {showRange ? (
        <div className="filters">
          <div className="field">
            <label htmlFor={`${id}-from`}>{t('period.from')}</label>
            <input
              id={`${id}-from`}
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-to`}>{t('period.to')}</label>
            <input
              id={`${id}-to`}
              type="date"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <Button type="submit" variant="secondary">
            {t('period.apply')}
          </Button>
          {error ? (
            <span id={`${id}-error`} className="field__error" role="alert">
              {error}
            </span>
          ) : null}
        </div>
      ) : null}
    </form>
  );
};
