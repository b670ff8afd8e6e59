export { voucherTranslations } from './translations.ts';
export { registerVoucherAction } from './voucher-action.tsx';
export { type VoucherDetail, VoucherView } from './voucher-view.tsx';
