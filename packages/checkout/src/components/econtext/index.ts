import {
  defineVoucherMethod,
  FIRST_NAME,
  LAST_NAME,
  SHOPPER_EMAIL,
  shopperNameData,
  type VoucherField,
  type VoucherMethodOptions,
} from '../internal/voucher/index.ts';
import { econtextTranslations } from './translations.ts';
import { ECONTEXT_PHONE_MAX_LENGTH, econtextPhoneError, limitEcontextPhone } from './validate.ts';
import { ECONTEXT_TYPES } from './variants.ts';

export interface EcontextOptions extends VoucherMethodOptions {
  /** Ask for name, phone and e-mail (default true); without them the form is only the button. */
  personalDetailsRequired?: boolean;
}

const TELEPHONE_NUMBER: VoucherField = {
  name: 'telephoneNumber',
  label: 'telephoneNumber',
  validate: econtextPhoneError,
  format: limitEcontextPhone,
  maxLength: ECONTEXT_PHONE_MAX_LENGTH,
  inputMode: 'tel',
  autoComplete: 'tel-national',
};

const asksDetails = (options: EcontextOptions) => options.personalDetailsRequired !== false;

export const Econtext = defineVoucherMethod<EcontextOptions>({
  type: 'econtext',
  txVariants: ECONTEXT_TYPES,
  translations: econtextTranslations,
  description: 'econtext.description',
  fields: (element) =>
    asksDetails(element.props) ? [FIRST_NAME, LAST_NAME, TELEPHONE_NUMBER, SHOPPER_EMAIL] : [],
  data: (values, element) =>
    asksDetails(element.props)
      ? {
          ...shopperNameData(values),
          telephoneNumber: values.telephoneNumber ?? '',
          shopperEmail: (values.shopperEmail ?? '').trim(),
        }
      : {},
});

export default Econtext;
