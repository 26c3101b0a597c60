import { expose } from 'comlink';
import { createDatabase } from '#db/schema';
import { createUsageService } from './usage-service.ts';

/*
 * The usage worker (docs/architecture.md "Heavy work: usage"): opens the app's IndexedDB database itself and answers
 * aggregation, filtering and paging requests over Comlink, so the page's main thread never reads or loops over
 * more than one page of records. Offline: IndexedDB only.
 */

const service = createUsageService(createDatabase());

export type UsageWorkerApi = typeof service;

expose(service);
