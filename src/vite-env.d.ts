/// <reference types="vite/client" />

// Declaration merging with Vite's own ImportMetaEnv needs an interface here.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_PUBLIC_API_BASE?: string;
  readonly VITE_ENERGY_PORTAL_URL?: string;
  readonly VITE_TARIFF_COMPARE_URL?: string;
  /** Set by vite.config.ts from PRODUCT_NAME, CREDITOR_NAME and CUSTOMER_SERVICE_PHONE (src/lib/operator.ts). */
  readonly VITE_PRODUCT_NAME?: string;
  readonly VITE_OPERATOR_LEGAL_NAME?: string;
  readonly VITE_CUSTOMER_SERVICE_PHONE?: string;
}

/** The built usage worker's URL (vite.config.ts `usageWorkerChunk`). */
declare module 'virtual:usage-worker-url' {
  export const usageWorkerUrl: string;
}
