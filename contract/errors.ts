/**
 * The error catalogue of docs/product/errors.md "Error catalogue": the `code` of an error body. The app translates
 * `errors:<code>`; the server's `message` is an English fallback for non-browser clients.
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
  'tooManyRequests',
  'pushDenied',
  'energyAlreadyLinked',
  'mobileAlreadyLinked',
  'energyNotLinked',
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
  // Orders (docs/product/subscription.md "Who may change a subscription", "Order history"):
  // contract/contract-state.ts names the refusals.
  'orderPlainUser',
  'orderBlockedFraud',
  'orderBlockedSuspectedFraud',
  'orderBlockedUnpaid',
  'orderBlockedCredit',
  'orderBlockedGeneral',
  'orderRestricted',
  'orderWaitingRequest',
  'orderPending',
  'orderNotCancellable',
  'orderNotModifiable',
  // A plan change already waits on the line: the body's orderId names it (modify or cancel it instead).
  'orderPlanChangePending',
  'network',
  'timeout',
  'chunkLoad',
  // SIM activation: the order's state does not allow the request (it changed meanwhile), and the activation
  // session of the public flow is missing or expired (the customer gives the order number and code again).
  'activationNotPossible',
  'activationSessionExpired',
  // Line settings, alerts and push (docs/product/settings.md "Which lines can change"; docs/product/errors.md
  // "Error catalogue")
  'settingsReadOnly',
  'contractBlocked',
  'contractClosed',
  'unpaidBalance',
  'limitAboveMax',
  'alertAboveLimit',
  // A limit lowered below its alert: the customer decides what happens to the alert first.
  'alertAboveNewLimit',
  'pushNotSubscribed',
  'pushEndpointRefused',
  'pushEndpointTaken',
  'pushFailed',
  // Paying online (docs/product/payments.md): nothing left to pay, an invoice the bank debits on its due date, and
  // a payment provider that could not be reached.
  'nothingToPay',
  'paidByDirectDebit',
  'paymentProviderError',
  'onlinePaymentUnavailable',
  // Too many calls from one address to an anonymous endpoint (the payment webhook).
  'tooManyRequests',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
