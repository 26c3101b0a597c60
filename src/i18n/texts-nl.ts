/** The nl texts, one chunk per namespace (see i18n.ts `textsOf`). */
export const texts = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/nl/*.json', { base: '../../locales/nl' });
