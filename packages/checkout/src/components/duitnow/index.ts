import { defineQrMethod } from '../internal/qr-loader/qr-method.tsx';

/** DuitNow (Malaysia): the shopper continues, then scans the QR code the payment answers with. */
export const DuitNow = defineQrMethod({ type: 'duitnow', name: 'DuitNow' });

export default DuitNow;
