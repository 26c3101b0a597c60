/** Both engines store booleans as INTEGER 0/1 (server/db/migrations/001_init.sql). */
export const bool = (value: number | null | undefined): boolean => value === 1;
