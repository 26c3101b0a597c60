import { db } from '#db/db';
import { firstPaintKey, type FirstPaintSnapshot } from '#lib/first-paint';

/**
 * Keeps home's snapshot for the next start (lib/first-paint.ts), for the user whose screen it is: written in one
 * transaction with a check of the stored session, so a snapshot drawn before a logout or a change of account is
 * never kept for the next person (the wipe of every table removes the snapshot with the rest). Offline: a local
 * write like any other; nothing is sent.
 */
export const saveFirstPaint = async (snapshot: FirstPaintSnapshot): Promise<boolean> =>
  db.transaction('rw', [db.session, db.prefs], async () => {
    const session = await db.session.get('current');
    if (session?.userGuid !== snapshot.userGuid) return false;
    await db.prefs.put({ key: firstPaintKey, value: snapshot });
    return true;
  });
