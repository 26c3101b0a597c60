import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#lib/format';
import type { TimelineItem } from '../data/timeline.ts';

/** The order's timeline: reached states with their time, the step it waits for (when expected), the steps ahead. */
export const TimelineList = ({ items }: { items: readonly TimelineItem[] }) => {
  const { t, i18n } = useTranslation('activation');
  const when = (iso: string) => formatDateTime(Date.parse(iso), i18n.language);
  return (
    <ol className="timeline" aria-label={t('follow.timeline')}>
      {items.map((item, index) => (
        <li
          key={`${item.step}-${index}`}
          className="timeline__step"
          data-state={item.state}
          aria-current={item.state === 'current' ? 'step' : undefined}
        >
          <span className="timeline__marker" aria-hidden="true" />
          <div className="timeline__body">
            <span className="timeline__label">{t(`steps.${item.step}`)}</span>
            {item.at ? <span className="timeline__time">{t('follow.at', { time: when(item.at) })}</span> : null}
            {item.waitsForCustomer ? <span className="timeline__time timeline__time--yours">{t('follow.yourTurn')}</span> : null}
            {item.expectedAt ? <span className="timeline__time">{t('follow.expected', { time: when(item.expectedAt) })}</span> : null}
            {item.latestAt ? <span className="timeline__time">{t('follow.latest', { time: when(item.latestAt) })}</span> : null}
          </div>
        </li>
      ))}
    </ol>
  );
};
