import { defineVoucherMethod } from '../internal/voucher/index.ts';
import { oxxoTranslations } from './translations.ts';

/** OXXO (Mexico): only a button; the voucher's reference and barcode are paid in cash at a store. */
export const Oxxo = defineVoucherMethod({
  type: 'oxxo',
  txVariants: ['oxxo'],
  translations: oxxoTranslations,
  description: 'oxxo.description',
});

export default Oxxo;
