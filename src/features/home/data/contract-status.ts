/** Phone numbers are shown with their leading 0, grouped (the rule lives in lib/format, shared by every feature). */
export { formatPhoneNumber } from '#lib/format';
