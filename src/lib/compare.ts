/**
 * Orders strings by code unit: ISO 8601 timestamps and identifiers sort chronologically and stably. Not
 * `localeCompare`, whose first call builds an ICU collator (tens of milliseconds on a slow phone, in the first
 * frame of home) and whose order depends on the locale.
 */
export const compareCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
