export { voucherTranslations } from './translations.ts';
export { registerVoucherAction } from './voucher-action.tsx';
export {
  defineVoucherMethod,
  FIRST_NAME,
  type FieldValues,
  LAST_NAME,
  SHOPPER_EMAIL,
  shopperNameData,
  useVoucherForm,
  type VoucherField,
  VoucherMethodElement,
  type VoucherMethodOptions,
} from './voucher-method.tsx';
export { type VoucherDetail, VoucherView } from './voucher-view.tsx';
