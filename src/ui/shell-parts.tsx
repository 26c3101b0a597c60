import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import type { Language } from '#contract/language';

/*
 * What the main layout's route lends the screens under it that belong to other parts of the app: the logout entry
 * with its confirmation (the layout's own, app/layouts/logout-entry.tsx) and the saving of the language on the account
 * (the auth feature's queued change). A screen may import neither the app nor another feature; the app, which may,
 * puts them in the layout route's `handle` (app/router.tsx), so that a feature's routes need no composition written in
 * the app (the profile page uses both).
 */

export type ShellParts = {
  /** Saves the language on the account (a queued change: offline it goes out later). */
  saveLanguage: (language: Language) => Promise<void>;
  /** The logout button with its confirmation. */
  logout: ReactNode;
};

export type ShellPartsHandle = { shellParts: ShellParts };

const isShellPartsHandle = (handle: unknown): handle is ShellPartsHandle =>
  typeof handle === 'object' && handle !== null && 'shellParts' in handle;

/** A screen outside the main layout's route has no account to save to and no logout to offer. */
const none: ShellParts = { saveLanguage: () => Promise.resolve(), logout: null };

/** The parts the main layout's route lends the screen (from React Router's matches: a data router's screens only). */
export const useShellParts = (): ShellParts =>
  useMatches()
    .map((match) => match.handle)
    .find(isShellPartsHandle)?.shellParts ?? none;
