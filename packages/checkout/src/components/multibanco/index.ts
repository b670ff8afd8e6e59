import { defineVoucherMethod } from '../internal/voucher/index.ts';
import { multibancoTranslations } from './translations.ts';

/** Multibanco (Portugal): only a button; the voucher gives the entity and reference to pay with. */
export const Multibanco = defineVoucherMethod({
  type: 'multibanco',
  txVariants: ['multibanco'],
  translations: multibancoTranslations,
  description: 'multibanco.description',
});

export default Multibanco;
