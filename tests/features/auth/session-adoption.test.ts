import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * A session known only by its cookies: with no local descriptor, the guards ask GET /user/me once and adopt what the
 * server answers; a "no session" answer is not asked again in the same page load.
 */

const me = {
  user: {
    id: 1,
    guid: 'u-1',
    customer_id: 10,
    scope: 'DEFAULT',
    role: 'owner',
    email: 'sophie.dubois@example.be',
    msisdn: null,
    energy_ref: null,
    language: { app: 'fr' },
    personal_data: { first_name: 'Sophie', last_name: 'Dubois', birth_date: null },
  },
  expires_at: new Date(Date.now() + 86_400_000).toISOString(),
};

const load = async () => {
  vi.resetModules();
  const { db } = await import('#db/db');
  await Promise.all(db.tables.map((table) => table.clear()));
  const peek = await import('#features/auth/data/session-peek.ts');
  return { db, peek };
};

beforeEach(() => {
  vi.unstubAllGlobals();
});

describe('adoptServerSession', () => {
  it('adopts a valid server session: the descriptor is written and the guards find it', async () => {
    const { db, peek } = await load();
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(me), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    expect(await peek.peekSession()).toBeNull();
    expect(await peek.adoptServerSession()).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual(['/api/user/me', expect.objectContaining({ credentials: 'include' })]);
    expect(await db.session.get('current')).toMatchObject({ userGuid: 'u-1', role: 'owner', customerId: 10 });
    expect((await peek.peekSession())?.userGuid).toBe('u-1');
  });

  it('asks once per page load when the server says there is no session, and shares one request between guards', async () => {
    const { db, peek } = await load();
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{"statusCode":401}', { status: 401 })));
    vi.stubGlobal('fetch', fetchMock);
    const answers = await Promise.all([peek.adoptServerSession(), peek.adoptServerSession()]);
    expect(answers).toEqual([false, false]);
    expect(await peek.adoptServerSession()).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await db.session.count()).toBe(0);
  });

  it('offline (no answer): false, and asks again next time', async () => {
    const { peek } = await load();
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    expect(await peek.adoptServerSession()).toBe(false);
    expect(await peek.adoptServerSession()).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refuses an answer that does not parse', async () => {
    const { db, peek } = await load();
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ user: { id: 'x' } }), { status: 200 })));
    expect(await peek.adoptServerSession()).toBe(false);
    expect(await db.session.count()).toBe(0);
  });
});
