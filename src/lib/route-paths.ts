import type { DeclaredPaths } from './feature-declaration.ts';
import { declaredPaths } from './features.ts';

/*
 * Every path of the app (docs/product/navigation.md "Routes under the main layout", "Routes under the empty layout"),
 * for the route table (app/router.tsx), the guards and every link or navigation. Each feature declares its own in its
 * `feature.ts` (lib/feature-declaration.ts), under its route's id in camelCase (`consumption-main` →
 * `consumptionMain`); they are typed from those declarations, so a wrong key does not compile. Patterns keep React
 * Router's `:param` segments; `pathTo` fills them, `withQuery` adds a query, `loginPath` builds every way to the login
 * form. The login route ships this module, with the declarations (paths and lazy imports: a few KB before gzip).
 */

export const paths = declaredPaths as DeclaredPaths;

export type RoutePattern = (typeof paths)[keyof typeof paths];

/** The `:params` of a pattern, e.g. `{ uuid: string }` for `/orders/:uuid`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** A pattern with its `:params` filled in (each one URL-encoded). */
export const pathTo = <P extends RoutePattern>(pattern: P, params: PathParams<P>): string =>
  pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = (params as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`missing route parameter ${name} of ${pattern}`);
    return encodeURIComponent(value);
  });

/** The part of a pattern before its first `:param` (the whole pattern when it has none), to match a path by prefix. */
export const staticPrefix = (pattern: RoutePattern): string => {
  const param = pattern.indexOf(':');
  return param === -1 ? pattern : pattern.slice(0, param);
};

type QueryValue = string | number | boolean | null | undefined;

/**
 * A path with query parameters appended in the given order; `undefined`, `null`, `false` and '' are left out and
 * `true` is written `1`. Values are URL-encoded (`/` as `%2F`), a path that has a query already gets `&`.
 */
export const withQuery = (path: string, query: Readonly<Record<string, QueryValue>>): string => {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === false || value === '') continue;
    parts.push(`${name}=${encodeURIComponent(value === true ? '1' : String(value))}`);
  }
  if (parts.length === 0) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${parts.join('&')}`;
};

/** Where to go back after logging in (a path of the app, with its query). */
export const withRedirect = (path: string, redirect: string | null | undefined): string => withQuery(path, { redirect });

export type LoginQuery = {
  /** Show the password form even on a device with a PIN. */
  password?: boolean;
  /** The session expired: the form says so. */
  expired?: boolean;
  /** A message left by another screen (`emailConfirmed`, `passwordSaved`, `tooManyPinAttempts` …). */
  notice?: string;
  /** Prefill the login field. */
  login?: string | null;
  /** Where to go after logging in. */
  redirect?: string | null;
};

/** The one builder of `/login?…` (its parameters always in this order). */
export const loginPath = ({ password, expired, notice, login, redirect }: LoginQuery = {}): string =>
  withQuery(paths.loginMain, { password, expired, notice, login, redirect });

/**
 * A message a screen leaves for home in the navigation state (not the address: a reload or a shared link does not
 * show it again). `emailConfirmed`: the logged-in customer opened the e-mail confirmation link
 * (docs/product/auth.md "E-mail confirmation").
 */
export type HomeNotice = 'emailConfirmed';
export type HomeState = { notice?: HomeNotice };
export const isHomeState = (value: unknown): value is HomeState =>
  typeof value === 'object' && value !== null && (value as HomeState).notice === 'emailConfirmed';
