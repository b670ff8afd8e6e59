/** Every DOKU type the drop-in may list. */
export const DOKU_TYPES = [
  'doku',
  'doku_alfamart',
  'doku_indomaret',
  'doku_permata_lite_atm',
  'doku_atm_mandiri_va',
  'doku_bca_va',
  'doku_bni_va',
  'doku_bri_va',
  'doku_cimb_va',
  'doku_danamon_va',
  'doku_mandiri_va',
  'doku_permata_va',
  'doku_sinarmas_va',
  'doku_wallet',
] as const;
