import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { classify } from '#contract/rating';
import { formatDateTime, formatMoneyCents } from '#lib/format';
import { createRowHeights } from '#lib/row-heights';
import { formatCallLength, formatUsageAmount } from '#lib/usage-format';
import type { UsageRecordRow } from '#workers/usage-core';
import { useRecordPages } from '../data/use-record-pages.ts';

/**
 * A first guess of a row's height before it is measured (two lines of 0.9rem text and their padding). Each row is
 * then measured as it renders, so it takes the height its content needs in any language, width or text size.
 */
const estimatedRowHeight = 72;
const overscan = 8;

/**
 * The part of the list in the window, in the list's own coordinates: the list scrolls with the page (issue 43 point
 * 7: no scroll box inside the page), so what is in view is the window's viewport over the list's box.
 */
const viewOf = (list: HTMLElement) => {
  const top = list.getBoundingClientRect().top;
  return { top: Math.max(0, -top), height: Math.max(0, window.innerHeight - Math.max(0, top)) };
};

/**
 * The rows in view (plus `overscan` on each side) of a list that scrolls with the window, whose rows are measured as
 * they render. Offsets live in a Fenwick tree (lib/row-heights.ts): a measurement costs O(log n), so nothing per
 * scroll step grows with the number of rows and 200,000 of them scroll without long tasks. (TanStack Virtual,
 * measuring the same rows, recomputed every later offset per measurement: a 17 s task after a jump into a
 * 200,000-row list.) `measure` is the ref of a row element, which carries its index in `data-index`. A row that
 * changes height above the top of the view moves the window's scroll position by as much, so what is on screen stays
 * put. Heights are kept when the query changes: a row not measured since is a guess either way, and is measured when
 * it renders.
 */
const useMeasuredRows = (listRef: RefObject<HTMLDivElement | null>, count: number) => {
  const heights = useMemo(() => createRowHeights(count, estimatedRowHeight), [count]);
  const [view, setView] = useState({ top: 0, height: 0 });
  const [, setMeasured] = useState(0);
  // One observer for every row of the list; each row's ref observes its element and stops when it unmounts.
  const [rows] = useState(createRowObserver);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const update = () => {
      const next = viewOf(list);
      setView((v) => (v.top === next.top && v.height === next.height ? v : next));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    // What is above the list (filters, totals, a notice) can change height without a scroll: the list moves then.
    const resize = new ResizeObserver(update);
    resize.observe(document.body);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      resize.disconnect();
    };
  }, [listRef]);

  useLayoutEffect(() => {
    rows.handle((entries) => {
      const list = listRef.current;
      let changed = false;
      let above = 0;
      const firstInView = list ? heights.indexAt(viewOf(list).top) : 0;
      for (const entry of entries) {
        const index = Number((entry.target as HTMLElement).dataset.index);
        if (!Number.isInteger(index)) continue;
        // Whole pixels up, never down: a row rounded down would draw its last fraction over the next one.
        const height = Math.ceil(entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height);
        const before = heights.heightOf(index);
        if (!heights.set(index, height)) continue;
        changed = true;
        if (index < firstInView) above += height - before;
      }
      if (list && above !== 0) window.scrollBy(0, above);
      if (changed) setMeasured((n) => n + 1);
    });
  }, [rows, heights, listRef]);

  const measure = useCallback(
    (element: HTMLElement | null) => {
      const { observer } = rows;
      if (!element || !observer) return;
      observer.observe(element, { box: 'border-box' });
      return () => observer.unobserve(element);
    },
    [rows],
  );

  const first = Math.max(0, heights.indexAt(view.top) - overscan);
  const last = Math.min(count - 1, heights.indexAt(view.top + Math.max(view.height, estimatedRowHeight)) + overscan);
  return { first, last, offsetOf: heights.offsetOf, total: heights.total(), measure };
};

/** A ResizeObserver made once per list, whose handler follows the list's current heights and scroller. */
const createRowObserver = () => {
  let handler: (entries: ResizeObserverEntry[]) => void = () => undefined;
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver((entries) => handler(entries));
  return {
    observer,
    handle: (next: typeof handler) => {
      handler = next;
    },
  };
};

const RecordRow = ({ row }: { row: UsageRecordRow }) => {
  const { t, i18n } = useTranslation('consumption');
  const lang = i18n.language;
  const kind = row.serviceCat;
  // How the rating counts it (contract/rating.ts): the same words as the statement's and the totals' columns.
  const rated = classify({ kind, incoming: row.incoming, destination: row.destination, outsideZone: row.isOob });
  return (
    <>
      <span>
        <strong>{t(`kinds.${kind}`)}</strong> · {t(row.incoming ? 'record.incoming' : 'record.outgoing')} ·{' '}
        {t(`record.destination.${row.destination}`)}
      </span>
      <span className="record-row__amount">
        {kind === 'call' ? formatCallLength(row.serviceUsed, lang) : formatUsageAmount(kind, row.serviceUsed, lang)}
      </span>
      <span className="record-row__meta">{formatDateTime(row.eventTime, lang)}</span>
      <span className="record-row__meta record-row__amount">
        {rated === 'premium' ? t('record.premium', { amount: formatMoneyCents(row.resourceImpact, lang) }) : t(`record.rated.${rated}`)}
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

/**
 * The list is as tall as its rows and scrolls with the page (the keyboard's arrows, Page Down and Space scroll it as
 * they scroll the page); only the rows in the window are in the DOM.
 */
const RecordScroller = ({ queryId, count, label }: { queryId: number; count: number; label: string }) => {
  const { t } = useTranslation('consumption');
  const list = useRef<HTMLDivElement>(null);
  const rowAt = useRecordPages(queryId);
  const { first, last, offsetOf, total, measure } = useMeasuredRows(list, count);
  const items: number[] = [];
  for (let index = first; index <= last; index++) items.push(index);
  return (
    <div className="record-scroller" role="region" aria-label={label}>
      <div ref={list} role="list" className="record-scroller__list" style={{ height: total }}>
        {items.map((index) => {
          const row = rowAt(index);
          return (
            <div
              // A new query's rows are new elements, measured afresh.
              key={`${queryId}:${index}`}
              ref={measure}
              data-index={index}
              role="listitem"
              aria-setsize={count}
              aria-posinset={index + 1}
              className="record-row"
              data-kind={row?.serviceCat}
              // `top`, not a transform: layout offsets stay exact to a fraction of a pixel even 15 million pixels down.
              style={{ top: offsetOf(index) }}
            >
              {row ? <RecordRow row={row} /> : <span className="muted">{t('details.loadingRow')}</span>}
            </div>
          );
        })}
      </div>
    </div>
  );
};
