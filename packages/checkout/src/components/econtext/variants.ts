/** Econtext's convenience stores, ATMs and online banking (Japan). */
export const ECONTEXT_TYPES = [
  'econtext',
  'econtext_atm',
  'econtext_online',
  'econtext_seven_eleven',
  'econtext_stores',
] as const;
