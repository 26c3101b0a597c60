/** Both engines store booleans as INTEGER 0/1 (server/db/migrations/001_init.ts). */
export const bool = (value: number | null | undefined): boolean => value === 1;
