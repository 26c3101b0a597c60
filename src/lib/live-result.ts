/** What a data hook returns: "loading" is never confused with "empty" (docs/architecture.md). */
export type LiveResult<T> = { status: 'loading' } | { status: 'ready'; data: T };

export const fromLive = <T>(value: { data: T } | undefined): LiveResult<T> =>
  value === undefined ? { status: 'loading' } : { status: 'ready', data: value.data };
