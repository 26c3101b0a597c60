import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loginPath, paths, pathTo, staticPrefix, withQuery, withRedirect, type LoginQuery } from '#lib/route-paths';

describe('loginPath: the one builder of /login?…', () => {
  it.each<[string, LoginQuery | undefined, string]>([
    ['plain', undefined, '/login'],
    ['a guard sends back to the page', { redirect: '/settings/contact' }, '/login?redirect=%2Fsettings%2Fcontact'],
    ['expired session', { expired: true, redirect: '/bills/main?x=1' }, '/login?expired=1&redirect=%2Fbills%2Fmain%3Fx%3D1'],
    [
      'PIN refused',
      { password: true, notice: 'tooManyPinAttempts', redirect: '/' },
      '/login?password=1&notice=tooManyPinAttempts&redirect=%2F',
    ],
    ['renewal refused', { password: true, expired: true, redirect: '/' }, '/login?password=1&expired=1&redirect=%2F'],
    [
      'password saved',
      { password: true, notice: 'passwordSaved', login: 'a b@c.be' },
      '/login?password=1&notice=passwordSaved&login=a%20b%40c.be',
    ],
    ['nothing to prefill', { password: true, login: null, redirect: null }, '/login?password=1'],
    ['false and empty are left out', { password: false, expired: false, notice: '', login: '' }, '/login'],
  ])('%s', (_name, query, expected) => {
    expect(loginPath(query)).toBe(expected);
  });
});

describe('withQuery and withRedirect', () => {
  it.each<[string, string, Record<string, string | number | boolean | null | undefined>, string]>([
    ['no query', '/login/welcome', { login: null }, '/login/welcome'],
    ['first parameter', '/login/welcome', { login: '0470000001' }, '/login/welcome?login=0470000001'],
    ['a path with a query gets &', '/login?password=1', { redirect: '/x' }, '/login?password=1&redirect=%2Fx'],
    ['numbers and true', '/a', { n: 3, yes: true }, '/a?n=3&yes=1'],
  ])('%s', (_name, path, query, expected) => {
    expect(withQuery(path, query)).toBe(expected);
  });

  it('withRedirect adds only a present target', () => {
    expect(withRedirect(paths.pinLost, '/bills/main')).toBe('/login/pin/lost?redirect=%2Fbills%2Fmain');
    expect(withRedirect(paths.pinLost, null)).toBe('/login/pin/lost');
  });
});

describe('pathTo and staticPrefix', () => {
  it('fills and encodes parameters', () => {
    expect(pathTo(paths.orderFollow, { uuid: 'a/b' })).toBe('/orders/a%2Fb');
    expect(pathTo(paths.confirmEmail, { uuid: 'u', token: 't' })).toBe('/account/confirm-email/u/t');
    expect(pathTo(paths.home, {})).toBe('/');
  });

  it.each([
    [paths.confirmEmail, '/account/confirm-email/'],
    [paths.loginLink, '/login/'],
    [paths.settingsContact, '/settings/contact'],
  ])('%s → %s', (pattern, prefix) => {
    expect(staticPrefix(pattern)).toBe(prefix);
  });
});

describe('the route table uses the paths module', () => {
  const camel = (id: string) => id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  const collect = (routes: RouteObject[]): { id: string; path: string }[] =>
    routes.flatMap((route) => [
      ...(route.path !== undefined && route.id !== undefined ? [{ id: route.id, path: route.path }] : []),
      ...collect(route.children ?? []),
    ]);

  it('every route path is the paths entry named after its id, and every entry has its route', async () => {
    const { routes } = await import('#app/router.tsx');
    // The app's own catch-all (docs/product/navigation.md "Not found") has no entry: nothing links to it.
    const table = collect(routes).filter(({ id }) => id !== 'not-found');
    expect(table.map(({ id, path }) => [camel(id), path])).toEqual(
      table.map(({ id }) => [camel(id), paths[camel(id) as keyof typeof paths]]),
    );
    expect(table.map(({ id }) => camel(id)).sort()).toEqual(Object.keys(paths).sort());
  });
});
