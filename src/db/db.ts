import { createDatabase } from './schema.ts';

/** The one database instance of the page. */
export const db = createDatabase();
