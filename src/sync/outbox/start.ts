import { liveQuery } from 'dexie';
import { db } from '#db/db';
import { onWorkerMessage } from '../sw-bridge.ts';
import { requestPersistentStorage } from '../storage.ts';
import { resumeAfterAuth } from './user-actions.ts';
import { handleWorkerMessage, reconcileWithWorker, restartWorkerChecks } from './worker-sync.ts';

let started = false;

/**
 * App start: send what is waiting (browsers without Background Sync replay here), listen for the worker's
 * results, for 'online', and for a new login (re-authentication resumes replay). No type of change loads here:
 * each one loads when a change of its type is settled (registry.ts).
 */
export const startOutbox = (): void => {
  if (started || typeof window === 'undefined') return;
  started = true;
  onWorkerMessage((message) => void handleWorkerMessage(message));
  window.addEventListener('online', () => {
    restartWorkerChecks();
    void reconcileWithWorker();
  });
  let lastLogin: number | null | undefined;
  liveQuery(() => db.session.get('current')).subscribe({
    next: (session) => {
      const login = session?.loggedInAt ?? null;
      // A new login (or renewal) after the one this page started with: re-authentication happened.
      if (lastLogin !== undefined && login !== null && login !== lastLogin) void resumeAfterAuth();
      // Persistent storage is asked once a user is logged in (an anonymous visitor has nothing to keep).
      if (login !== null && login !== lastLogin) void requestPersistentStorage();
      lastLogin = login;
    },
  });
  // Learn what the worker holds before sending anything, so that its changes are not sent twice for nothing.
  void reconcileWithWorker();
};
