import {
  defineVoucherMethod,
  FIRST_NAME,
  LAST_NAME,
  SHOPPER_EMAIL,
  shopperNameData,
} from '../internal/voucher/index.ts';
import { dokuTranslations } from './translations.ts';
import { DOKU_TYPES } from './variants.ts';

/** DOKU's stores, ATMs and virtual accounts (Indonesia): name and e-mail, then a payment code. */
export const Doku = defineVoucherMethod({
  type: 'doku',
  txVariants: DOKU_TYPES,
  translations: dokuTranslations,
  description: 'doku.description',
  fields: () => [FIRST_NAME, LAST_NAME, SHOPPER_EMAIL],
  data: (values) => ({ ...shopperNameData(values), shopperEmail: (values.shopperEmail ?? '').trim() }),
});

export default Doku;
