import { defineQrMethod } from '../internal/qr-loader/qr-method.tsx';

/** Swish (Sweden): the shopper continues, then scans the QR code the payment answers with. */
export const Swish = defineQrMethod({ type: 'swish', name: 'Swish' });

export default Swish;
