import { defineQrMethod } from '../internal/qr-loader/qr-method.tsx';

/** WeChat Pay (China): the shopper continues, then scans the QR code the payment answers with. */
export const WeChatPayQr = defineQrMethod({ type: 'wechatpayQR', name: 'WeChat Pay' });

export default WeChatPayQr;
