import type { Pagination } from '#contract/common';

export type PageWindow = { page: number; perPage: number; offset: number };

/** megalist-page (1-based) and megalist-batchSize → the SQL window. */
export const pageWindow = (page: number, perPage: number): PageWindow => ({ page, perPage, offset: (page - 1) * perPage });

/**
 * The snake_case pagination of docs/product/api.md "Paging" (Laravel's shape, which the megalist params come from):
 * `from`/`to` are the 1-based positions of the first and last row of the page, null on an empty page; `last_page` is at
 * least 1. Links repeat the request's own query with another page number, so a client can follow them as they are.
 */
export const buildPagination = (
  window: PageWindow,
  total: number,
  rowsOnPage: number,
  path: string,
  query: Record<string, string | number | undefined>,
): Pagination => {
  const lastPage = Math.max(1, Math.ceil(total / window.perPage));
  const link = (page: number): string => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    params.set('megalist-page', String(page));
    return `${path}?${params.toString()}`;
  };
  return {
    current_page: window.page,
    from: rowsOnPage > 0 ? window.offset + 1 : null,
    to: rowsOnPage > 0 ? window.offset + rowsOnPage : null,
    per_page: window.perPage,
    total,
    last_page: lastPage,
    links: {
      first: link(1),
      last: link(lastPage),
      prev: window.page > 1 ? link(Math.min(window.page - 1, lastPage)) : null,
      next: window.page < lastPage ? link(window.page + 1) : null,
    },
  };
};
