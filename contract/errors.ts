/**
 * The error catalogue of SPEC §8: the `code` of an error body. The app translates `errors:<code>`; the server's
 * `message` is an English fallback for non-browser clients.
 */
export const errorCodes = [
  'invalidParameters',
  'invalidCredentials',
  'invalidPin',
  'invalidToken',
  'pinExpired',
  'connectionRefused',
  'customerNotFound',
  'linkMismatch',
  'smsCodeInvalid',
  'tooManyCodeRequests',
  'tooManyLoginAttempts',
  'tooManyPinAttempts',
  'pushDenied',
  'energyAlreadyLinked',
  'samePassword',
  'activationCodeWrong',
  'tooManyActivationRequests',
  'activationGeneric',
  'linkExpired',
  'serverError',
  'msisdnInUse',
  'msisdnMissing',
  'legacyWithoutCustomer',
  'unauthenticated',
  'forbidden',
  'notFound',
  'maintenance',
  'noUpdate',
  'staleData',
  'idempotencyMismatch',
  'privacyForbidden',
  'ticketError',
  'uploadError',
  'customerDebt',
  'unknownOrderError',
  'network',
  'timeout',
  'chunkLoad',
  // SIM activation: the order's state does not allow the request (it changed meanwhile), and the activation
  // session of the public flow is missing or expired (the customer gives the order number and code again).
  'activationNotPossible',
  'activationSessionExpired',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
