import { defineQrMethod } from '../internal/qr-loader/qr-method.tsx';

/** PayNow (Singapore): the shopper continues, then scans the QR code the payment answers with. */
export const PayNow = defineQrMethod({ type: 'paynow', name: 'PayNow' });

export default PayNow;
