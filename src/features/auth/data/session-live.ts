import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '#db/db';
import type { SessionRow } from '#db/schema';
import { fromLive, type LiveResult } from '#lib/live-result';

/*
 * The stored session as logged-in screens read it, with Dexie but without the API client or the contract's schemas:
 * the main layout reads it for its first frame (session.ts, which logs in and out, loads when it is needed and
 * re-exports these).
 */

export const readSession = async (): Promise<SessionRow | null> => (await db.session.get('current')) ?? null;

export const useSession = (): LiveResult<SessionRow | null> => fromLive(useLiveQuery(async () => ({ data: await readSession() }), []));
