/*
 * What `use-sync-external-store/shim` gives libraries written for React < 18 (react-i18next imports it): React 19's own
 * hook. The production build resolves the shim here (vite.config.ts), so no fallback implementation ships.
 */
export { useSyncExternalStore } from 'react';
