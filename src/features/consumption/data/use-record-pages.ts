import { useCallback, useEffect, useRef, useState } from 'react';
import type { UsageRecordRow } from '#workers/usage-core';
import { usageWorker } from '#data/usage-worker-client';

/** Rows per request to the worker: the main thread never holds a bigger page than this at once. */
export const rowsPageSize = 200;
/** Pages kept around the visible ones; older ones are dropped, so memory stays flat while scrolling 200,000 rows. */
const keptPages = 12;

/**
 * Rows of the worker's latest query by index, fetched a page at a time as the list scrolls. `rowAt` returns
 * undefined until its page arrives (the list shows a placeholder). Offline: the worker reads IndexedDB only.
 */
export const useRecordPages = (queryId: number) => {
  const pages = useRef(new Map<number, UsageRecordRow[]>());
  const pending = useRef(new Set<number>());
  const [, setVersion] = useState(0);

  useEffect(() => {
    pages.current = new Map();
    pending.current = new Set();
    setVersion((v) => v + 1);
  }, [queryId]);

  const request = useCallback(
    (page: number) => {
      if (queryId === 0 || pages.current.has(page) || pending.current.has(page)) return;
      pending.current.add(page);
      const forQuery = queryId;
      usageWorker()
        .rows(forQuery, page * rowsPageSize, rowsPageSize)
        .then(
          (rows) => {
            pending.current.delete(page);
            if (rows === null || forQuery !== queryId) return;
            pages.current.set(page, rows);
            if (pages.current.size > keptPages) {
              const oldest = pages.current.keys().next().value;
              if (oldest !== undefined) pages.current.delete(oldest);
            }
            setVersion((v) => v + 1);
          },
          () => pending.current.delete(page),
        );
    },
    [queryId],
  );

  const rowAt = useCallback(
    (index: number): UsageRecordRow | undefined => {
      const page = Math.floor(index / rowsPageSize);
      const rows = pages.current.get(page);
      if (!rows) {
        request(page);
        return undefined;
      }
      return rows[index - page * rowsPageSize];
    },
    [request],
  );

  return rowAt;
};
