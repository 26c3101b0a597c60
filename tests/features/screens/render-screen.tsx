import { configure, render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { Language } from '#contract/language';
import { initI18n, preloadNamespaces, type Namespace } from '#i18n/i18n';

/*
 * A screen rendered as the app renders it (jsdom): i18next started as the app starts it, in the language asked, with
 * the screen's namespaces loaded first (the router does so before a screen renders), inside a router at `path`.
 * The component tests of the form screens use it; their data hooks and saves are mocked by each test file, so a
 * test drives the form itself: what is typed, what the form refuses with which message, what it would send.
 * Used by the files of this folder, one language per file (i18next is one instance per test file).
 */

let started: Promise<unknown> | null = null;

// A file's first `findBy…` waits for the screen's lazy parts, which Vite transforms on first import: on two cores shared
// with other test runs that took over Testing Library's default 1 s (the screen was still its empty Suspense fallback).
configure({ asyncUtilTimeout: 10_000 });

export const renderScreen = async (
  screen: ReactElement,
  { lang, namespaces, path = '/' }: { lang: Language; namespaces: readonly Namespace[]; path?: string },
): Promise<RenderResult> => {
  started ??= initI18n(lang);
  await started;
  await i18next.changeLanguage(lang);
  await preloadNamespaces(namespaces);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={null}>{screen}</Suspense>
    </MemoryRouter>,
  );
};

/** The text an element is described by (aria-describedby), as a screen reader reads it after the name. */
export const descriptionOf = (element: HTMLElement): string =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
