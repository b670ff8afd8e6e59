export { voucherTranslations } from './translations.ts';
export { GeneralVoucher, registerVoucherAction, type VoucherFactory } from './voucher-action.tsx';
export { CopyableValue, type VoucherDetail, VoucherView, type VoucherViewProps } from './voucher-view.tsx';
