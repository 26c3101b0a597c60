/*
 * Belgian phone numbers as a customer reads them (docs/product/validation.md "Phone numbers"): grouped in the
 * national form the Belgian numbering plan uses, with the leading 0 and no country prefix.
 *
 * Our own small table rather than libphonenumber-js: every number this product shows is Belgian, the grouping of
 * the Belgian plan fits in a few lines, and the library's metadata (about 80 KB for the smallest set, which cannot
 * be cut to one country without downloading Google's source data) would land in the first screen of the app and in
 * the service worker. Zod-free and React-free: the app, the server's e-mails and the tests share it.
 */

/** The one-digit zones: Brussels (2), Antwerp (3), Liège (4) and Ghent (9); every other zone has two digits. */
const oneDigitZones = new Set(['2', '3', '4', '9']);

/**
 * The national digits of a number written any way (`+32 470 12 34 56`, `0032…`, `32470…`, `0470/12.34.56`), or
 * null when it holds anything but digits and separators. Only for display: the phone fields refuse a prefix.
 */
const nationalDigits = (input: string): string | null => {
  const compact = input.trim().replace(/[\s./()\-\u00a0]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  if (compact.startsWith('+32')) return `0${compact.slice(3)}`;
  if (compact.startsWith('0032')) return `0${compact.slice(4)}`;
  // An MSISDN as the network stores it (32 and 9 digits, without 0).
  if (compact.startsWith('32') && (compact.length === 11 || compact.length === 10)) return `0${compact.slice(2)}`;
  return compact;
};

/**
 * "0470 00 00 01" (mobile, 04xx), "0800 12 345" (free and premium-rate numbers, 0800 and 090x), "02 123 45 67"
 * (one-digit zones), "010 12 34 56" (two-digit zones and 070/078). A value that is not a Belgian number is shown
 * as it was given.
 */
export const formatBelgianPhone = (input: string): string => {
  const d = nationalDigits(input);
  if (d === null || !d.startsWith('0')) return input;
  if (d.length === 10 && d.startsWith('04')) return `${d.slice(0, 4)} ${d.slice(4, 6)} ${d.slice(6, 8)} ${d.slice(8)}`;
  if (d.length !== 9) return input;
  if (/^0(800|90\d)/.test(d)) return `${d.slice(0, 4)} ${d.slice(4, 6)} ${d.slice(6)}`;
  if (oneDigitZones.has(d.charAt(1))) return `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 7)} ${d.slice(7)}`;
  return `${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5, 7)} ${d.slice(7)}`;
};

/** The `tel:` link of a Belgian number in its international form (`tel:+3280012345`), dialable from abroad too. */
export const phoneHref = (input: string): string => {
  const d = nationalDigits(input);
  return d !== null && d.startsWith('0') ? `tel:+32${d.slice(1)}` : `tel:${input.replace(/\s/g, '')}`;
};
