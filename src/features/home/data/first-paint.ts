import type { Language } from '#contract/language';
import { db } from '#db/db';
import { firstPaintKey, isFirstPaintSnapshot, type FirstPaintSnapshot } from '#lib/first-paint';

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

/**
 * Drops home's snapshot when it is in another language than `lang`, the one the app now shows on this device (the
 * language the next start begins in, i18n.ts initialLanguage). The service worker paints the snapshot before the app
 * runs and cannot read the device's choice: a snapshot left in the previous language would be painted, and the app
 * would then take over in the other one. Home writes a new snapshot in the new language when it is shown again; a
 * snapshot already in `lang` (home wrote it first) is kept.
 */
export const dropFirstPaintInOtherLanguage = async (lang: Language): Promise<boolean> =>
  db.transaction('rw', [db.prefs], async () => {
    const row = await db.prefs.get(firstPaintKey);
    if (!row || (isFirstPaintSnapshot(row.value) && row.value.lang === lang)) return false;
    await db.prefs.delete(firstPaintKey);
    return true;
  });
