/**
 * A module's async function, loaded on its first call: a screen's first frame then does without that module and
 * what it imports (a pull and the API client under it), and the module loads once a call needs it. A failed load
 * is tried again on the next call.
 */
export const loadOnCall = <A extends unknown[], R>(load: () => Promise<(...args: A) => Promise<R>>): ((...args: A) => Promise<R>) => {
  let loading: Promise<(...args: A) => Promise<R>> | null = null;
  return async (...args: A): Promise<R> => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return (await loading)(...args);
  };
};
