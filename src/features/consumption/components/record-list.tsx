import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoneyCents } from '#lib/format';
import { formatUsageAmount } from '#lib/usage-format';
import type { UsageRecordRow } from '#workers/usage-core';
import { useRecordPages } from '../data/use-record-pages.ts';

const rowHeight = 64;

const RecordRow = ({ row }: { row: UsageRecordRow }) => {
  const { t, i18n } = useTranslation('consumption');
  const lang = i18n.language;
  const kind = row.serviceCat;
  return (
    <>
      <span>
        <strong>{t(`kinds.${kind}`)}</strong> · {t(row.incoming ? 'record.incoming' : 'record.outgoing')} · {t(`record.destination.${row.destination}`)}
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
  const scroller = useRef<HTMLDivElement>(null);
  const rowAt = useRecordPages(queryId);
  // TanStack Virtual is used as documented; this component is simply not auto-memoized by the React compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });
  if (count === 0) return <p>{t('details.empty')}</p>;
  return (
    <div ref={scroller} className="record-scroller" tabIndex={0} role="region" aria-label={label}>
      <div role="list" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rowAt(item.index);
          return (
            <div
              key={item.key}
              role="listitem"
              aria-setsize={count}
              aria-posinset={item.index + 1}
              className="record-row"
              data-kind={row?.serviceCat}
              style={{ top: item.start, height: rowHeight }}
            >
              {row ? <RecordRow row={row} /> : <span className="muted">{t('details.loadingRow')}</span>}
            </div>
          );
        })}
      </div>
    </div>
  );
};
