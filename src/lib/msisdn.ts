/** SPEC §3: phone numbers are shown with their leading 0, grouped (0470 12 34 56). Pure. */
export const formatPhoneNumber = (msisdn: string): string => {
  const local = msisdn.startsWith('32') ? `0${msisdn.slice(2)}` : msisdn;
  return local.replace(/^(\d{4})(\d{2})(\d{2})(\d{2})$/, '$1 $2 $3 $4');
};
