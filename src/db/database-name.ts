/** The IndexedDB database of the app: Dexie's (schema.ts) and the start-up peek's (peek.ts), one name for both. */
export const databaseName = 'mobile-self-service';
