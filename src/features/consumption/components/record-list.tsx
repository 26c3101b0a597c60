import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoneyCents } from '#lib/format';
import { formatUsageAmount } from '#lib/usage-format';
import type { UsageRecordRow } from '#workers/usage-core';
import { useRecordPages } from '../data/use-record-pages.ts';

const rowHeight = 64;
const overscan = 8;

/**
 * The rows in view (plus `overscan` on each side) of a scroller of fixed-height rows. Plain arithmetic on scrollTop:
 * unlike a general virtualizer, which measures every item up front, nothing here grows with the number of rows, so
 * mounting a list of 200,000 costs the same as one of 20 (no long task).
 */
const useVisibleRange = (scroller: RefObject<HTMLDivElement | null>, count: number) => {
  const [view, setView] = useState({ top: 0, height: 0 });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const update = () =>
      setView((v) => (v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight }));
    update();
    el.addEventListener('scroll', update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, [scroller]);
  const first = Math.max(0, Math.floor(view.top / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((view.top + Math.max(view.height, rowHeight)) / rowHeight) + overscan);
  return { first, last };
};

const RecordRow = ({ row }: { row: UsageRecordRow }) => {
  const { t, i18n } = useTranslation('consumption');
  const lang = i18n.language;
  const kind = row.serviceCat;
  return (
    <>
      <span>
        <strong>{t(`kinds.${kind}`)}</strong> · {t(row.incoming ? 'record.incoming' : 'record.outgoing')} ·{' '}
        {t(`record.destination.${row.destination}`)}
      </span>
      <span className="record-row__amount">{formatUsageAmount(kind, row.serviceUsed, lang)}</span>
      <span className="record-row__meta">{formatDateTime(row.eventTime, lang)}</span>
      <span className="record-row__meta record-row__amount">
        {row.isOob ? t('record.oob', { amount: formatMoneyCents(row.resourceImpact, lang) }) : t('record.inBundle')}
      </span>
    </>
  );
};

/**
 * The usage records of the worker's latest query, virtualized: only the rows in view (and a few around them) are in
 * the DOM, and their data comes from the worker a page at a time, so 200,000 records scroll without long tasks.
 */
export const RecordList = ({ queryId, count, label }: { queryId: number; count: number; label: string }) => {
  const { t } = useTranslation('consumption');
  if (count === 0) return <p>{t('details.empty')}</p>;
  return <RecordScroller queryId={queryId} count={count} label={label} />;
};

const RecordScroller = ({ queryId, count, label }: { queryId: number; count: number; label: string }) => {
  const { t } = useTranslation('consumption');
  const scroller = useRef<HTMLDivElement>(null);
  const rowAt = useRecordPages(queryId);
  const { first, last } = useVisibleRange(scroller, count);
  const items: number[] = [];
  for (let index = first; index <= last; index++) items.push(index);
  return (
    <div ref={scroller} className="record-scroller" tabIndex={0} role="region" aria-label={label}>
      <div role="list" style={{ height: count * rowHeight, position: 'relative' }}>
        {items.map((index) => {
          const row = rowAt(index);
          return (
            <div
              key={index}
              role="listitem"
              aria-setsize={count}
              aria-posinset={index + 1}
              className="record-row"
              data-kind={row?.serviceCat}
              style={{ top: index * rowHeight, height: rowHeight }}
            >
              {row ? <RecordRow row={row} /> : <span className="muted">{t('details.loadingRow')}</span>}
            </div>
          );
        })}
      </div>
    </div>
  );
};
