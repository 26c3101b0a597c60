/*
 * What the server gives the render of home's first visit (src/app/first-visit.tsx, built into the build's ssr/
 * folder, loaded by server/plugins/static-app.ts): the one interface between the two, which are built apart.
 */

/** An API read of the server for this request (its cookies): the parsed JSON of a 200 answer, else null. */
export type ReadApi = (url: string) => Promise<unknown>;

export type FirstVisitRequest = {
  /** The request's path and query (`/`, `/?lang=nl`, `/?contractId=5`). */
  url: string;
  acceptLanguage: string;
  userAgent: string;
  /** The `Sec-CH-UA-Mobile` client hint, when the browser sends it. */
  mobileHint: string | undefined;
  /** home-first.html, the page built for this answer. */
  template: string;
  /** The service's time (the server's clock): forecasts. */
  now: number;
  readApi: ReadApi;
};

/** The module's one export: the page, or null (the shell answers) without a session or when any of it fails. */
export type FirstVisitModule = { composeFirstVisit: (request: FirstVisitRequest) => Promise<string | null> };
