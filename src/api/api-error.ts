import type { FieldError } from '#contract/common';

/*
 * The API client's error, apart from the client itself (its listeners are in api-failures.ts): the app's root
 * subscribes to failed calls on the login route without loading ofetch and the contract's schemas (the login route
 * ships only what a logged-out visitor needs). client.ts re-exports the class; import it from '#api/client' unless
 * the module sits on that path.
 */

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldError[];
  readonly retryAfter: number | undefined;
  readonly endpoint: string;
  /**
   * No answer while the device says it is online, before the time-out: the server (or what stands before it) refused
   * the connection (docs/product/errors.md "Global error handler"). Still a network failure. A browser does not tell a
   * refused connection from other failures to connect; online and not timed out is as close as it gets.
   */
  readonly refused: boolean;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: FieldError[];
    retryAfter?: number;
    endpoint: string;
    refused?: boolean;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? [];
    this.retryAfter = init.retryAfter;
    this.endpoint = init.endpoint;
    this.refused = init.refused ?? false;
  }

  /** No answer at all (offline, DNS, connection refused): status 0. */
  get isNetwork(): boolean {
    return this.code === 'network' || this.code === 'timeout';
  }

  get isAborted(): boolean {
    return this.code === 'aborted';
  }
}
