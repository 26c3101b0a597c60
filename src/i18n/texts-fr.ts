/** The fr texts, one chunk per namespace (see i18n.ts `textsOf`). */
export const texts = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/fr/*.json', { base: '../../locales/fr' });
