/*
 * Chunk-load errors (docs/product/navigation.md "When part of the app cannot load"): a lazy chunk that fails to load,
 * or takes longer than 120 s (same heading), raises the chunk-load error, which the app shows with a reload action.
 * Offline: the precached chunks load; a chunk of a newer build that is not cached fails here.
 */

export const chunkLoadTimeoutMs = 120_000;
export const chunkLoadEvent = 'app:chunk-load-error';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

const raise = (cause: unknown): ChunkLoadError => {
  const error = new ChunkLoadError(cause instanceof Error ? cause.message : String(cause));
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(chunkLoadEvent));
  return error;
};

/** Wrap a lazy import: failure or time-out → ChunkLoadError (and the app-wide notice). */
export const loadChunk = <T>(load: () => Promise<T>, timeoutMs = chunkLoadTimeoutMs): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(raise(new Error(`chunk load timed out after ${timeoutMs} ms`))), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(raise(error));
      },
    );
  });

/** Vite reports failed preloads of a chunk's dependencies with this event. */
export const watchChunkErrors = (onError: () => void): (() => void) => {
  const handler = () => onError();
  window.addEventListener('vite:preloadError', handler);
  window.addEventListener(chunkLoadEvent, handler);
  return () => {
    window.removeEventListener('vite:preloadError', handler);
    window.removeEventListener(chunkLoadEvent, handler);
  };
};
