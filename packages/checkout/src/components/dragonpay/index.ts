import { issuerListTranslations } from '../internal/issuer-list/translations.ts';
import { type IssuerItem, issuerError } from '../internal/issuer-list/validate.ts';
import {
  defineVoucherMethod,
  SHOPPER_EMAIL,
  type VoucherField,
  type VoucherMethodOptions,
} from '../internal/voucher/index.ts';
import { dragonpayTranslations } from './translations.ts';
import { DRAGONPAY_TYPES } from './variants.ts';

export interface DragonpayOptions extends VoucherMethodOptions {
  /** The banks or outlets of the payment-method entry (`/paymentMethods` lists them). */
  issuers?: IssuerItem[];
}

/** The shopper picks a bank or outlet for these; the Philippines-wide variant has none. */
const WITH_ISSUER = new Set<string>([
  'dragonpay_ebanking',
  'dragonpay_otc_banking',
  'dragonpay_otc_non_banking',
]);

function issuerField(type: string, issuers: IssuerItem[]): VoucherField {
  return {
    name: 'issuer',
    label: type === 'dragonpay_otc_non_banking' ? 'dragonpay.issuer.outlet' : 'dragonpay.issuer.bank',
    validate: (value) => issuerError(issuers, value),
    options: issuers.map((issuer) => ({
      id: issuer.id,
      name: issuer.name,
      disabled: issuer.disabled ?? false,
    })),
    placeholder: 'dragonpay.issuer.placeholder',
  };
}

export const Dragonpay = defineVoucherMethod<DragonpayOptions>({
  type: 'dragonpay_ebanking',
  txVariants: DRAGONPAY_TYPES,
  translations: {
    'en-US': { ...issuerListTranslations['en-US'], ...dragonpayTranslations['en-US'] },
  },
  description: 'dragonpay.description',
  // An entry without issuers has nothing to pick from: the list is left out, as an issuer list does.
  fields: (element) =>
    WITH_ISSUER.has(element.txVariant) && element.props.issuers?.length
      ? [issuerField(element.txVariant, element.props.issuers), SHOPPER_EMAIL]
      : [SHOPPER_EMAIL],
  data: (values) => ({
    ...(values.issuer ? { paymentMethod: { issuer: values.issuer } } : {}),
    shopperEmail: (values.shopperEmail ?? '').trim(),
  }),
});

export default Dragonpay;
