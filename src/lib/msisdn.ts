/** Phone numbers as customers read them ("0470 12 34 56"): the one rule of contract/phone.ts. Pure. */
export { formatBelgianPhone as formatPhoneNumber } from '#contract/phone';
