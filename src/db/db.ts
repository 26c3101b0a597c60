import { type AppDatabase, createDatabase } from './schema.ts';

let instance: AppDatabase | undefined;

/** The database, declared on first use. */
const database = (): AppDatabase => (instance ??= createDatabase());

/**
 * The one database instance of the page, declared on first use rather than when this module loads: declaring its
 * versions and stores (Dexie parses each one) is about 20 ms of a phone's main thread at 4× CPU, and home's first
 * frame does not need it (db/peek-reads.ts reads its rows without Dexie), so an offline start no longer pays it
 * before the app takes over (issue 41). Every property is the instance's, its methods bound to it, so that Dexie sees
 * its own object as `this`; a property defined on it (a test's spy) is defined on the instance.
 */
export const db: AppDatabase = new Proxy({} as AppDatabase, {
  get: (_target, key) => {
    const target = database();
    const value: unknown = Reflect.get(target, key, target);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  },
  set: (_target, key, value) => Reflect.set(database(), key, value),
  has: (_target, key) => Reflect.has(database(), key),
  // A test's spy on a method goes on the instance, as it would without the proxy.
  defineProperty: (_target, key, descriptor) => Reflect.defineProperty(database(), key, descriptor),
  deleteProperty: (_target, key) => Reflect.deleteProperty(database(), key),
  ownKeys: () => Reflect.ownKeys(database()),
  getOwnPropertyDescriptor: (_target, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(database(), key);
    // Reported configurable: the proxy's own target has none of these properties (a proxy invariant).
    return descriptor && { ...descriptor, configurable: true };
  },
});
