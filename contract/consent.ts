/*
 * The cookie consent (docs/product/settings.md "Cookies and consent": the consent modal, the consent cookie, 365
 * days), without zod: the app's root shell reads it on every navigation and the server checks it before counting a
 * page view, so both read one format.
 */

/** A first-party cookie, readable by script (the app decides whether to show the modal before anything loads). */
export const CONSENT_COOKIE = 'consent';
/** docs/product/settings.md "Cookies and consent": the decision is kept 365 days. */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The consent flags (docs/product/settings.md "Cookies and consent"); the necessary cookies (session, this one) are
 * always on.
 */
export type ConsentFlags = { necessary: true; statistic: boolean; marketing: boolean };

/** The cookie's value: a version and one digit per optional flag (`v1.s1.m0`), so a later format can be told apart. */
export const serializeConsent = (flags: Pick<ConsentFlags, 'statistic' | 'marketing'>): string =>
  `v1.s${flags.statistic ? 1 : 0}.m${flags.marketing ? 1 : 0}`;

/** The decision stored in a cookie value, or null when there is none (no cookie, or one this version cannot read). */
export const parseConsent = (value: string | null | undefined): ConsentFlags | null => {
  const match = /^v1\.s([01])\.m([01])$/.exec(value ?? '');
  if (!match) return null;
  return { necessary: true, statistic: match[1] === '1', marketing: match[2] === '1' };
};

/** The consent cookie's value in a Cookie header (`a=1; consent=v1.s1.m0`), or null. */
export const consentCookieValue = (cookieHeader: string | null | undefined): string | null => {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CONSENT_COOKIE) return rest.join('=');
  }
  return null;
};

/**
 * Statistics consent given: the only case in which a page view may be counted (docs/product/settings.md
 * "Cookies and consent").
 */
export const allowsStatistics = (cookieHeader: string | null | undefined): boolean =>
  parseConsent(consentCookieValue(cookieHeader))?.statistic === true;

/** A route name as page views record it: the router's route id (`settings-main`), nothing about the user. */
export const PAGE_VIEW_ROUTE = /^[a-z][a-z0-9-]{0,59}$/;

/**
 * docs/product/settings.md "Cookies and consent": the consent modal is not shown on iOS. An iPhone, iPad or iPod by
 * its user agent; the app also counts an iPad that presents itself as a Mac (a Mac with a touch screen), which the
 * server cannot see.
 */
export const isIosUserAgent = (userAgent: string): boolean => /iPad|iPhone|iPod/.test(userAgent);
