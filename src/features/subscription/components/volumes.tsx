import { useTranslation } from 'react-i18next';
import { formatDataSize, BYTES_PER_MB } from '#lib/format';
import type { Volumes } from '../data/subscription-rules.ts';

/**
 * Data, calls and SMS of a plan with its options (docs/product/consumption.md "Bundle sizes": 0 means unlimited, data
 * in MB with the factor 1024).
 */
export const VolumeList = ({ volumes, optionDataMb = 0 }: { volumes: Volumes; optionDataMb?: number }) => {
  const { t, i18n } = useTranslation('subscription');
  const lang = i18n.language;
  return (
    <dl className="volumes">
      <div>
        <dt>{t('volumes.data')}</dt>
        <dd>
          {volumes.dataMb === 0 ? t('volumes.unlimited') : formatDataSize(volumes.dataMb * BYTES_PER_MB, lang)}
          {volumes.dataMb !== 0 && optionDataMb > 0 ? (
            <span className="muted"> {t('volumes.withOptions', { amount: formatDataSize(optionDataMb * BYTES_PER_MB, lang) })}</span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>{t('volumes.call')}</dt>
        <dd>{volumes.voiceMinutes === 0 ? t('volumes.unlimited') : t('volumes.minutes', { count: volumes.voiceMinutes })}</dd>
      </div>
      <div>
        <dt>{t('volumes.sms')}</dt>
        <dd>{volumes.smsCount === 0 ? t('volumes.unlimited') : t('volumes.smsCount', { count: volumes.smsCount })}</dd>
      </div>
    </dl>
  );
};
