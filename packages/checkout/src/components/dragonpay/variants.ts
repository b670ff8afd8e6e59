/** Dragonpay (Philippines): online banking, bank counters, other outlets, or any outlet in the country. */
export const DRAGONPAY_TYPES = [
  'dragonpay_ebanking',
  'dragonpay_otc_banking',
  'dragonpay_otc_non_banking',
  'dragonpay_otc_philippines',
] as const;
