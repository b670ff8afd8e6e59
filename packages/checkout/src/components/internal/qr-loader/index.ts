export { QrCodeAction } from './qr-code-action.tsx';
export { defineQrMethod, type QrMethodClass, type QrMethodOptions } from './qr-method.tsx';
export { qrImageUrl } from './qr-view.tsx';
export { qrTranslations } from './translations.ts';
