import { describe, expect, it } from 'vitest';
import { notificationOf, notificationTarget } from '#sw/push-payload';

describe('the notification of a push', () => {
  it('shows the server’s title and text in the customer’s language, and remembers its screen', () => {
    const payload = JSON.stringify({
      title: '80 % van uw mobiele data verbruikt',
      body: 'U hebt 80 % …',
      lang: 'nl',
      url: '/consumption/main?contractId=4',
      tag: '80PC:DATA:2026-11-15',
      type: '80PC',
    });
    expect(notificationOf(payload)).toEqual({
      title: '80 % van uw mobiele data verbruikt',
      options: {
        body: 'U hebt 80 % …',
        lang: 'nl',
        tag: '80PC:DATA:2026-11-15',
        data: { url: '/consumption/main?contractId=4' },
        icon: '/icon-192.png',
        badge: '/icon-192.png',
      },
    });
  });

  it.each([null, '', 'not json', '42', 'null', '"text"'])('still shows a notification for an unreadable payload %j', (payload) => {
    expect(notificationOf(payload)).toMatchObject({ title: 'MyMega', options: { lang: 'fr', data: { url: '/' } } });
  });

  it('falls back to French for an unknown language', () => {
    expect(notificationOf(JSON.stringify({ title: 'x', lang: 'de' })).options.lang).toBe('fr');
  });
});

describe('where a click on a notification leads', () => {
  it.each([
    ['/settings/alerts', '/settings/alerts'],
    ['/consumption/main?contractId=1', '/consumption/main?contractId=1'],
    ['https://evil.example/phish', '/'],
    ['//evil.example/phish', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    [undefined, '/'],
    [42, '/'],
  ])('%j → %s', (url, target) => {
    expect(notificationTarget(url)).toBe(target);
  });
});
