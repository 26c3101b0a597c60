/// <reference types="vite/client" />

// Declaration merging with Vite's own ImportMetaEnv needs an interface here.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_PUBLIC_API_BASE?: string;
  readonly VITE_ENERGY_PORTAL_URL?: string;
  readonly VITE_TARIFF_COMPARE_URL?: string;
}

/** The built usage worker's URL (vite.config.ts `usageWorkerChunk`). */
declare module 'virtual:usage-worker-url' {
  export const usageWorkerUrl: string;
}
