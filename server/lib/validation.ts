import type { z } from 'zod';
import type { FieldError } from '#contract/common';

export type InputSource = 'params' | 'query' | 'body';

/**
 * zod issues → the contract's `fields`. The contract writes its messages as translation keys (`validation:…`);
 * zod's own English defaults (a missing key, a wrong type) are mapped to keys too, so the app can always
 * translate what it gets. Issues at the root (e.g. a body that is not an object) name the source instead.
 */
export const issuesToFields = (issues: readonly z.core.$ZodIssue[], source: InputSource): FieldError[] =>
  issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : source,
    message: issue.message.startsWith('validation:') ? issue.message : fallbackKey(issue),
  }));

// Needs `reportInput: true` on the parse so that `input` is present on the issue.
const fallbackKey = (issue: z.core.$ZodIssue): string =>
  issue.code === 'invalid_type' && issue.input === undefined ? 'validation:required' : 'validation:invalid';
