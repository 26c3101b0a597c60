/**
 * Lets the browser run other tasks (input, rendering, the network's callbacks) before the caller goes on: the work
 * before and after becomes two tasks instead of one long one. `scheduler.yield()` where the browser has it (its
 * continuation runs before other queued tasks, so the caller loses no place), else a message-channel task, which
 * is not throttled like timers. Where neither exists (a test without a DOM), it only waits for a microtask.
 */
type Scheduler = { yield?: () => Promise<void> };

export const yieldToMain = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
};
