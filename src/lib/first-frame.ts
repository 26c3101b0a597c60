import { useEffect, useState } from 'react';

/*
 * A screen's first frame with its data. A route reads what its screen's live queries will read while its chunk
 * loads (its lazy()), and keeps the answers here; the screen's hooks start from them, so its first render already
 * shows the stored rows instead of a spinner followed by a second render once IndexedDB answers. The live queries
 * still run and replace these answers at once; an answer serves one mount, then it is forgotten.
 */

const kept = new Map<string, unknown>();

/** Reads `read()` for the first frame of the screen whose hook asks for `key`; a failure keeps nothing. */
export const keepForFirstFrame = async <T>(key: string, read: () => Promise<T>): Promise<T | undefined> => {
  try {
    const value = await read();
    kept.set(key, value);
    return value;
  } catch {
    // The live query reports the failure when the screen renders.
    return undefined;
  }
};

/**
 * The answer kept for `key`, on the mount of the hook that asks for it (a later mount, or another key, gets
 * nothing): the default value of that hook's live query.
 */
export const useFirstFrame = <T>(key: string): T | undefined => {
  const [value] = useState(() => kept.get(key) as T | undefined);
  useEffect(() => {
    kept.delete(key);
  }, [key]);
  return value;
};

/**
 * Keeps `value` for the first frame of the screen whose hook asks for `key`, as `keepForFirstFrame` does with what
 * it read: the server's render of a first visit (app/first-visit.tsx) keeps the rows of its answers so.
 */
export const keepValueForFirstFrame = (key: string, value: unknown): void => {
  kept.set(key, value);
};

/** Forgets every kept answer (the server renders one page after another in one process). */
export const forgetFirstFrames = (): void => {
  kept.clear();
};
