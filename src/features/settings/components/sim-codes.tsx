import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button';
import type { LineSettingsRow } from '../data/selected-line.ts';

/** The PIN and PUK of the SIM, hidden until asked for (someone may be looking at the screen). */
export const SimCodes = ({ codes }: { codes: LineSettingsRow['codes'] }) => {
  const { t } = useTranslation('settings');
  const [shown, setShown] = useState(false);
  const regionId = useId();
  return (
    <section className="card" aria-labelledby={`${regionId}-title`}>
      <h3 id={`${regionId}-title`}>{t('line.codes.title')}</h3>
      <Button variant="secondary" aria-expanded={shown} aria-controls={regionId} onPress={() => setShown((value) => !value)}>
        {shown ? t('line.codes.hide') : t('line.codes.show')}
      </Button>
      <div id={regionId} hidden={!shown}>
        {shown ? (
          <>
            <dl className="facts codes">
              <dt>{t('line.codes.pin')}</dt>
              <dd>{codes.pin ?? t('line.codes.unknown')}</dd>
              <dt>{t('line.codes.puk')}</dt>
              <dd>{codes.puk ?? t('line.codes.unknown')}</dd>
            </dl>
            <p className="muted">{t('line.codes.hint')}</p>
          </>
        ) : null}
      </div>
    </section>
  );
};
