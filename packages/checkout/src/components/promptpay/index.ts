import { defineQrMethod } from '../internal/qr-loader/qr-method.tsx';

/** PromptPay (Thailand): the shopper continues, then scans the QR code the payment answers with. */
export const PromptPay = defineQrMethod({ type: 'promptpay', name: 'PromptPay' });

export default PromptPay;
