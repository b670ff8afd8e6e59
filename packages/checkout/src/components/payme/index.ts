import { defineQrMethod } from '../internal/qr-loader/qr-method.tsx';

/** PayMe (Hong Kong): the shopper continues, then scans the QR code the payment answers with. */
export const PayMe = defineQrMethod({ type: 'payme', name: 'PayMe' });

export default PayMe;
